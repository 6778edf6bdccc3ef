/**
 * The quick verdict (issue 36, item 4): "Would you serve under this officer again?" on a review, and
 * the officer's yes and no counts, through the API. The counts follow the figures: held reviews and
 * removed ones count in neither, an edit moves them, and reconcile finds nothing to put right.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReviewWave, OfficerDetail, Review, ReviewPage } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { wouldServePercent } from '#core/would-serve.js';
import { DEFAULT_WAVE_THRESHOLDS } from '#core/review-waves.js';
import { users } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, testConfig, type TestClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser, type OfficerRow } from '#server/test/fixtures.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';

let ctx: TestContext;
let admin: TestClient;
let steamCounter = 0;
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  const generous = { limit: 1000, windowMs: 60_000 };
  ctx = await createTestContext({ waveThresholds: DEFAULT_WAVE_THRESHOLDS, rateLimits: { ...testConfig().rateLimits, reviewWrite: generous } });
  admin = (await signedInClient(ctx, { isAdmin: true })).client;
});
afterAll(() => ctx.close());

/** Reviewers with Steam linked; `established` back-dates their accounts a year, so no wave rule weighs them as fresh. */
async function reviewers(n: number, { established = true } = {}) {
  const signedIn = await Promise.all(
    Array.from({ length: n }, () => signedInClient(ctx, { steamId: '7656119' + String(900_000 + ++steamCounter).padStart(10, '0') })),
  );
  if (established) {
    for (const { userId } of signedIn)
      await ctx.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - 365 * DAY) })
        .where(eq(users.id, userId));
  }
  return signedIn;
}

let reviewNumber = 0;
function reviewBody(officerId: number, rating: number, wouldServeAgain?: boolean | null) {
  return {
    text: `Verdict review ${++reviewNumber}: rated ${rating} after the match.`,
    leadership: rating,
    tactics: rating,
    communication: rating,
    fairness: rating,
    officerId,
    ...(wouldServeAgain === undefined ? {} : { wouldServeAgain }),
  };
}

async function post(client: TestClient, body: ReturnType<typeof reviewBody>): Promise<Review> {
  const response = await client.post('/api/reviews', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Review>();
}

async function detailOf(officer: OfficerRow): Promise<OfficerDetail> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/officers/${officer.id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OfficerDetail>();
}

async function reviewsOf(officer: OfficerRow): Promise<Review[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/reviews/officer/${officer.id}?limit=50` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReviewPage>().reviews;
}

async function newOfficer(): Promise<OfficerRow> {
  const regiment = await createRegiment(ctx.db);
  return createOfficer(ctx.db, { regimentId: regiment.id });
}

describe('the answer on a review and the officer counts', () => {
  it('counts yes and no, leaves no answer out, touches no rating, and shows a percent from 5 answers on', async () => {
    const officer = await newOfficer();
    const [a, b, c, d, e, f] = (await reviewers(6)).map(({ client }) => client);
    const created = await post(a!, reviewBody(officer.id, 4, true));
    expect(created.wouldServeAgain).toBe(true);
    await post(b!, reviewBody(officer.id, 4, true));
    await post(c!, reviewBody(officer.id, 4, false));
    // No answer, sent as null or left out: counted in the ratings, in neither count.
    await post(d!, reviewBody(officer.id, 4, null));
    const unanswered = await post(e!, reviewBody(officer.id, 4));
    expect(unanswered.wouldServeAgain).toBeNull();

    let detail = await detailOf(officer);
    expect(detail.wouldServeAgain).toEqual({ yes: 2, no: 1 });
    expect(detail).toMatchObject({ reviewCount: 5, averageRating: 4, leadershipRating: 4, fairnessRating: 4 });
    // Three answers (five reviews): below five answers the page says nothing.
    expect(wouldServePercent(detail.wouldServeAgain)).toBeNull();
    expect((await reviewsOf(officer)).map((r) => r.wouldServeAgain).sort()).toEqual([false, null, null, true, true]);

    // A fourth answer still says nothing; the fifth makes 3 yes of 5: 60%.
    await post(f!, reviewBody(officer.id, 4, false));
    expect(wouldServePercent((await detailOf(officer)).wouldServeAgain)).toBeNull();
    const [g] = await reviewers(1);
    await post(g!.client, reviewBody(officer.id, 4, true));
    detail = await detailOf(officer);
    expect(detail.wouldServeAgain).toEqual({ yes: 3, no: 2 });
    expect(wouldServePercent(detail.wouldServeAgain)).toBe(60);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('refuses an answer that is not yes, no or null, with a clear message', async () => {
    const officer = await newOfficer();
    const { client } = (await reviewers(1))[0]!;
    const response = await client.post('/api/reviews', { ...reviewBody(officer.id, 3), wouldServeAgain: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(MSG.reviewForm.verdictValue);
    expect((await detailOf(officer)).reviewCount).toBe(0);
  });
});

describe('an edit', () => {
  it('moves the counts when it changes the answer, keeps it when it leaves it out, and clears it with null', async () => {
    const officer = await newOfficer();
    const { client: author } = (await reviewers(1))[0]!;
    const created = await post(author, reviewBody(officer.id, 4, true));
    const put = async (body: object) => {
      const response = await author.write('PUT', `/api/reviews/${created.id}`, body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Review>();
    };
    const same = { text: created.text, leadership: 4, tactics: 4, communication: 4, fairness: 4, officerId: officer.id };

    // Only the answer changes: written and counted, but the text and ratings are no new version.
    const changed = await put({ ...same, wouldServeAgain: false });
    expect(changed).toMatchObject({ wouldServeAgain: false, editedAt: null, revisionCount: 0, overallRating: 4 });
    expect((await detailOf(officer)).wouldServeAgain).toEqual({ yes: 0, no: 1 });

    // An edit of the text without the field keeps the answer.
    const rewritten = await put({ ...same, text: `${created.text} Still holds.` });
    expect(rewritten).toMatchObject({ wouldServeAgain: false, revisionCount: 1 });
    expect((await detailOf(officer)).wouldServeAgain).toEqual({ yes: 0, no: 1 });

    const cleared = await put({ ...same, text: rewritten.text, wouldServeAgain: null });
    expect(cleared.wouldServeAgain).toBeNull();
    expect((await detailOf(officer)).wouldServeAgain).toEqual({ yes: 0, no: 0 });
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });
});

describe('what does not count', () => {
  it('leaves held reviews out until released, and a removed review out for good', async () => {
    // A steady 4.5 from ten established reviewers, one of whom would serve again.
    const officer = await newOfficer();
    for (let i = 0; i < 10; i++) {
      const author = await createUser(ctx.db, { createdAt: new Date(Date.now() - 400 * DAY) });
      const at = new Date(Date.now() - (3 + i * 2) * DAY);
      await createReview(ctx.db, { userId: author.id, officerId: officer.id, rating: 4.5, wouldServeAgain: i === 0, createdAt: at, updatedAt: at });
    }
    expect((await detailOf(officer)).wouldServeAgain).toEqual({ yes: 1, no: 9 });

    // Six fresh accounts pile on with one star and "no": held in a wave, counted nowhere.
    const raiders = await reviewers(6, { established: false });
    const answers = await Promise.all(raiders.map(({ client }) => client.post('/api/reviews', reviewBody(officer.id, 1, false))));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const held = await detailOf(officer);
    expect(held.openWave).toMatchObject({ heldCount: 6 });
    expect(held.wouldServeAgain).toEqual({ yes: 1, no: 9 });
    expect((await reviewsOf(officer)).filter((r) => r.held).map((r) => r.wouldServeAgain)).toEqual(Array(6).fill(false));
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);

    // Released by a moderator: they count.
    const waves = (await admin.get('/api/admin/waves')).json<{ waves: AdminReviewWave[] }>().waves;
    const wave = waves.find((w) => w.officer.id === officer.id && w.status === 'open');
    expect((await admin.post(`/api/admin/waves/${wave!.id}/release`)).statusCode).toBe(200);
    expect((await detailOf(officer)).wouldServeAgain).toEqual({ yes: 1, no: 15 });

    // A raider deletes their review: its answer goes with it.
    const raider = raiders[0]!;
    const own = (await reviewsOf(officer)).find((r) => r.userId === raider.userId)!;
    expect((await raider.client.write('DELETE', `/api/reviews/${own.id}`)).statusCode).toBe(200);
    expect((await detailOf(officer)).wouldServeAgain).toEqual({ yes: 1, no: 14 });
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });
});
