/**
 * Simultaneous writes. On PGlite (one connection) the requests serialize; on PostgreSQL
 * (TEST_DATABASE_URL, a pool of 20) they really race. Either way every figure must end exactly
 * where a full recomputation puts it.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Officer, OfficerDetail, OfficerTrend, Regiment, RegimentDetail, ReviewPage } from '#core/api.js';
import { monthlyTrend, recentFigures } from '#core/rating-math.js';
import { MSG } from '#core/messages.js';
import { wilsonLowerBound } from '#core/rating-math.js';
import { reviewFlags, reviewVotes, reviews } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, testConfig, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser, type OfficerRow } from '#server/test/fixtures.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';

let ctx: TestContext;
let steamCounter = 0;

beforeAll(async () => {
  // The races below send more writes per user than the default limits let through.
  const generous = { limit: 1000, windowMs: 60_000 };
  ctx = await createTestContext({ rateLimits: { ...testConfig().rateLimits, reviewWrite: generous, vote: generous } });
});
afterAll(async () => {
  await ctx.close();
});

/** Signs in `n` users with distinct Steam ids (sign-ins in parallel: they are not what is tested). */
async function signedInUsers(n: number) {
  return Promise.all(
    Array.from({ length: n }, () => {
      steamCounter += 1;
      return signedInClient(ctx, { steamId: '7656119' + String(steamCounter).padStart(10, '0') });
    }),
  );
}

async function oneSignedInUser() {
  const [user] = await signedInUsers(1);
  return user!;
}

async function newOfficer(regimentId?: number): Promise<OfficerRow> {
  return createOfficer(ctx.db, { regimentId: regimentId ?? (await createRegiment(ctx.db)).id });
}

async function getJson<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

const body = (officerId: number, rating: number) => ({
  text: `Rated ${rating} after a long campaign.`,
  leadership: rating,
  tactics: Math.max(0, rating - 1),
  communication: rating,
  fairness: 5 - rating / 2,
  officerId,
});

/** The officer's recent figures and trend, as answered, equal the full recompute of src/core over its reviews. */
async function expectRecencyRecomputed(officerId: number) {
  const rows = await ctx.db.select().from(reviews).where(eq(reviews.officerId, officerId));
  const now = new Date(ctx.app.now());
  expect((await getJson<OfficerDetail>(`/api/officers/${officerId}`)).recent).toEqual(recentFigures(rows, now));
  const trend = await getJson<OfficerTrend>(`/api/officers/${officerId}/trend`);
  expect(trend).toEqual(monthlyTrend(rows, now));
  expect(trend.at(-1)!.reviewCount).toBe(rows.length);
}

function statuses(responses: Array<{ statusCode: number }>) {
  return responses.map((r) => r.statusCode).sort((a, b) => a - b);
}

describe('votes', () => {
  it('counts 50 simultaneous votes exactly, then 25 simultaneous switches and 10 clears', async () => {
    const author = await createUser(ctx.db, { steamId: '76561190999999999' });
    const officer = await newOfficer();
    const review = await createReview(ctx.db, { userId: author.id, officerId: officer.id });
    const voters = await signedInUsers(50);
    // Every client has its CSRF token before the race starts.
    await Promise.all(voters.map(({ client }) => client.fetchCsrfToken()));

    const up = await Promise.all(voters.map(({ client }) => client.post(`/api/reviews/${review.id}/vote`, { value: 1 })));
    expect(statuses(up)).toEqual(Array(50).fill(200));
    // Read through the response cache, which each vote must have emptied for this officer.
    const figuresNow = async () => {
      const { score, upvotes, downvotes } = (await getJson<ReviewPage>(`/api/reviews/officer/${officer.id}?sort=helpful`)).reviews.find(
        (r) => r.id === review.id,
      )!;
      return { score, upvotes, downvotes };
    };
    expect(await figuresNow()).toEqual({ score: 50, upvotes: 50, downvotes: 0 });
    const [votes] = await ctx.db.select({ n: count() }).from(reviewVotes).where(eq(reviewVotes.reviewId, review.id));
    expect(votes!.n).toBe(50);
    // Each answer's score is the score right after that vote: all different, 1 to 50.
    expect(up.map((r) => r.json<{ score: number }>().score).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    const down = await Promise.all(voters.slice(0, 25).map(({ client }) => client.post(`/api/reviews/${review.id}/vote`, { value: -1 })));
    expect(statuses(down)).toEqual(Array(25).fill(200));
    expect(await figuresNow()).toEqual({ score: 0, upvotes: 25, downvotes: 25 });
    const [downVotes] = await ctx.db
      .select({ n: count() })
      .from(reviewVotes)
      .where(and(eq(reviewVotes.reviewId, review.id), eq(reviewVotes.vote, -1)));
    expect(downVotes!.n).toBe(25);

    const cleared = await Promise.all(voters.slice(25, 35).map(({ client }) => client.post(`/api/reviews/${review.id}/vote`, { value: 0 })));
    expect(statuses(cleared)).toEqual(Array(10).fill(200));
    expect(await figuresNow()).toEqual({ score: -10, upvotes: 15, downvotes: 25 });
    const [stored] = await ctx.db.select({ bound: reviews.helpfulBound }).from(reviews).where(eq(reviews.id, review.id));
    expect(stored!.bound).toBe(wilsonLowerBound(15, 25));
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('counts one user voting the same way many times at once as one vote', async () => {
    const author = await createUser(ctx.db, { steamId: '76561190999999998' });
    const review = await createReview(ctx.db, { userId: author.id, officerId: (await newOfficer()).id });
    const { client } = await oneSignedInUser();
    await client.fetchCsrfToken();
    const responses = await Promise.all(Array.from({ length: 10 }, () => client.post(`/api/reviews/${review.id}/vote`, { value: 1 })));
    expect(statuses(responses)).toEqual(Array(10).fill(200));
    expect((await client.get(`/api/reviews/${review.id}/vote`)).json()).toEqual({ value: 1, flagged: false, replyFlagged: false });
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('keeps the figures exact when one user sends up, down and clear votes at once', async () => {
    const author = await createUser(ctx.db, { steamId: '76561190999999997' });
    const review = await createReview(ctx.db, { userId: author.id, officerId: (await newOfficer()).id });
    const { client } = await oneSignedInUser();
    await client.fetchCsrfToken();
    const values = [1, -1, 0, 1, -1, 1];
    for (let round = 0; round < 15; round++) {
      const responses = await Promise.all(values.map((value) => client.post(`/api/reviews/${review.id}/vote`, { value })));
      expect(statuses(responses)).toEqual(Array(values.length).fill(200));
      // The one vote left is the last one applied, and the review's figures count exactly it.
      const { value } = (await client.get(`/api/reviews/${review.id}/vote`)).json<{ value: number }>();
      const [stored] = await ctx.db.select().from(reviews).where(eq(reviews.id, review.id));
      const upvotes = value === 1 ? 1 : 0;
      const downvotes = value === -1 ? 1 : 0;
      expect(stored).toMatchObject({ score: value, upvotes, downvotes, helpfulBound: wilsonLowerBound(upvotes, downvotes) });
    }
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });
});

describe('votes and flags racing a delete', () => {
  it('answers 404 (never 500) to votes and flags on a review deleted at the same moment, and leaves no orphan row', async () => {
    const officer = await newOfficer();
    const admin = await signedInClient(ctx, { isAdmin: true });
    const voters = await signedInUsers(12);
    await Promise.all([admin, ...voters].map(({ client }) => client.fetchCsrfToken()));
    const outcomes: number[] = [];
    // Several rounds: each time the delete lands somewhere among the votes and flags.
    for (let round = 0; round < 6; round++) {
      const author = await createUser(ctx.db, { steamId: `7656119300000${String(round).padStart(4, '0')}` });
      const review = await createReview(ctx.db, { userId: author.id, officerId: officer.id });
      const racing = await Promise.all([
        ...voters.slice(0, 6).map(({ client }) => client.post(`/api/reviews/${review.id}/vote`, { value: 1 })),
        admin.client.write('DELETE', `/api/reviews/${review.id}`),
        ...voters.slice(6).map(({ client }) => client.post(`/api/reviews/${review.id}/flag`, { reason: 'Racing the moderator here.' })),
      ]);
      const deleted = racing[6]!;
      expect(deleted.statusCode).toBe(200);
      for (const response of racing.filter((r) => r !== deleted)) {
        expect([200, 201, 404]).toContain(response.statusCode);
        if (response.statusCode === 404) expect(response.json().message).toBe('Review not found');
        outcomes.push(response.statusCode);
      }
      const [votes] = await ctx.db.select({ n: count() }).from(reviewVotes).where(eq(reviewVotes.reviewId, review.id));
      const [flags] = await ctx.db.select({ n: count() }).from(reviewFlags).where(eq(reviewFlags.reviewId, review.id));
      expect([votes!.n, flags!.n]).toEqual([0, 0]);
    }
    expect(outcomes).toHaveLength(6 * 12);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });
});

describe('reviews', () => {
  it('accepts exactly one of 20 simultaneous identical reviews by one user', async () => {
    const officer = await newOfficer();
    const { client, userId } = await oneSignedInUser();
    await client.fetchCsrfToken();
    const responses = await Promise.all(Array.from({ length: 20 }, () => client.post('/api/reviews', body(officer.id, 4))));
    expect(statuses(responses)).toEqual([201, ...Array(19).fill(409)]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toMatchObject({ code: 'CONFLICT', message: MSG.reviews.duplicate });
    }
    const [rows] = await ctx.db
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.officerId, officer.id)));
    expect(rows!.n).toBe(1);
    expect((await getJson<Officer>(`/api/officers/${officer.id}`)).reviewCount).toBe(1);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('keeps the figures exact when 20 users review one officer at once', async () => {
    const officer = await newOfficer();
    const authors = await signedInUsers(20);
    await Promise.all(authors.map(({ client }) => client.fetchCsrfToken()));
    const responses = await Promise.all(authors.map(({ client }, i) => client.post('/api/reviews', body(officer.id, (i % 5) + 1))));
    expect(statuses(responses)).toEqual(Array(20).fill(201));

    const figures = await getJson<OfficerDetail>(`/api/officers/${officer.id}`);
    expect(figures.reviewCount).toBe(20);
    // Ratings 1..5 four times each: leadership and communication average 3.
    expect(figures.leadershipRating).toBe(3);
    expect(figures.communicationRating).toBe(3);
    // Each rating r four times: overall 1.63, 2.25, 2.88, 3.5, 4.13 (stars 2, 2, 3, 4, 4); tactics
    // r - 1 (0 and 1 are both 1 star); fairness 5 - r / 2 (4.5, 4, 3.5, 3, 2.5: stars 5, 4, 4, 3, 3).
    expect(figures.distribution).toEqual({
      overall: [0, 8, 4, 8, 0],
      leadership: [4, 4, 4, 4, 4],
      tactics: [8, 4, 4, 4, 0],
      communication: [4, 4, 4, 4, 4],
      fairness: [0, 0, 8, 8, 4],
    });
    const regiment = await getJson<RegimentDetail>(`/api/regiments/${officer.regimentId}`);
    expect(regiment.reviewCount).toBe(20);
    expect(regiment.averageRating).toBe(figures.averageRating);
    expect(regiment.distribution.overall).toEqual([0, 8, 4, 8, 0]);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('keeps regiment figures exact when officers of one regiment are reviewed at once', async () => {
    const regiment = await createRegiment(ctx.db);
    const officers = [await newOfficer(regiment.id), await newOfficer(regiment.id), await newOfficer(regiment.id), await newOfficer(regiment.id)];
    const authors = await signedInUsers(20);
    await Promise.all(authors.map(({ client }) => client.fetchCsrfToken()));
    const responses = await Promise.all(
      authors.map(({ client }, i) => client.post('/api/reviews', body(officers[i % officers.length]!.id, (i % 3) + 2))),
    );
    expect(statuses(responses)).toEqual(Array(20).fill(201));
    expect((await getJson<Regiment>(`/api/regiments/${regiment.id}`)).reviewCount).toBe(20);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('numbers reviews 1..n in created order through simultaneous reviews and deletes of one officer', async () => {
    const officer = await newOfficer();
    const early = await signedInUsers(20);
    const late = await signedInUsers(10);
    await Promise.all([...early, ...late].map(({ client }) => client.fetchCsrfToken()));
    const created = await Promise.all(early.map(({ client }, i) => client.post('/api/reviews', body(officer.id, (i % 5) + 1))));
    expect(statuses(created)).toEqual(Array(20).fill(201));
    const ids = created.map((r) => r.json<{ id: number }>().id);

    // Every other early review is deleted (oldest, middle and newest among them) while ten more arrive.
    const racing = await Promise.all([
      ...early.flatMap(({ client }, i) => (i % 2 === 0 ? [client.write('DELETE', `/api/reviews/${ids[i]}`)] : [])),
      ...late.map(({ client }) => client.post('/api/reviews', body(officer.id, 4))),
    ]);
    expect(statuses(racing)).toEqual([...Array(10).fill(200), ...Array(10).fill(201)]);

    const newestFirst = await ctx.db
      .select({ id: reviews.id, position: reviews.position })
      .from(reviews)
      .where(eq(reviews.officerId, officer.id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
    expect(newestFirst.map((r) => r.position)).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
    const paged: number[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const answer = await getJson<ReviewPage>(`/api/reviews/officer/${officer.id}?page=${page}&limit=5`);
      expect(answer.totalCount).toBe(20);
      paged.push(...answer.reviews.map((r) => r.id));
    }
    expect(paged).toEqual(newestFirst.map((r) => r.id));
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('keeps the figures exact through simultaneous edits and deletes', async () => {
    const regiment = await createRegiment(ctx.db);
    const officers = [await newOfficer(regiment.id), await newOfficer(regiment.id)];
    const authors = await signedInUsers(20);
    await Promise.all(authors.map(({ client }) => client.fetchCsrfToken()));
    const created = await Promise.all(authors.map(({ client }, i) => client.post('/api/reviews', body(officers[i % 2]!.id, 3))));
    expect(statuses(created)).toEqual(Array(20).fill(201));
    const ids = created.map((r) => r.json<{ id: number }>().id);
    // Kept before the race, so the race must make the cache forget them.
    for (const officer of officers) await expectRecencyRecomputed(officer.id);

    const changes = await Promise.all(
      authors.map(({ client }, i) =>
        i % 2 === 0
          ? client.write('PUT', `/api/reviews/${ids[i]}`, body(officers[i % 2]!.id, 5))
          : i % 4 === 1
            ? client.write('DELETE', `/api/reviews/${ids[i]}`)
            : client.write('PUT', `/api/reviews/${ids[i]}`, body(officers[i % 2]!.id, 1)),
      ),
    );
    expect(statuses(changes)).toEqual(Array(20).fill(200));
    // Officer 0 has ten reviews, all now rated 5 (overall 4.13: 4 stars); officer 1 keeps five of its
    // ten, rated 1 (overall 1.63: 2 stars).
    const first = await getJson<OfficerDetail>(`/api/officers/${officers[0]!.id}`);
    expect(first).toMatchObject({ reviewCount: 10, leadershipRating: 5 });
    expect(first.distribution.overall).toEqual([0, 0, 0, 10, 0]);
    const second = await getJson<OfficerDetail>(`/api/officers/${officers[1]!.id}`);
    expect(second).toMatchObject({ reviewCount: 5, leadershipRating: 1 });
    expect(second.distribution.overall).toEqual([0, 5, 0, 0, 0]);
    // All written today: the recent figures are the all-time ones, overall (5 + 4 + 5 + 2.5) / 4 =
    // 4.125 -> 4.13 and (1 + 0 + 1 + 4.5) / 4 = 1.625 -> 1.63, and so is this month of the trend.
    expect(first.recent).toEqual({ reviewCount: 10, averageRating: 4.13, leadership: 5, tactics: 4, communication: 5, fairness: 2.5 });
    expect(second.recent).toEqual({ reviewCount: 5, averageRating: 1.63, leadership: 1, tactics: 0, communication: 1, fairness: 4.5 });
    for (const officer of officers) await expectRecencyRecomputed(officer.id);
    const figures = await getJson<RegimentDetail>(`/api/regiments/${regiment.id}`);
    expect(figures.reviewCount).toBe(15);
    expect(figures.distribution.overall).toEqual([0, 5, 0, 10, 0]);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it("keeps a reviewer's review count exact when they review and delete across officers at once", async () => {
    const regiment = await createRegiment(ctx.db);
    const officers = await Promise.all(Array.from({ length: 16 }, () => newOfficer(regiment.id)));
    const { client, userId } = await oneSignedInUser();
    await client.fetchCsrfToken();
    const created = await Promise.all(officers.slice(0, 12).map((officer) => client.post('/api/reviews', body(officer.id, 4))));
    expect(statuses(created)).toEqual(Array(12).fill(201));
    const ids = created.map((r) => r.json<{ id: number }>().id);

    // Five of the twelve deleted while four more officers are reviewed: 12 - 5 + 4 = 11.
    const racing = await Promise.all([
      ...ids.slice(0, 5).map((id) => client.write('DELETE', `/api/reviews/${id}`)),
      ...officers.slice(12).map((officer) => client.post('/api/reviews', body(officer.id, 2))),
    ]);
    expect(statuses(racing)).toEqual([...Array(5).fill(200), ...Array(4).fill(201)]);
    const page = await getJson<ReviewPage>(`/api/reviews/officer/${officers[15]!.id}`);
    expect(page.reviews.find((r) => r.userId === userId)!.user.reviewCount).toBe(11);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });
});
