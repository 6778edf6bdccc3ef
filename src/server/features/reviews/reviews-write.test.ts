/**
 * Writing, editing and deleting reviews through the real API (spec sections 5, 6, 7 Reviews), with
 * the officer and regiment figures checked through the public reads after every write.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Officer, Regiment, Review, ReviewPage } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { reviews, users } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, TestClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, type OfficerRow, type RegimentRow } from '#server/test/fixtures.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';

let ctx: TestContext;
let regiment: RegimentRow;
let steamCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  regiment = await createRegiment(ctx.db, { name: 'Iron Brigade', sideId: 1 });
});
afterAll(() => ctx.close());

function nextSteamId(): string {
  steamCounter += 1;
  return '7656119' + String(steamCounter).padStart(10, '0');
}

/** A signed-in user with a linked Steam account: allowed to write reviews. */
async function reviewer(options: { isAdmin?: boolean } = {}) {
  const steamId = nextSteamId();
  return { ...(await signedInClient(ctx, { steamId, ...options })), steamId };
}

async function newOfficer(name = 'Meredith', regimentId = regiment.id): Promise<OfficerRow> {
  return createOfficer(ctx.db, { regimentId, name, rank: 'Col.' });
}

function reviewBody(officerId: number, overrides: Record<string, unknown> = {}) {
  return {
    text: 'Kept the company together under fire.',
    leadership: 4,
    tactics: 3,
    communication: 3,
    fairness: 2,
    officerId,
    overallRating: 3,
    ...overrides,
  };
}

async function officerFigures(officerId: number) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/officers/${officerId}` });
  expect(response.statusCode).toBe(200);
  const officer = response.json<Officer>();
  return {
    averageRating: officer.averageRating,
    leadershipRating: officer.leadershipRating,
    tacticsRating: officer.tacticsRating,
    communicationRating: officer.communicationRating,
    fairnessRating: officer.fairnessRating,
    reviewCount: officer.reviewCount,
  };
}

async function regimentFigures(regimentId: number) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/regiments/${regimentId}` });
  expect(response.statusCode).toBe(200);
  const { averageRating, reviewCount } = response.json<Regiment>();
  return { averageRating, reviewCount };
}

const NO_FIGURES = {
  averageRating: 0,
  leadershipRating: 0,
  tacticsRating: 0,
  communicationRating: 0,
  fairnessRating: 0,
  reviewCount: 0,
};

describe('POST /api/reviews', () => {
  it("forgets the kept pages of the author's other reviews, which show their review count", async () => {
    const [first, second] = [await newOfficer('Hooker'), await newOfficer('Sickles')];
    const { client, userId } = await reviewer();
    expect((await client.post('/api/reviews', reviewBody(first.id))).statusCode).toBe(201);
    const countOnFirst = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/reviews/officer/${first.id}` })).json<ReviewPage>().reviews.find((r) => r.userId === userId)!
        .user.reviewCount;
    expect(await countOnFirst()).toBe(1);
    expect((await client.post('/api/reviews', reviewBody(second.id))).statusCode).toBe(201);
    expect(await countOnFirst()).toBe(2);
  });

  it('answers 201 with the review, its officer, regiment and author', async () => {
    const officer = await newOfficer('Bragg');
    const { client, userId, username, steamId } = await reviewer();
    const response = await client.post('/api/reviews', reviewBody(officer.id));
    expect(response.statusCode).toBe(201);
    const review = response.json<Review>();
    expect(review).toEqual({
      id: expect.any(Number),
      userId,
      officerId: officer.id,
      text: 'Kept the company together under fire.',
      leadership: 4,
      tactics: 3,
      communication: 3,
      fairness: 2,
      overallRating: 3,
      wouldServeAgain: null,
      score: 0,
      upvotes: 0,
      downvotes: 0,
      held: false,
      reply: null,
      resolved: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      editedAt: null,
      revisionCount: 0,
      officer: { id: officer.id, name: 'Bragg', rank: 'Col.' },
      regiment: { id: regiment.id, name: 'Iron Brigade' },
      user: { id: userId, username, steamId, level: null, totalGames: null, reviewCount: 1, memberSince: expect.any(String) },
    });
    expect(Number.isNaN(Date.parse(review.createdAt))).toBe(false);
    expect(response.body).not.toContain('email');
  });

  it('computes overallRating itself, whatever the client sent', async () => {
    const officer = await newOfficer();
    const { client } = await reviewer();
    const response = await client.post('/api/reviews', reviewBody(officer.id, { overallRating: 5 }));
    expect(response.statusCode).toBe(201);
    expect(response.json<Review>().overallRating).toBe(3);

    const other = await newOfficer();
    const rounded = await client.post(
      '/api/reviews',
      reviewBody(other.id, { leadership: 5, tactics: 4, communication: 4, fairness: 3.5, overallRating: undefined }),
    );
    expect(rounded.statusCode).toBe(201);
    // 16.5 / 4 = 4.125, rounded half up to 2 decimals.
    expect(rounded.json<Review>().overallRating).toBe(4.13);
  });

  it('updates the officer and regiment figures in the same request', async () => {
    const ownRegiment = await createRegiment(ctx.db, { name: 'Figures', sideId: 2 });
    const officer = await newOfficer('Longstreet', ownRegiment.id);
    expect(await officerFigures(officer.id)).toEqual(NO_FIGURES);
    expect(await regimentFigures(ownRegiment.id)).toEqual({ averageRating: 0, reviewCount: 0 });

    const first = await reviewer();
    expect((await first.client.post('/api/reviews', reviewBody(officer.id))).statusCode).toBe(201);
    expect(await officerFigures(officer.id)).toEqual({
      averageRating: 3,
      leadershipRating: 4,
      tacticsRating: 3,
      communicationRating: 3,
      fairnessRating: 2,
      reviewCount: 1,
    });
    expect(await regimentFigures(ownRegiment.id)).toEqual({ averageRating: 3, reviewCount: 1 });

    const second = await reviewer();
    const response = await second.client.post('/api/reviews', reviewBody(officer.id, { leadership: 5, tactics: 5, communication: 4, fairness: 4.5 }));
    expect(response.statusCode).toBe(201);
    // 18.5 / 4 = 4.625 -> 4.63; the officer's average of 3 and 4.63 is 3.815 -> 3.82.
    expect(response.json<Review>().overallRating).toBe(4.63);
    expect(await officerFigures(officer.id)).toEqual({
      averageRating: 3.82,
      leadershipRating: 4.5,
      tacticsRating: 4,
      communicationRating: 3.5,
      fairnessRating: 3.25,
      reviewCount: 2,
    });
    expect(await regimentFigures(ownRegiment.id)).toEqual({ averageRating: 3.82, reviewCount: 2 });
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it("places a new review after the officer's newest (position n + 1), and an edit keeps its place", async () => {
    const officer = await newOfficer('Gordon');
    const [first, second] = [await reviewer(), await reviewer()];
    const one = await first.client.post('/api/reviews', reviewBody(officer.id));
    const two = await second.client.post('/api/reviews', reviewBody(officer.id));
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(Date.parse(two.json<Review>().createdAt)).toBeGreaterThanOrEqual(Date.parse(one.json<Review>().createdAt));
    const positions = async () =>
      (await ctx.db.select({ id: reviews.id, position: reviews.position }).from(reviews).where(eq(reviews.officerId, officer.id)))
        .sort((a, b) => a.position - b.position)
        .map((row) => row.id);
    expect(await positions()).toEqual([one.json<Review>().id, two.json<Review>().id]);

    expect((await first.client.write('PUT', `/api/reviews/${one.json<Review>().id}`, reviewBody(officer.id, { leadership: 1 }))).statusCode).toBe(
      200,
    );
    expect(await positions()).toEqual([one.json<Review>().id, two.json<Review>().id]);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('accepts half steps', async () => {
    const officer = await newOfficer();
    const { client } = await reviewer();
    const response = await client.post('/api/reviews', reviewBody(officer.id, { leadership: 4.5, tactics: 0.5, communication: 0, fairness: 5 }));
    expect(response.statusCode).toBe(201);
    expect(response.json<Review>()).toMatchObject({ leadership: 4.5, tactics: 0.5, communication: 0, fairness: 5, overallRating: 2.5 });
  });

  it(`refuses text over 500 characters with '${MSG.reviewForm.textMax}'`, async () => {
    const officer = await newOfficer();
    const { client } = await reviewer();
    const response = await client.post('/api/reviews', reviewBody(officer.id, { text: 'x'.repeat(501) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: 'Review must be 500 characters or less' });
    expect(response.json().errors).toContainEqual({ path: 'text', message: MSG.reviewForm.textMax });

    const exactly500 = await client.post('/api/reviews', reviewBody(officer.id, { text: 'y'.repeat(500) }));
    expect(exactly500.statusCode).toBe(201);
  });

  it.each([
    ['padded', '    a b c    '],
    ['nine letters among spaces', ' a b c d e f g h i '],
    ['empty', ''],
    ['only spaces', ' '.repeat(40)],
  ])(`refuses %s text with '${MSG.reviewForm.textMinNonSpace}'`, async (_label, text) => {
    const officer = await newOfficer();
    const { client } = await reviewer();
    const response = await client.post('/api/reviews', reviewBody(officer.id, { text }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: 'Review must contain at least 10 non-space characters' });
  });

  it('accepts 10 non-space characters spread among spaces', async () => {
    const officer = await newOfficer();
    const { client } = await reviewer();
    const response = await client.post('/api/reviews', reviewBody(officer.id, { text: '  a b c d e f g h i j  ' }));
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['leadership', -0.5],
    ['tactics', 5.5],
    ['communication', 6],
    ['fairness', 4.3],
    ['leadership', 2.25],
    ['tactics', '3'],
    ['communication', null],
    ['fairness', undefined],
  ])('refuses %s = %j with 400', async (field, value) => {
    const officer = await newOfficer();
    const { client } = await reviewer();
    const response = await client.post('/api/reviews', reviewBody(officer.id, { [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: expect.any(String) });
    expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    const [row] = await ctx.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.officerId, officer.id));
    expect(row).toBeUndefined();
  });

  it("answers 401 'Authentication required' to a visitor", async () => {
    const officer = await newOfficer();
    const visitor = new TestClient(ctx.app);
    const response = await visitor.post('/api/reviews', reviewBody(officer.id));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Authentication required' });
  });

  it('answers 403 to a user without a linked Steam account', async () => {
    const officer = await newOfficer();
    const { client } = await signedInClient(ctx, { steamId: null });
    const response = await client.post('/api/reviews', reviewBody(officer.id));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'Please connect your Steam account to write reviews.' });
    expect(await officerFigures(officer.id)).toEqual(NO_FIGURES);
  });

  it('answers 403 to a banned user, from the next request on', async () => {
    const officer = await newOfficer();
    const { client, userId } = await reviewer();
    await ctx.db.update(users).set({ isBanned: true }).where(eq(users.id, userId));
    const response = await client.post('/api/reviews', reviewBody(officer.id));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: MSG.reviews.banned });
    expect(await officerFigures(officer.id)).toEqual(NO_FIGURES);
  });

  it.each([
    ['an unknown officer', async () => 2147483647],
    ['an inactive officer', async () => (await createOfficer(ctx.db, { regimentId: regiment.id, isActive: false })).id],
    [
      'an officer of an inactive regiment',
      async () => {
        const hidden = await createRegiment(ctx.db, { isActive: false });
        return (await createOfficer(ctx.db, { regimentId: hidden.id })).id;
      },
    ],
  ])("answers 404 'Officer not found' for %s", async (_label, officerId) => {
    const { client } = await reviewer();
    const response = await client.post('/api/reviews', reviewBody(await officerId()));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Officer not found' });
  });

  it('answers 400 for a missing or malformed officerId', async () => {
    const { client } = await reviewer();
    for (const officerId of [undefined, 0, -3, 1.5, '7', 99999999999]) {
      const response = await client.post('/api/reviews', reviewBody(1, { officerId }));
      expect(response.statusCode, `officerId ${String(officerId)}`).toBe(400);
    }
  });

  it('answers 409 to a second review of the same officer, and keeps the first', async () => {
    const officer = await newOfficer();
    const { client, userId } = await reviewer();
    expect((await client.post('/api/reviews', reviewBody(officer.id))).statusCode).toBe(201);
    const again = await client.post('/api/reviews', reviewBody(officer.id, { leadership: 5, text: 'Changed my mind entirely.' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: MSG.reviews.duplicate });
    const rows = await ctx.db
      .select({ leadership: reviews.leadership })
      .from(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.officerId, officer.id)));
    expect(rows).toEqual([{ leadership: 4 }]);
    expect((await officerFigures(officer.id)).reviewCount).toBe(1);
  });

  it("answers 403 mentioning 'CSRF token' without a valid CSRF token", async () => {
    const officer = await newOfficer();
    const { client } = await reviewer();
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { cookie: client.cookie },
      payload: reviewBody(officer.id),
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toContain('CSRF token');

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { cookie: client.cookie, 'csrf-token': 'x'.repeat(43) },
      payload: reviewBody(officer.id),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toContain('CSRF token');

    // Another session's token does not count either.
    const other = await reviewer();
    await other.client.fetchCsrfToken();
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { cookie: client.cookie, 'csrf-token': other.client.csrfToken },
      payload: reviewBody(officer.id),
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toContain('CSRF token');
    expect(await officerFigures(officer.id)).toEqual(NO_FIGURES);
  });
});

describe('PUT /api/reviews/:id', () => {
  async function reviewedOfficer() {
    const ownRegiment = await createRegiment(ctx.db, { sideId: 1 });
    const officer = await newOfficer('Hancock', ownRegiment.id);
    const author = await reviewer();
    const created = await author.client.post('/api/reviews', reviewBody(officer.id));
    expect(created.statusCode).toBe(201);
    return { officer, regimentId: ownRegiment.id, author, review: created.json<Review>() };
  }

  const edit = (officerId: number) =>
    reviewBody(officerId, { text: 'Better after the second battle.', leadership: 5, tactics: 5, communication: 5, fairness: 4, overallRating: 1 });

  it('lets the author edit, and the figures follow', async () => {
    const { officer, regimentId, author, review } = await reviewedOfficer();
    const response = await author.client.write('PUT', `/api/reviews/${review.id}`, edit(officer.id));
    expect(response.statusCode).toBe(200);
    const updated = response.json<Review>();
    expect(updated).toMatchObject({
      id: review.id,
      userId: author.userId,
      text: 'Better after the second battle.',
      leadership: 5,
      tactics: 5,
      communication: 5,
      fairness: 4,
      overallRating: 4.75,
      createdAt: review.createdAt,
      officer: { id: officer.id },
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(review.updatedAt));
    expect(await officerFigures(officer.id)).toEqual({
      averageRating: 4.75,
      leadershipRating: 5,
      tacticsRating: 5,
      communicationRating: 5,
      fairnessRating: 4,
      reviewCount: 1,
    });
    expect(await regimentFigures(regimentId)).toEqual({ averageRating: 4.75, reviewCount: 1 });
  });

  it('keeps the review on its officer whatever officerId the edit sends', async () => {
    const { officer, author, review } = await reviewedOfficer();
    const elsewhere = await newOfficer('Elsewhere');
    const response = await author.client.write('PUT', `/api/reviews/${review.id}`, edit(elsewhere.id));
    expect(response.statusCode).toBe(200);
    expect(response.json<Review>().officerId).toBe(officer.id);
    expect((await officerFigures(officer.id)).averageRating).toBe(4.75);
    expect(await officerFigures(elsewhere.id)).toEqual(NO_FIGURES);
  });

  it('refuses another user with 403 and leaves the review alone', async () => {
    const { officer, review } = await reviewedOfficer();
    const other = await reviewer();
    const response = await other.client.write('PUT', `/api/reviews/${review.id}`, edit(officer.id));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: MSG.reviews.notAuthor });
    expect((await officerFigures(officer.id)).averageRating).toBe(3);
  });

  it("does not let an admin edit someone else's review (only delete it)", async () => {
    const { officer, review } = await reviewedOfficer();
    const admin = await reviewer({ isAdmin: true });
    const response = await admin.client.write('PUT', `/api/reviews/${review.id}`, edit(officer.id));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You can only change your own reviews.');
  });

  it('validates the edit like a new review', async () => {
    const { officer, author, review } = await reviewedOfficer();
    const response = await author.client.write('PUT', `/api/reviews/${review.id}`, reviewBody(officer.id, { text: '    a b c    ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.reviewForm.textMinNonSpace);
    const outOfRange = await author.client.write('PUT', `/api/reviews/${review.id}`, reviewBody(officer.id, { fairness: 7 }));
    expect(outOfRange.statusCode).toBe(400);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const { client } = await reviewer();
    const unknown = await client.write('PUT', '/api/reviews/2147483647', reviewBody(1));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Review not found' });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const malformed = await client.write('PUT', `/api/reviews/${id}`, reviewBody(1));
      expect(malformed.statusCode, id).toBe(400);
      expect(malformed.json()).toMatchObject({ code: 'VALIDATION' });
    }
  });

  it('answers 401 to a visitor and 403 to a banned author', async () => {
    const { officer, author, review } = await reviewedOfficer();
    const visitor = await new TestClient(ctx.app).write('PUT', `/api/reviews/${review.id}`, edit(officer.id));
    expect(visitor.statusCode).toBe(401);
    await ctx.db.update(users).set({ isBanned: true }).where(eq(users.id, author.userId));
    const banned = await author.client.write('PUT', `/api/reviews/${review.id}`, edit(officer.id));
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toMatchObject({ message: MSG.reviews.banned });
    expect((await officerFigures(officer.id)).averageRating).toBe(3);
  });
});

describe('DELETE /api/reviews/:id', () => {
  async function reviewedOfficer() {
    const ownRegiment = await createRegiment(ctx.db, { sideId: 2 });
    const officer = await newOfficer('Pickett', ownRegiment.id);
    const author = await reviewer();
    const created = await author.client.post('/api/reviews', reviewBody(officer.id));
    expect(created.statusCode).toBe(201);
    expect((await officerFigures(officer.id)).reviewCount).toBe(1);
    return { officer, regimentId: ownRegiment.id, author, review: created.json<Review>() };
  }

  it('lets the author delete, and the figures return to what they were', async () => {
    const { officer, regimentId, author, review } = await reviewedOfficer();
    const response = await author.client.write('DELETE', `/api/reviews/${review.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Review deleted' });
    expect(await officerFigures(officer.id)).toEqual(NO_FIGURES);
    expect(await regimentFigures(regimentId)).toEqual({ averageRating: 0, reviewCount: 0 });
    const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toBeUndefined();
    // The author may review the officer again.
    expect((await author.client.post('/api/reviews', reviewBody(officer.id))).statusCode).toBe(201);
  });

  it('returns to the figures of the remaining reviews', async () => {
    const { officer, regimentId, review, author } = await reviewedOfficer();
    const other = await reviewer();
    expect(
      (await other.client.post('/api/reviews', reviewBody(officer.id, { leadership: 5, tactics: 5, communication: 5, fairness: 5 }))).statusCode,
    ).toBe(201);
    expect((await officerFigures(officer.id)).averageRating).toBe(4);
    expect((await author.client.write('DELETE', `/api/reviews/${review.id}`)).statusCode).toBe(200);
    expect(await officerFigures(officer.id)).toEqual({
      averageRating: 5,
      leadershipRating: 5,
      tacticsRating: 5,
      communicationRating: 5,
      fairnessRating: 5,
      reviewCount: 1,
    });
    expect(await regimentFigures(regimentId)).toEqual({ averageRating: 5, reviewCount: 1 });
  });

  it('lets an admin delete any review', async () => {
    const { officer, review } = await reviewedOfficer();
    const admin = await reviewer({ isAdmin: true });
    const response = await admin.client.write('DELETE', `/api/reviews/${review.id}`);
    expect(response.statusCode).toBe(200);
    expect(await officerFigures(officer.id)).toEqual(NO_FIGURES);
  });

  it('refuses another user with 403 and a visitor with 401', async () => {
    const { officer, review } = await reviewedOfficer();
    const other = await reviewer();
    const response = await other.client.write('DELETE', `/api/reviews/${review.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: MSG.reviews.notAuthor });
    const visitor = await new TestClient(ctx.app).write('DELETE', `/api/reviews/${review.id}`);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ message: 'Authentication required' });
    expect((await officerFigures(officer.id)).reviewCount).toBe(1);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const { client } = await reviewer();
    const unknown = await client.write('DELETE', '/api/reviews/2147483647');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Review not found' });
    const malformed = await client.write('DELETE', '/api/reviews/abc');
    expect(malformed.statusCode).toBe(400);
  });

  it("answers 403 mentioning 'CSRF token' without the token", async () => {
    const { officer, author, review } = await reviewedOfficer();
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/reviews/${review.id}`, headers: { cookie: author.client.cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('CSRF token');
    expect((await officerFigures(officer.id)).reviewCount).toBe(1);
  });
});

describe('GET /api/reviews/my', () => {
  it("lists only the caller's reviews, newest first", async () => {
    const me = await reviewer();
    const someoneElse = await reviewer();
    const officers = [await newOfficer('First'), await newOfficer('Second'), await newOfficer('Third')];
    const mine: number[] = [];
    for (const officer of officers) {
      const created = await me.client.post('/api/reviews', reviewBody(officer.id));
      expect(created.statusCode).toBe(201);
      mine.push(created.json<Review>().id);
      expect((await someoneElse.client.post('/api/reviews', reviewBody(officer.id))).statusCode).toBe(201);
    }
    const response = await me.client.get('/api/reviews/my');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const listed = response.json<Review[]>();
    expect(listed.map((review) => review.id)).toEqual([...mine].reverse());
    expect(listed.every((review) => review.userId === me.userId && review.user.username === me.username)).toBe(true);
    expect(listed.map((review) => review.officer.name)).toEqual(['Third', 'Second', 'First']);
  });

  it('answers an empty list to a user without reviews', async () => {
    const { client } = await signedInClient(ctx);
    const response = await client.get('/api/reviews/my');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("answers 401 'Authentication required' to a visitor", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/reviews/my' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Authentication required' });
  });
});
