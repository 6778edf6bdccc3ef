/**
 * GET /api/reviewers/{userId} (issue 36, item 3): who wrote a review. The profile shows the reviews
 * that count (none held in a wave, none of an officer who is not public), never a hidden level, and
 * banned and deleted accounts have none; new reviews, settings changes, votes, replies and edits
 * show at once, though it is kept under its reviewer's tag alone.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review, ReviewerProfile, ReviewPage } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { users } from '#server/platform/db/schema.js';
import { TestClient, createTestContext, signedInClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser, type OfficerRow, type RegimentRow, type UserRow } from '#server/test/fixtures.js';
import { deleteAccount } from '#server/domain/retention/account-deletion.js';
import { getReviewerProfile } from './reviewer-profile.js';

let ctx: TestContext;
let regiment: RegimentRow;
let meade: OfficerRow;
let hancock: OfficerRow;
let howard: OfficerRow;
let inactive: OfficerRow;
let author: UserRow;

const day = (n: number) => new Date(Date.UTC(2025, 4, n, 12));

async function profileOf(userId: number, query = ''): Promise<{ statusCode: number; body: ReviewerProfile & { message?: string } }> {
  const answer = await ctx.app.inject({ url: `/api/reviewers/${userId}${query}` });
  return { statusCode: answer.statusCode, body: answer.json() };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx;
  regiment = await createRegiment(db, { name: 'Iron Brigade' });
  meade = await createOfficer(db, { regimentId: regiment.id, name: 'Meade', rank: 'Gen.' });
  hancock = await createOfficer(db, { regimentId: regiment.id, name: 'Hancock', rank: 'Maj. Gen.' });
  howard = await createOfficer(db, { regimentId: regiment.id, name: 'Howard', rank: 'Maj. Gen.' });
  inactive = await createOfficer(db, { regimentId: regiment.id, name: 'Retired', rank: 'Col.', isActive: false });
  author = await createUser(db, {
    username: 'Tozier',
    steamId: '76561198000000077',
    steamLevel: 42,
    steamTotalGames: 311,
    createdAt: new Date(Date.UTC(2024, 0, 15)),
  });
  await createReview(db, { userId: author.id, officerId: meade.id, text: 'Clear orders at the wheatfield.', createdAt: day(1) });
  await createReview(db, { userId: author.id, officerId: hancock.id, text: 'Held the centre.', createdAt: day(2) });
  // Held in a review wave: listed on Howard's page under its notice, but it does not count.
  await createReview(db, { userId: author.id, officerId: howard.id, text: 'Part of a pile-on.', held: true, createdAt: day(3) });
  // Of an officer who is not public.
  await createReview(db, { userId: author.id, officerId: inactive.id, createdAt: day(4) });
});

afterAll(async () => {
  await ctx.close();
});

describe('GET /api/reviewers/{userId}', () => {
  it('shows the name, member since, level, games and the reviews that count, newest first, with their officers', async () => {
    const { statusCode, body } = await profileOf(author.id);
    expect(statusCode).toBe(200);
    expect(body.reviewer).toEqual({
      id: author.id,
      username: 'Tozier',
      steamId: '76561198000000077',
      memberSince: '2024-01-15T00:00:00.000Z',
      level: 42,
      totalGames: 311,
      officer: null,
    });
    expect(body.reviews.map((review) => [review.text, review.officer.name, review.regiment.name])).toEqual([
      ['Held the centre.', 'Hancock', 'Iron Brigade'],
      ['Clear orders at the wheatfield.', 'Meade', 'Iron Brigade'],
    ]);
    expect(body.totalCount).toBe(2);
    expect(body.nextPage).toBeNull();
    // Each review's author is the reviewer, by id.
    expect(body.reviews.every((review) => review.user.id === author.id && review.userId === author.id)).toBe(true);
  });

  it('is paged: limit a page, and the next page number until the last', async () => {
    const first = await profileOf(author.id, '?page=1&limit=1');
    expect(first.body.reviews.map((review) => review.officer.name)).toEqual(['Hancock']);
    expect(first.body.nextPage).toBe(2);
    const second = await profileOf(author.id, '?page=2&limit=1');
    expect(second.body.reviews.map((review) => review.officer.name)).toEqual(['Meade']);
    expect(second.body).toMatchObject({ totalCount: 2, nextPage: null });
    // Just past the end: still the right count.
    expect((await profileOf(author.id, '?page=3&limit=1')).body).toMatchObject({ reviews: [], totalCount: 2, nextPage: null });
    expect((await profileOf(author.id, '?page=0')).statusCode).toBe(400);
    // Far past the end: no reviews, and no next page.
    expect((await profileOf(author.id, '?page=2147483647&limit=50')).body).toMatchObject({ reviews: [], totalCount: 2, nextPage: null });
  });

  it('names the regiment of a reviewer who is an officer', async () => {
    const officerUser = await createUser(ctx.db, { username: 'HancockHimself', officerId: hancock.id, isOfficer: true });
    const { body } = await profileOf(officerUser.id);
    expect(body.reviewer.officer).toEqual({
      id: hancock.id,
      name: 'Hancock',
      rank: 'Maj. Gen.',
      regiment: { id: regiment.id, name: 'Iron Brigade' },
    });
    expect(body).toMatchObject({ reviews: [], totalCount: 0, nextPage: null });
  });

  it('leaves a hidden level out of the answer altogether, and shows the rest', async () => {
    const shy = await createUser(ctx.db, { username: 'Shy', steamLevel: 87, steamTotalGames: 12, hideLevel: true });
    await createReview(ctx.db, { userId: shy.id, officerId: meade.id });
    const answer = await ctx.app.inject({ url: `/api/reviewers/${shy.id}` });
    const body = answer.json<ReviewerProfile>();
    expect(body.reviewer).not.toHaveProperty('level');
    expect(body.reviewer.totalGames).toBe(12);
    expect(body.reviews[0]!.user.level).toBeNull();
    // No value 87 anywhere (a bare substring also matched a timestamp's milliseconds, '…48.387Z').
    expect(answer.body).not.toMatch(/:87[,}\]]/);
  });

  it('answers 404 with a clear message for a banned, a suspended, a deleted and an unknown account', async () => {
    const banned = await createUser(ctx.db, { isBanned: true });
    const suspended = await createUser(ctx.db, { isBanned: true, bannedUntil: new Date(Date.now() + 86_400_000) });
    const leaving = await createUser(ctx.db);
    await createReview(ctx.db, { userId: leaving.id, officerId: hancock.id });
    await ctx.db.update(users).set({ deleteAfter: new Date(), deletionReviews: 'anonymize' }).where(eq(users.id, leaving.id));
    expect(await ctx.db.transaction((tx) => deleteAccount(tx, leaving.id))).not.toBeNull();
    for (const userId of [banned.id, suspended.id, leaving.id, 2_000_000_000]) {
      const { statusCode, body } = await profileOf(userId);
      expect(statusCode, String(userId)).toBe(404);
      expect(body.message).toBe(MSG.reviewerProfile.notFound);
    }
    // A suspension that has ended is no ban: the profile is back.
    const returned = await createUser(ctx.db, { isBanned: true, bannedUntil: new Date(Date.now() - 1_000) });
    expect((await profileOf(returned.id)).statusCode).toBe(200);
    // The deleted account's kept review names nobody: no id to link to.
    const page = (await ctx.app.inject({ url: `/api/reviews/officer/${hancock.id}?page=1&limit=50` })).json<ReviewPage>();
    const anonymous = page.reviews.filter((review: Review) => review.userId === null);
    expect(anonymous.map((review) => review.user.id)).toEqual([null]);
  });
});

describe('profiles opened at once', () => {
  it('are read together, each with its own reviews, page and 404', async () => {
    const other = await createUser(ctx.db, { username: 'Chamberlain' });
    await createReview(ctx.db, { userId: other.id, officerId: howard.id, text: 'Little Round Top, bayonets fixed.' });
    const banned = await createUser(ctx.db, { isBanned: true });
    await createReview(ctx.db, { userId: banned.id, officerId: meade.id });
    // Asked for in one turn of the event loop: the accounts and each page size share a statement.
    const [first, second, chamberlain, whole, gone] = await Promise.allSettled([
      getReviewerProfile(ctx.db, author.id, { page: 1, limit: 1 }),
      getReviewerProfile(ctx.db, author.id, { page: 2, limit: 1 }),
      getReviewerProfile(ctx.db, other.id, { page: 1, limit: 1 }),
      getReviewerProfile(ctx.db, author.id, { page: 1, limit: 10 }),
      getReviewerProfile(ctx.db, banned.id, { page: 1, limit: 10 }),
    ]);
    const texts = (result: PromiseSettledResult<Awaited<ReturnType<typeof getReviewerProfile>>>) =>
      result.status === 'fulfilled' ? result.value.reviews.map((review) => review.text) : result.reason;
    expect(texts(first)).toEqual(['Held the centre.']);
    expect(texts(second)).toEqual(['Clear orders at the wheatfield.']);
    expect(texts(chamberlain)).toEqual(['Little Round Top, bayonets fixed.']);
    expect(texts(whole)).toEqual(['Held the centre.', 'Clear orders at the wheatfield.']);
    expect(gone).toMatchObject({ status: 'rejected', reason: { message: MSG.reviewerProfile.notFound } });
    // Each total is its own reviewer's, counted with their page, and a page past the end still has it.
    const totals = (results: Array<PromiseSettledResult<Awaited<ReturnType<typeof getReviewerProfile>>>>) =>
      results.map((result) => (result.status === 'fulfilled' ? result.value.totalCount : result.reason));
    expect(totals([first, second, chamberlain, whole])).toEqual([2, 2, 1, 2]);
    const pastTheEnd = await Promise.all([
      getReviewerProfile(ctx.db, author.id, { page: 5, limit: 1 }),
      getReviewerProfile(ctx.db, other.id, { page: 5, limit: 1 }),
    ]);
    expect(pastTheEnd.map((read) => [read.reviews.length, read.totalCount])).toEqual([
      [0, 2],
      [0, 1],
    ]);
  });
});

describe('the cached profile', () => {
  it('shows a new review and a newly hidden level at once', async () => {
    const { client, userId } = await signedInClient(ctx, { steamId: '76561198000000078' });
    await ctx.db.update(users).set({ steamLevel: 55 }).where(eq(users.id, userId));
    const before = await profileOf(userId);
    expect(before.body).toMatchObject({ reviewer: { level: 55 }, totalCount: 0 });
    // The answer is kept: a change behind the API's back does not show...
    await ctx.db.update(users).set({ steamTotalGames: 999 }).where(eq(users.id, userId));
    expect((await profileOf(userId)).body.reviewer.totalGames).toBeNull();

    const posted = await client.post('/api/reviews', {
      officerId: howard.id,
      text: 'Steady on the ridge all evening.',
      leadership: 4,
      tactics: 4,
      communication: 4,
      fairness: 4,
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json<Review>().user.id).toBe(userId);
    // ...but a new review by them forgets it.
    const afterReview = await profileOf(userId);
    expect(afterReview.body).toMatchObject({ totalCount: 1, reviewer: { totalGames: 999 } });
    expect(afterReview.body.reviews.map((review) => review.text)).toEqual(['Steady on the ridge all evening.']);

    expect((await client.write('PUT', '/api/users/me/settings', { hideLevel: true })).statusCode).toBe(200);
    expect((await profileOf(userId)).body.reviewer).not.toHaveProperty('level');
  });

  it("shows at once a vote on one of their reviews, the officer's reply, its resolution and removal, and their edit", async () => {
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Sykes', rank: 'Maj. Gen.' });
    const writer = await signedInClient(ctx);
    const voter = await signedInClient(ctx);
    const officerUser = await signedInClient(ctx);
    await ctx.db.update(users).set({ officerId: officer.id, isOfficer: true }).where(eq(users.id, officerUser.userId));
    const { id: reviewId } = await createReview(ctx.db, { userId: writer.userId, officerId: officer.id, text: 'Kept the regulars in hand.' });
    const shown = async () => (await profileOf(writer.userId)).body.reviews[0]!;
    // Kept from here on: only what names the writer forgets it.
    expect(await shown()).toMatchObject({ id: reviewId, score: 0, reply: null });

    expect((await voter.client.post(`/api/reviews/${reviewId}/vote`, { value: 1 })).statusCode).toBe(200);
    expect(await shown()).toMatchObject({ score: 1, upvotes: 1 });
    expect((await officerUser.client.write('PUT', `/api/reviews/${reviewId}/reply`, { text: 'Thank you for the kind words.' })).statusCode).toBe(200);
    expect((await shown()).reply).toMatchObject({ text: 'Thank you for the kind words.' });
    expect((await writer.client.post(`/api/reviews/${reviewId}/resolved`, { resolved: true })).statusCode).toBe(200);
    expect(await shown()).toMatchObject({ resolved: true });
    expect((await officerUser.client.write('DELETE', `/api/reviews/${reviewId}/reply`)).statusCode).toBe(200);
    expect(await shown()).toMatchObject({ reply: null });
    const edit = { text: 'Kept the regulars in hand, and the line.', leadership: 5, tactics: 5, communication: 5, fairness: 5 };
    expect((await writer.client.write('PUT', `/api/reviews/${reviewId}`, edit)).statusCode).toBe(200);
    expect(await shown()).toMatchObject({ text: 'Kept the regulars in hand, and the line.', overallRating: 5 });
    // Another reviewer's vote on another review of the same officer leaves the kept profile as it is.
    const kept = await profileOf(writer.userId);
    const other = await createReview(ctx.db, { userId: voter.userId, officerId: officer.id });
    await ctx.db.update(users).set({ steamTotalGames: 12 }).where(eq(users.id, writer.userId));
    expect((await writer.client.post(`/api/reviews/${other.id}/vote`, { value: 1 })).statusCode).toBe(200);
    expect((await profileOf(writer.userId)).body).toEqual(kept.body);
  });

  it('is gone once the account is banned', async () => {
    const target = await createUser(ctx.db, { username: 'Troublemaker' });
    expect((await profileOf(target.id)).statusCode).toBe(200);
    const { client: admin } = await signedInClient(ctx, { isAdmin: true });
    expect((await admin.write('PATCH', `/api/admin/users/${target.id}/ban`)).statusCode).toBe(200);
    expect((await profileOf(target.id)).statusCode).toBe(404);
  });

  it('is gone while the account waits to be deleted, and back when the deletion is cancelled', async () => {
    const leaver = await signedInClient(ctx);
    expect((await profileOf(leaver.userId)).statusCode).toBe(200);
    const requested = await leaver.client.post('/api/users/me/deletion', { reviews: 'anonymize', password: 'correct horse battery' });
    expect(requested.statusCode).toBe(202);
    const gone = await profileOf(leaver.userId);
    expect(gone.statusCode).toBe(404);
    expect(gone.body.message).toBe(MSG.reviewerProfile.notFound);

    const again = new TestClient(ctx.app);
    expect((await again.post('/api/auth/login', { email: leaver.email, password: 'correct horse battery' })).statusCode).toBe(200);
    expect((await again.write('DELETE', '/api/users/me/deletion')).statusCode).toBe(200);
    expect((await profileOf(leaver.userId)).statusCode).toBe(200);
  });
});
