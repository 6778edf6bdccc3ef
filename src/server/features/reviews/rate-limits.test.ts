/**
 * Per-user rate limits on review writes, votes and flags: past the limit a write gets 429 with
 * Retry-After and changes nothing; other users keep their own allowance.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '#core/api.js';
import { reviewFlags, reviews } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, testConfig, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, type OfficerRow } from '#server/test/fixtures.js';

const WINDOW_MS = 60_000;
let ctx: TestContext;
let regimentId: number;
let steamCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext({
    rateLimits: {
      // The test defaults (generous sign-in limits) with tight limits on the writes under test.
      ...testConfig().rateLimits,
      reviewWrite: { limit: 2, windowMs: WINDOW_MS },
      vote: { limit: 3, windowMs: WINDOW_MS },
      flag: { limit: 1, windowMs: WINDOW_MS },
    },
  });
  regimentId = (await createRegiment(ctx.db, { sideId: 2 })).id;
});
afterAll(() => ctx.close());

function reviewer() {
  steamCounter += 1;
  return signedInClient(ctx, { steamId: '7656119' + String(steamCounter).padStart(10, '0') });
}

function newOfficer(): Promise<OfficerRow> {
  return createOfficer(ctx.db, { regimentId });
}

async function reviewOfSomeoneElse() {
  const author = await reviewer();
  return createReview(ctx.db, { userId: author.userId, officerId: (await newOfficer()).id });
}

const body = (officerId: number) => ({
  text: 'Steady under fire, clear orders.',
  leadership: 4,
  tactics: 4,
  communication: 4,
  fairness: 4,
  officerId,
});

function expectRateLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' });
  const retryAfter = response.headers['retry-after'];
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_MS / 1000);
}

describe('review writes', () => {
  it('refuses the write past the limit with 429 and Retry-After, and writes nothing', async () => {
    const { client, userId } = await reviewer();
    const created = await client.post('/api/reviews', body((await newOfficer()).id));
    expect(created.statusCode).toBe(201);
    const review = created.json<Review>();
    const edited = await client.write('PUT', `/api/reviews/${review.id}`, { ...body(review.officerId), leadership: 5 });
    expect(edited.statusCode).toBe(200);

    const third = await newOfficer();
    expectRateLimited(await client.post('/api/reviews', body(third.id)));
    expectRateLimited(await client.write('DELETE', `/api/reviews/${review.id}`));
    expectRateLimited(await client.write('PUT', `/api/reviews/${review.id}`, { ...body(review.officerId), leadership: 1 }));

    const rows = await ctx.db
      .select({ officerId: reviews.officerId, leadership: reviews.leadership })
      .from(reviews)
      .where(eq(reviews.userId, userId));
    expect(rows).toEqual([{ officerId: review.officerId, leadership: 5 }]);
  });

  it('counts per user: another user is not affected', async () => {
    const busy = await reviewer();
    for (let i = 0; i < 2; i += 1) expect((await busy.client.post('/api/reviews', body((await newOfficer()).id))).statusCode).toBe(201);
    const officer = await newOfficer();
    expectRateLimited(await busy.client.post('/api/reviews', body(officer.id)));

    const other = await reviewer();
    expect((await other.client.post('/api/reviews', body(officer.id))).statusCode).toBe(201);
    expect((await other.client.post('/api/reviews', body((await newOfficer()).id))).statusCode).toBe(201);
    expectRateLimited(await other.client.post('/api/reviews', body((await newOfficer()).id)));
  });
});

describe('votes', () => {
  it('refuses the vote past the limit, leaves the score alone, and counts per user', async () => {
    const review = await reviewOfSomeoneElse();
    const voter = await signedInClient(ctx);
    for (const value of [1, -1, 1]) {
      expect((await voter.client.post(`/api/reviews/${review.id}/vote`, { value })).statusCode).toBe(200);
    }
    expectRateLimited(await voter.client.post(`/api/reviews/${review.id}/vote`, { value: -1 }));
    expect((await voter.client.get(`/api/reviews/${review.id}/vote`)).json()).toEqual({ value: 1, flagged: false, replyFlagged: false });

    const other = await signedInClient(ctx);
    const response = await other.client.post(`/api/reviews/${review.id}/vote`, { value: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ value: 1, score: 2, upvotes: 2, downvotes: 0 });
  });
});

describe('flags', () => {
  it('refuses the flag past the limit, and counts per user', async () => {
    const first = await reviewOfSomeoneElse();
    const second = await reviewOfSomeoneElse();
    const reason = 'Contains a personal insult.';
    const flagger = await signedInClient(ctx);
    expect((await flagger.client.post(`/api/reviews/${first.id}/flag`, { reason })).statusCode).toBe(201);
    expectRateLimited(await flagger.client.post(`/api/reviews/${second.id}/flag`, { reason }));
    expect(await ctx.db.select({ id: reviewFlags.id }).from(reviewFlags).where(eq(reviewFlags.reviewId, second.id))).toEqual([]);

    const other = await signedInClient(ctx);
    expect((await other.client.post(`/api/reviews/${second.id}/flag`, { reason })).statusCode).toBe(201);
  });
});
