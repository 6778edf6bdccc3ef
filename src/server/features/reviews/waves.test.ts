/**
 * Review waves end to end through the API (issue 17): detection on the write path, held reviews
 * readable but counted nowhere, and the moderators' release and remove. On PostgreSQL
 * (TEST_DATABASE_URL) the wave's reviews are posted truly in parallel.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard, AdminReviewWave, OfficerDetail, Regiment, Review, ReviewerProfile, ReviewPage } from '#core/api.js';
import { formatDate } from '#core/date.js';
import { MSG } from '#core/messages.js';
import { DEFAULT_WAVE_THRESHOLDS } from '#core/review-waves.js';
import { adminAuditLog, notifications, reviews, users } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, testConfig, type TestClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser, type OfficerRow } from '#server/test/fixtures.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';

let ctx: TestContext;
let admin: TestClient;
let steamCounter = 0;
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  const generous = { limit: 1000, windowMs: 60_000 };
  ctx = await createTestContext({
    waveThresholds: DEFAULT_WAVE_THRESHOLDS,
    rateLimits: { ...testConfig().rateLimits, reviewWrite: generous },
  });
  admin = (await signedInClient(ctx, { isAdmin: true })).client;
});
afterAll(async () => {
  await ctx.close();
});

/** Users who link Steam and sign in now: fresh accounts. `established` back-dates them a year. */
async function reviewers(n: number, { established = false } = {}) {
  const signedIn = await Promise.all(
    Array.from({ length: n }, () => signedInClient(ctx, { steamId: '7656119' + String(++steamCounter).padStart(10, '0') })),
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

/** An officer with a steady 4.5 from ten established reviewers over the last month. */
async function steadyOfficer(): Promise<OfficerRow> {
  const regiment = await createRegiment(ctx.db);
  const officer = await createOfficer(ctx.db, { regimentId: regiment.id });
  for (let i = 0; i < 10; i++) {
    const author = await createUser(ctx.db, { createdAt: new Date(Date.now() - 400 * DAY) });
    const at = new Date(Date.now() - (3 + i * 2) * DAY);
    await createReview(ctx.db, { userId: author.id, officerId: officer.id, rating: 4.5, createdAt: at, updatedAt: at });
  }
  return officer;
}

async function getJson<T>(url: string, client?: TestClient): Promise<T> {
  const response = client ? await client.get(url) : await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

let reviewNumber = 0;
/** A review in words of its own: the same text from five accounts is a wave of its own (the same-text rule). */
const review = (officerId: number, rating: number) => ({
  text: `Review ${++reviewNumber}: rated ${rating} after tonight's match.`,
  leadership: rating,
  tactics: rating,
  communication: rating,
  fairness: rating,
  officerId,
});

/** What the public sees of an officer's figures, and of its regiment's. */
async function figuresOf(officer: OfficerRow) {
  const { openWave: _openWave, ...detail } = await getJson<OfficerDetail>(`/api/officers/${officer.id}`);
  const regiment = await getJson<Regiment>(`/api/regiments/${officer.regimentId}`);
  return { detail, regiment: { averageRating: regiment.averageRating, reviewCount: regiment.reviewCount } };
}

/** Six fresh accounts post one-star reviews of the officer, all at once. */
async function postWave(officer: OfficerRow) {
  const wave = await reviewers(6);
  const answers = await Promise.all(wave.map(({ client }) => client.post('/api/reviews', review(officer.id, 1))));
  for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
  return wave;
}

async function openWaveOf(officer: OfficerRow): Promise<AdminReviewWave> {
  const { waves } = await getJson<{ waves: AdminReviewWave[] }>('/api/admin/waves', admin);
  const wave = waves.find((w) => w.officer.id === officer.id && w.status === 'open');
  expect(wave).toBeDefined();
  return wave!;
}

describe('a wave of one-star reviews from fresh accounts against a steady 4.5', () => {
  it('is held: the figures do not move, the reviews stay listed, and the moderators see it with its histogram', async () => {
    const officer = await steadyOfficer();
    const before = await figuresOf(officer);
    await postWave(officer);

    expect(await figuresOf(officer)).toEqual(before);
    const detail = await getJson<OfficerDetail>(`/api/officers/${officer.id}`);
    expect(detail.openWave).toMatchObject({ heldCount: 6 });
    expect(Date.parse(detail.openWave!.to) - Date.parse(detail.openWave!.from)).toBeLessThan(60_000);
    const page = await getJson<ReviewPage>(`/api/reviews/officer/${officer.id}?limit=50`);
    expect(page.totalCount).toBe(16);
    expect(page.reviews.filter((r) => r.held).map((r) => r.overallRating)).toEqual([1, 1, 1, 1, 1, 1]);
    // Not on the home page's latest reviews: a pile-on is not put on the front page.
    const recent = await getJson<{ id: number }[]>('/api/reviews/recent');
    const heldIds = page.reviews.filter((r) => r.held).map((r) => r.id);
    expect(recent.filter((r) => heldIds.includes(r.id))).toEqual([]);
    expect(recent.length).toBeGreaterThan(0);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);

    const wave = await openWaveOf(officer);
    expect(wave.reviewCount).toBe(6);
    expect(wave.reviews).toHaveLength(6);
    expect(wave.detections.map((d) => d.rule).sort()).toEqual(['divergence', 'fresh-accounts']);
    // Each held review says why, beside its author's signals.
    expect(wave.reviews.map((r) => r.holdReasons)).toEqual(Array.from({ length: 6 }, () => ['divergence', 'fresh-accounts']));
    expect(wave.reviews.map((r) => r.sameTextCount)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(wave.detections.find((d) => d.rule === 'fresh-accounts')).toMatchObject({ freshDays: 7, windowHours: 24 });
    const divergence = wave.detections.find((d) => d.rule === 'divergence');
    expect(divergence).toMatchObject({ priorMean: 4.5, priorReviews: 10, windowMean: 1, difference: 3.5 });
    // The histogram: fifteen days, the steady reviews counted and the wave held today.
    const today = new Date().toISOString().slice(0, 10);
    expect(wave.histogram.at(-1)).toEqual({ day: today, counted: 0, held: 6 });
    expect(wave.histogram.reduce((n, d) => n + d.counted, 0)).toBe(3);
    expect((await getJson<AdminDashboard>('/api/admin/dashboard', admin)).openReviewWaves).toBeGreaterThanOrEqual(1);
  });

  it("takes the held reviews off their authors' profiles, kept or not", async () => {
    const officer = await steadyOfficer();
    const wave = await reviewers(6);
    const profileCount = async (userId: number) => (await getJson<ReviewerProfile>(`/api/reviewers/${userId}`)).totalCount;
    // One at a time, each author's profile read (and kept) once their review counts, until the wave forms.
    const counted: number[] = [];
    for (const { client, userId } of wave) {
      const answer = await client.post('/api/reviews', review(officer.id, 1));
      expect(answer.statusCode, answer.body).toBe(201);
      if (!answer.json<Review>().held) counted.push(await profileCount(userId));
    }
    expect(counted.length).toBeGreaterThan(0);
    expect(counted).toEqual(counted.map(() => 1));
    expect((await getJson<OfficerDetail>(`/api/officers/${officer.id}`)).openWave).toMatchObject({ heldCount: 6 });
    for (const { userId } of wave) expect(await profileCount(userId)).toBe(0);
  });

  it('holds only what carries its signal: an established review counts at once, a later fresh one joins, and on release all count exactly', async () => {
    const officer = await steadyOfficer();
    const linked = await createUser(ctx.db, { isOfficer: true, officerId: officer.id });
    await postWave(officer);
    // An established reader's five stars a moment later carry no signal of the wave: counted at once.
    const [reader] = await reviewers(1, { established: true });
    expect((await reader!.client.post('/api/reviews', review(officer.id, 5))).statusCode).toBe(201);
    expect(await getJson<OfficerDetail>(`/api/officers/${officer.id}`)).toMatchObject({ reviewCount: 11, openWave: { heldCount: 6 } });
    // Another fresh account's one star joins the wave being checked.
    const [late] = await reviewers(1);
    expect((await late!.client.post('/api/reviews', review(officer.id, 1))).statusCode).toBe(201);
    const wave = await openWaveOf(officer);
    expect(wave.reviewCount).toBe(7);
    expect(wave.reviews.map((r) => r.holdReasons)).toEqual(Array.from({ length: 7 }, () => ['divergence', 'fresh-accounts']));

    const released = await admin.post(`/api/admin/waves/${wave.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toEqual({ success: true, message: MSG.waves.released(7), reviewCount: 7, waveStatus: 'released' });

    const { detail, regiment } = await figuresOf(officer);
    // Ten 4.5s, seven 1s and a 5, every category alike.
    const mean = Math.round(((10 * 4.5 + 7 * 1 + 5) / 18) * 100) / 100;
    expect(detail).toMatchObject({ reviewCount: 18, averageRating: mean, leadershipRating: mean, fairnessRating: mean });
    expect(detail.distribution.overall).toEqual([7, 0, 0, 0, 11]);
    expect(regiment).toEqual({ averageRating: mean, reviewCount: 18 });
    expect((await getJson<OfficerDetail>(`/api/officers/${officer.id}`)).openWave).toBeNull();
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);

    // Decided once: a second decision is refused, and the audit log has the first.
    const again = await admin.post(`/api/admin/waves/${wave.id}/remove`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MSG.waves.alreadyDecided });
    const [entry] = await ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, wave.id));
    expect(entry).toMatchObject({ action: 'review_wave.release', targetType: 'review_wave' });
    // Each of the seven reviewers and the officer's own account learn the outcome.
    const told = await ctx.db
      .select({ userId: notifications.userId, data: notifications.data })
      .from(notifications)
      .where(eq(notifications.kind, 'review_wave_decided'));
    const aboutThisOfficer = told.filter((n) => (n.data as { officerId: number }).officerId === officer.id);
    expect(aboutThisOfficer).toHaveLength(8);
    expect(aboutThisOfficer.find((n) => n.userId === linked.id)?.data).toMatchObject({ audience: 'officer', outcome: 'released', reviewCount: 7 });
    expect(aboutThisOfficer.filter((n) => (n.data as { audience: string }).audience === 'reviewer')).toHaveLength(7);
    // A released review is not caught again by the next review in the same window.
    const [next] = await reviewers(1, { established: true });
    expect((await next!.client.post('/api/reviews', review(officer.id, 4))).statusCode).toBe(201);
    expect((await getJson<OfficerDetail>(`/api/officers/${officer.id}`)).openWave).toBeNull();
  });

  it('on removal the reviews are deleted and every figure is back where it was, exactly', async () => {
    const officer = await steadyOfficer();
    const before = await figuresOf(officer);
    const wave = await postWave(officer);
    const { id } = await openWaveOf(officer);

    const removed = await admin.post(`/api/admin/waves/${id}/remove`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: MSG.waves.removed(6), reviewCount: 6, waveStatus: 'removed' });

    expect(await figuresOf(officer)).toEqual(before);
    const page = await getJson<ReviewPage>(`/api/reviews/officer/${officer.id}?limit=50`);
    expect(page.totalCount).toBe(10);
    expect(page.reviews.map((r) => r.held)).not.toContain(true);
    const [left] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(
        sql`${reviews.userId} in (${sql.join(
          wave.map((w) => sql`${w.userId}`),
          sql`, `,
        )})`,
      );
    expect(left!.n).toBe(0);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
    // The reviewers wait out the cool-down before reviewing this officer again (issue 32), and are told until when.
    const again = await wave[0]!.client.post('/api/reviews', review(officer.id, 2));
    expect(again.statusCode).toBe(403);
    const until = new Date(Date.now() + 30 * DAY);
    expect(again.json().message).toBe(MSG.waves.cooldown(formatDate(until)));
  });
});

describe('what is not a wave, and what the decisions refuse', () => {
  it('lets five established readers in a row count at once', async () => {
    const officer = await steadyOfficer();
    for (const { client } of await reviewers(5, { established: true })) {
      expect((await client.post('/api/reviews', review(officer.id, 4))).statusCode).toBe(201);
    }
    const detail = await getJson<OfficerDetail>(`/api/officers/${officer.id}`);
    expect(detail).toMatchObject({ reviewCount: 15, openWave: null });
  });

  it('keeps an established review in line with the mean out of a raid posted in parallel around it, counted throughout', async () => {
    const officer = await steadyOfficer();
    const [honest] = await reviewers(1, { established: true });
    expect((await honest!.client.post('/api/reviews', review(officer.id, 4))).statusCode).toBe(201);
    const counted = await getJson<OfficerDetail>(`/api/officers/${officer.id}`);
    await postWave(officer);
    const after = await getJson<OfficerDetail>(`/api/officers/${officer.id}`);
    expect(after).toMatchObject({ reviewCount: 11, averageRating: counted.averageRating, openWave: { heldCount: 6 } });
    const page = await getJson<ReviewPage>(`/api/reviews/officer/${officer.id}?limit=50`);
    expect(page.reviews.filter((r) => r.held).map((r) => r.overallRating)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(page.reviews.find((r) => r.userId === honest!.userId)?.held).toBe(false);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('holds five established accounts posting the same text, and says so beside each review', async () => {
    const officer = await steadyOfficer();
    const spellings = ['Worst officer in the game, avoid him!', 'worst officer in the game avoid him', 'WORST OFFICER IN THE GAME. AVOID HIM.'];
    const copiers = await reviewers(5, { established: true });
    for (const [i, { client }] of copiers.entries()) {
      const body = { ...review(officer.id, 4), text: spellings[i % spellings.length]! };
      expect((await client.post('/api/reviews', body)).statusCode).toBe(201);
    }
    const wave = await openWaveOf(officer);
    expect(wave.detections).toMatchObject([{ rule: 'same-text', reviews: 5, windowHours: 24 }]);
    expect(wave.reviews.map((r) => [r.holdReasons, r.sameTextCount])).toEqual(Array.from({ length: 5 }, () => [['same-text'], 4]));
  });

  it('answers 404 for an unknown wave and 400 for a malformed id', async () => {
    expect((await admin.post('/api/admin/waves/999999/release')).statusCode).toBe(404);
    expect((await admin.post('/api/admin/waves/abc/remove')).statusCode).toBe(400);
  });
});

describe('deciding review by review (issue 32)', () => {
  it('an established review counts throughout; two raiders removed and four released one by one give the figures a hand computes', async () => {
    const officer = await steadyOfficer();
    const linked = await createUser(ctx.db, { isOfficer: true, officerId: officer.id });
    const [honest] = await reviewers(1, { established: true });
    expect((await honest!.client.post('/api/reviews', review(officer.id, 4))).statusCode).toBe(201);
    const raid = await postWave(officer);
    const counted = { reviewCount: 11, averageRating: Math.round(((10 * 4.5 + 4) / 11) * 100) / 100 };
    expect(await getJson<OfficerDetail>(`/api/officers/${officer.id}`)).toMatchObject({ ...counted, openWave: { heldCount: 6 } });
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);

    const wave = await openWaveOf(officer);
    const reviewOf = (userId: number) => wave.reviews.find((r) => r.userId === userId)!;
    const decide = (userId: number, action: 'release' | 'remove') =>
      admin.post(`/api/admin/waves/${wave.id}/reviews/${reviewOf(userId).id}/${action}`);

    for (const [i, raider] of raid.slice(0, 2).entries()) {
      const answer = await decide(raider.userId, 'remove');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ success: true, message: MSG.waves.reviewRemoved, reviewCount: 1, waveStatus: 'open' });
      expect(await getJson<OfficerDetail>(`/api/officers/${officer.id}`)).toMatchObject({ ...counted, openWave: { heldCount: 5 - i } });
      expect(await findAggregateDifferences(ctx.db)).toEqual([]);
    }
    // The same review again: already decided.
    const twice = await decide(raid[0]!.userId, 'remove');
    expect(twice.statusCode).toBe(404);
    for (const [i, raider] of raid.slice(2).entries()) {
      const answer = await decide(raider.userId, 'release');
      expect(answer.json()).toMatchObject({ reviewCount: 1, waveStatus: i === 3 ? 'mixed' : 'open' });
      expect(await findAggregateDifferences(ctx.db)).toEqual([]);
    }

    // By hand: ten 4.5s, the honest 4 and the four released 1s.
    const mean = Math.round(((10 * 4.5 + 4 + 4 * 1) / 15) * 100) / 100;
    const { detail, regiment } = await figuresOf(officer);
    expect(detail).toMatchObject({ reviewCount: 15, averageRating: mean, leadershipRating: mean });
    expect(detail.distribution.overall).toEqual([4, 0, 0, 1, 10]);
    expect(regiment).toEqual({ averageRating: mean, reviewCount: 15 });
    expect((await getJson<OfficerDetail>(`/api/officers/${officer.id}`)).openWave).toBeNull();
    const decided = (await getJson<{ waves: AdminReviewWave[] }>('/api/admin/waves', admin)).waves.find((w) => w.id === wave.id)!;
    expect(decided).toMatchObject({ status: 'mixed', reviewCount: 6, releasedCount: 4, removedCount: 2 });

    // The two removed raiders wait; a released one already has a review; the honest reviewer was never touched.
    for (const raider of raid.slice(0, 2)) {
      const refused = await raider.client.post('/api/reviews', review(officer.id, 1));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MSG.waves.cooldown(formatDate(new Date(Date.now() + 30 * DAY))));
    }
    // Each decided author was told of their own review only; the officer once, when the wave closed.
    const told = (
      await ctx.db
        .select({ userId: notifications.userId, data: notifications.data })
        .from(notifications)
        .where(eq(notifications.kind, 'review_wave_decided'))
    ).filter((n) => (n.data as { officerId: number }).officerId === officer.id);
    expect(told.filter((n) => n.userId === honest!.userId)).toEqual([]);
    for (const [i, raider] of raid.entries()) {
      expect(told.filter((n) => n.userId === raider.userId).map((n) => n.data)).toEqual([
        expect.objectContaining({ audience: 'reviewer', outcome: i < 2 ? 'removed' : 'released', reviewCount: 1 }),
      ]);
    }
    expect(told.filter((n) => n.userId === linked.id).map((n) => n.data)).toEqual([
      expect.objectContaining({ audience: 'officer', outcome: 'mixed', releasedCount: 4, removedCount: 2 }),
    ]);
    // Recent Activity names the officer and the reviewer, not ids.
    const entries = await ctx.db.select({ summary: adminAuditLog.summary }).from(adminAuditLog).where(eq(adminAuditLog.targetId, wave.id));
    expect(entries).toHaveLength(6);
    expect(entries[0]!.summary).toMatch(/^Removed the review by \S+ of .+ held in a review wave$/);
    expect(entries.every((e) => !/#\d/.test(e.summary))).toBe(true);
  });

  it('answers 404 for a review of another wave, 409 once the wave is closed, 400 for a malformed id', async () => {
    const officer = await steadyOfficer();
    await postWave(officer);
    const wave = await openWaveOf(officer);
    const other = await steadyOfficer();
    const outsider = await createReview(ctx.db, { userId: (await createUser(ctx.db)).id, officerId: other.id, rating: 3 });
    expect((await admin.post(`/api/admin/waves/${wave.id}/reviews/${outsider.id}/release`)).statusCode).toBe(404);
    expect((await admin.post(`/api/admin/waves/${wave.id}/reviews/abc/release`)).statusCode).toBe(400);
    expect((await admin.post(`/api/admin/waves/${wave.id}/release`)).json()).toMatchObject({ reviewCount: 6, waveStatus: 'released' });
    const closed = await admin.post(`/api/admin/waves/${wave.id}/reviews/${wave.reviews[0]!.id}/remove`);
    expect([closed.statusCode, closed.json().message]).toEqual([409, MSG.waves.alreadyDecided]);
  });
});
