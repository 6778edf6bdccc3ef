/**
 * Votes (spec sections 3, 4 and 7: 1, -1, or 0 to clear) and flags (one open flag per user per
 * review, reason of at least 10 characters) through the real API.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewPage } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { reviewFlags, reviewVotes, users } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, TestClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, type OfficerRow, type ReviewRow } from '#server/test/fixtures.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';
import { OPEN_FLAG_STATUS } from './flags.js';

let ctx: TestContext;
let officer: OfficerRow;
let steamCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const regiment = await createRegiment(ctx.db, { name: '20th Maine', sideId: 1 });
  officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Chamberlain', rank: 'Col.' });
});
afterAll(() => ctx.close());

/** A review by a fresh, signed-in author (who therefore can try voting on it). */
async function reviewBySignedInAuthor(): Promise<{ review: ReviewRow; author: Awaited<ReturnType<typeof signedInClient>> }> {
  steamCounter += 1;
  const author = await signedInClient(ctx, { steamId: '7656119' + String(steamCounter).padStart(10, '0') });
  const target = await createOfficer(ctx.db, { regimentId: officer.regimentId });
  const review = await createReview(ctx.db, { userId: author.userId, officerId: target.id });
  return { review, author };
}

async function scoreOf(review: ReviewRow): Promise<number> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/reviews/officer/${review.officerId}` });
  expect(response.statusCode).toBe(200);
  const listed = response.json<ReviewPage>().reviews.find((r) => r.id === review.id);
  expect(listed).toBeDefined();
  return listed!.score;
}

async function voteRows(reviewId: number) {
  return ctx.db.select({ userId: reviewVotes.userId, vote: reviewVotes.vote }).from(reviewVotes).where(eq(reviewVotes.reviewId, reviewId));
}

describe('votes', () => {
  it('GET answers 0 before voting and the vote after it', async () => {
    const { review } = await reviewBySignedInAuthor();
    const voter = await signedInClient(ctx);
    const before = await voter.client.get(`/api/reviews/${review.id}/vote`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ value: 0, flagged: false, replyFlagged: false });
    expect(before.headers['cache-control']).toContain('no-store');

    const voted = await voter.client.post(`/api/reviews/${review.id}/vote`, { value: 1 });
    expect(voted.statusCode).toBe(200);
    expect(voted.json()).toEqual({ value: 1, score: 1, upvotes: 1, downvotes: 0 });
    expect((await voter.client.get(`/api/reviews/${review.id}/vote`)).json()).toEqual({ value: 1, flagged: false, replyFlagged: false });
  });

  it('is idempotent, switches direction, and clears with 0', async () => {
    const { review } = await reviewBySignedInAuthor();
    const { client, userId } = await signedInClient(ctx);
    const vote = (value: unknown) => client.post(`/api/reviews/${review.id}/vote`, { value });

    expect((await vote(1)).json()).toEqual({ value: 1, score: 1, upvotes: 1, downvotes: 0 });
    expect((await vote(1)).json()).toEqual({ value: 1, score: 1, upvotes: 1, downvotes: 0 });
    expect(await scoreOf(review)).toBe(1);
    expect(await voteRows(review.id)).toEqual([{ userId, vote: 1 }]);

    expect((await vote(-1)).json()).toEqual({ value: -1, score: -1, upvotes: 0, downvotes: 1 });
    expect(await scoreOf(review)).toBe(-1);
    expect((await client.get(`/api/reviews/${review.id}/vote`)).json()).toEqual({ value: -1, flagged: false, replyFlagged: false });
    expect(await voteRows(review.id)).toEqual([{ userId, vote: -1 }]);

    expect((await vote(0)).json()).toEqual({ value: 0, score: 0, upvotes: 0, downvotes: 0 });
    expect(await scoreOf(review)).toBe(0);
    expect((await client.get(`/api/reviews/${review.id}/vote`)).json()).toEqual({ value: 0, flagged: false, replyFlagged: false });
    expect(await voteRows(review.id)).toEqual([]);

    // Clearing again changes nothing; voting again after clearing counts again.
    expect((await vote(0)).json()).toEqual({ value: 0, score: 0, upvotes: 0, downvotes: 0 });
    expect((await vote(-1)).json()).toEqual({ value: -1, score: -1, upvotes: 0, downvotes: 1 });
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it("the review's score sums everyone's votes", async () => {
    const { review } = await reviewBySignedInAuthor();
    const voters = [await signedInClient(ctx), await signedInClient(ctx), await signedInClient(ctx)];
    const values = [1, 1, -1];
    for (const [i, voter] of voters.entries()) {
      expect((await voter.client.post(`/api/reviews/${review.id}/vote`, { value: values[i] })).statusCode).toBe(200);
    }
    expect(await scoreOf(review)).toBe(1);
    expect((await voters[0]!.client.post(`/api/reviews/${review.id}/vote`, { value: -1 })).json()).toEqual({
      value: -1,
      score: -1,
      upvotes: 1,
      downvotes: 2,
    });
    expect(await scoreOf(review)).toBe(-1);
    const recent = (await ctx.app.inject({ method: 'GET', url: '/api/reviews/recent' })).json<Array<{ id: number; score: number }>>();
    expect(recent.find((r) => r.id === review.id)?.score).toBe(-1);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it.each([[2], [-2], ['up'], ['1'], [0.5], [null], [undefined]])('answers 400 for value %j', async (value) => {
    const { review } = await reviewBySignedInAuthor();
    const { client } = await signedInClient(ctx);
    const response = await client.post(`/api/reviews/${review.id}/vote`, { value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: expect.any(String) });
    expect(await scoreOf(review)).toBe(0);
  });

  it("answers 403 'You cannot vote on your own review.'", async () => {
    const { review, author } = await reviewBySignedInAuthor();
    const response = await author.client.post(`/api/reviews/${review.id}/vote`, { value: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot vote on your own review.' });
    expect(await scoreOf(review)).toBe(0);
    expect(await voteRows(review.id)).toEqual([]);
  });

  it("answers 403 to the reviewed officer's own account, up or down, and counts nothing (issue 32)", async () => {
    const { review } = await reviewBySignedInAuthor();
    const officerAccount = await signedInClient(ctx);
    await ctx.db.update(users).set({ isOfficer: true, officerId: review.officerId }).where(eq(users.id, officerAccount.userId));
    for (const value of [1, -1]) {
      const response = await officerAccount.client.post(`/api/reviews/${review.id}/vote`, { value });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: MSG.reviewActions.ownOfficerVote });
    }
    expect(await scoreOf(review)).toBe(0);
    expect(await voteRows(review.id)).toEqual([]);
  });

  it('answers 401 to a visitor, for GET and POST', async () => {
    const { review } = await reviewBySignedInAuthor();
    const visitor = new TestClient(ctx.app);
    const read = await visitor.get(`/api/reviews/${review.id}/vote`);
    expect(read.statusCode).toBe(401);
    expect(read.json()).toMatchObject({ message: 'Authentication required' });
    const write = await visitor.post(`/api/reviews/${review.id}/vote`, { value: 1 });
    expect(write.statusCode).toBe(401);
    expect(write.json()).toMatchObject({ message: 'Authentication required' });
    expect(await scoreOf(review)).toBe(0);
  });

  it('answers 404 for an unknown review and 400 for a malformed id', async () => {
    const { client } = await signedInClient(ctx);
    const read = await client.get('/api/reviews/2147483647/vote');
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ message: 'Review not found' });
    const write = await client.post('/api/reviews/2147483647/vote', { value: 1 });
    expect(write.statusCode).toBe(404);
    expect(write.json()).toMatchObject({ message: 'Review not found' });
    expect((await client.post('/api/reviews/abc/vote', { value: 1 })).statusCode).toBe(400);
    expect((await client.get('/api/reviews/abc/vote')).statusCode).toBe(400);
  });

  it('answers 403 to a banned user, saying the account is suspended (not that it cannot submit reviews)', async () => {
    const { review } = await reviewBySignedInAuthor();
    const { client, userId } = await signedInClient(ctx);
    await ctx.db.update(users).set({ isBanned: true }).where(eq(users.id, userId));
    const response = await client.post(`/api/reviews/${review.id}/vote`, { value: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Your account is suspended: you cannot review, vote, flag, reply, register or upload.',
    });
    expect(response.json().message).toBe(MSG.account.suspended);
    expect(await scoreOf(review)).toBe(0);
  });

  it("answers 403 mentioning 'CSRF token' without the token", async () => {
    const { review } = await reviewBySignedInAuthor();
    const { client } = await signedInClient(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/reviews/${review.id}/vote`,
      headers: { cookie: client.cookie },
      payload: { value: 1 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('CSRF token');
    expect(await scoreOf(review)).toBe(0);
  });
});

describe('flags', () => {
  const reason = 'Insults another regiment by name.';

  async function openFlags(reviewId: number) {
    return ctx.db
      .select({ userId: reviewFlags.userId, reason: reviewFlags.reason, status: reviewFlags.status })
      .from(reviewFlags)
      .where(and(eq(reviewFlags.reviewId, reviewId), eq(reviewFlags.status, 'pending')));
  }

  it("answers 201 'An admin will review this flag soon.' and records a pending flag", async () => {
    const { review } = await reviewBySignedInAuthor();
    const { client, userId } = await signedInClient(ctx);
    const response = await client.post(`/api/reviews/${review.id}/flag`, { reason });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: 'An admin will review this flag soon.', flagId: expect.any(Number) });
    expect(await openFlags(review.id)).toEqual([{ userId, reason, status: 'pending' }]);
  });

  it.each([
    ['too short', 'Rude text'],
    ['short once trimmed', '   Rude!     '],
    ['empty', ''],
  ])("answers 400 'Please give a reason of at least 10 characters' for a reason %s", async (_label, short) => {
    const { review } = await reviewBySignedInAuthor();
    const { client } = await signedInClient(ctx);
    const response = await client.post(`/api/reviews/${review.id}/flag`, { reason: short });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: 'Please give a reason of at least 10 characters' });
    expect(await openFlags(review.id)).toEqual([]);
  });

  it('accepts exactly 10 characters and refuses a missing reason', async () => {
    const { review } = await reviewBySignedInAuthor();
    const { client } = await signedInClient(ctx);
    expect((await client.post(`/api/reviews/${review.id}/flag`, {})).statusCode).toBe(400);
    expect((await client.post(`/api/reviews/${review.id}/flag`, { reason: 'Ten chars!' })).statusCode).toBe(201);
  });

  it('answers 409 to a second open flag by the same user; another user may flag too', async () => {
    const { review } = await reviewBySignedInAuthor();
    const first = await signedInClient(ctx);
    expect((await first.client.post(`/api/reviews/${review.id}/flag`, { reason })).statusCode).toBe(201);
    const again = await first.client.post(`/api/reviews/${review.id}/flag`, { reason: 'And another thing about it.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: MSG.reviewActions.duplicateFlag });

    const second = await signedInClient(ctx);
    const other = await second.client.post(`/api/reviews/${review.id}/flag`, { reason });
    expect(other.statusCode).toBe(201);
    const flags = await openFlags(review.id);
    expect(flags.map((flag) => flag.userId!).sort((a, b) => a - b)).toEqual([first.userId, second.userId].sort((a, b) => a - b));
  });

  it('answers 403 to a banned user, saying the account is suspended', async () => {
    const { review } = await reviewBySignedInAuthor();
    const { client, userId } = await signedInClient(ctx);
    await ctx.db.update(users).set({ isBanned: true }).where(eq(users.id, userId));
    const response = await client.post(`/api/reviews/${review.id}/flag`, { reason });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: MSG.account.suspended });
    expect(await openFlags(review.id)).toEqual([]);
  });

  it('answers 401 to a visitor', async () => {
    const { review } = await reviewBySignedInAuthor();
    const response = await new TestClient(ctx.app).post(`/api/reviews/${review.id}/flag`, { reason });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Authentication required' });
    expect(await openFlags(review.id)).toEqual([]);
  });

  it('answers 404 for an unknown review and 400 for a malformed id', async () => {
    const { client } = await signedInClient(ctx);
    const response = await client.post('/api/reviews/2147483647/flag', { reason });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Review not found' });
    expect((await client.post('/api/reviews/1.5/flag', { reason })).statusCode).toBe(400);
  });

  it("answers 403 mentioning 'CSRF token' without the token", async () => {
    const { review } = await reviewBySignedInAuthor();
    const { client } = await signedInClient(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/reviews/${review.id}/flag`,
      headers: { cookie: client.cookie },
      payload: { reason },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('CSRF token');
    expect(await openFlags(review.id)).toEqual([]);
  });
});

describe('GET /api/reviews/:id/vote tells the signed-in user whether their flag is open', () => {
  const reason = 'Names a player and insults him.';

  it('flagged is false before flagging, true after, for that user only, with the vote beside it', async () => {
    const { review } = await reviewBySignedInAuthor();
    const flagger = await signedInClient(ctx);
    const other = await signedInClient(ctx);
    const stateOf = async (client: TestClient) => {
      const response = await client.get(`/api/reviews/${review.id}/vote`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toContain('no-store');
      return response.json();
    };

    expect(await stateOf(flagger.client)).toEqual({ value: 0, flagged: false, replyFlagged: false });
    expect((await flagger.client.post(`/api/reviews/${review.id}/vote`, { value: -1 })).statusCode).toBe(200);
    expect((await flagger.client.post(`/api/reviews/${review.id}/flag`, { reason })).statusCode).toBe(201);

    expect(await stateOf(flagger.client)).toEqual({ value: -1, flagged: true, replyFlagged: false });
    expect(await stateOf(other.client)).toEqual({ value: 0, flagged: false, replyFlagged: false });
  });

  it('flagged is false again once an admin has decided on the flag (it is no longer open)', async () => {
    const { review } = await reviewBySignedInAuthor();
    const flagger = await signedInClient(ctx);
    expect((await flagger.client.post(`/api/reviews/${review.id}/flag`, { reason })).statusCode).toBe(201);
    expect((await flagger.client.get(`/api/reviews/${review.id}/vote`)).json()).toEqual({ value: 0, flagged: true, replyFlagged: false });

    const admin = await signedInClient(ctx, { isAdmin: true });
    expect((await admin.client.post(`/api/admin/reviews/${review.id}/approve`)).statusCode).toBe(200);
    const [decided] = await ctx.db.select({ status: reviewFlags.status }).from(reviewFlags).where(eq(reviewFlags.reviewId, review.id));
    expect(decided?.status).not.toBe(OPEN_FLAG_STATUS);

    expect((await flagger.client.get(`/api/reviews/${review.id}/vote`)).json()).toEqual({ value: 0, flagged: false, replyFlagged: false });
    // ...and the user may flag it again.
    expect((await flagger.client.post(`/api/reviews/${review.id}/flag`, { reason })).statusCode).toBe(201);
    expect((await flagger.client.get(`/api/reviews/${review.id}/vote`)).json()).toEqual({ value: 0, flagged: true, replyFlagged: false });
  });

  it("keeps per-user state out of the officer's shared review pages", async () => {
    const { review } = await reviewBySignedInAuthor();
    const flagger = await signedInClient(ctx);
    expect((await flagger.client.post(`/api/reviews/${review.id}/flag`, { reason })).statusCode).toBe(201);
    const asFlagger = await flagger.client.get(`/api/reviews/officer/${review.officerId}`);
    const asVisitor = await ctx.app.inject({ method: 'GET', url: `/api/reviews/officer/${review.officerId}` });
    expect(asFlagger.statusCode).toBe(200);
    expect(asFlagger.body).toBe(asVisitor.body);
    expect(asFlagger.json<ReviewPage>().reviews[0]).not.toHaveProperty('flagged');
  });
});
