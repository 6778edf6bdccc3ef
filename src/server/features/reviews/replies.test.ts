/**
 * The officer's right of reply (issue 18, item 1; docs/decisions/0037-right-of-reply.md) through the
 * real API: who may reply, resolve, delete and flag; the review text rules; the reviewer's
 * notification; reply flags in the one moderation queue; and the response cache forgetting exactly
 * the answers a reply changes.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlaggedReview, Review, ReviewPage } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { adminAuditLog, notifications, reviewFlags, reviewReplies, reviews, users } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, TestClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, type OfficerRow } from '#server/test/fixtures.js';

let ctx: TestContext;
let regimentId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  regimentId = (await createRegiment(ctx.db, { name: '83rd Pennsylvania', sideId: 1 })).id;
});
afterAll(() => ctx.close());

type Client = Awaited<ReturnType<typeof signedInClient>>;

/** An officer with a signed-in linked account, and a review of it by another signed-in user. */
async function exchange(): Promise<{ officer: OfficerRow; officerUser: Client; reviewer: Client; reviewId: number }> {
  const officer = await createOfficer(ctx.db, { regimentId, name: `Vincent ${Math.random().toString(36).slice(2, 6)}` });
  const officerUser = await signedInClient(ctx);
  await ctx.db.update(users).set({ officerId: officer.id, isOfficer: true }).where(eq(users.id, officerUser.userId));
  const reviewer = await signedInClient(ctx);
  const review = await createReview(ctx.db, { userId: reviewer.userId, officerId: officer.id });
  return { officer, officerUser, reviewer, reviewId: review.id };
}

async function listed(officerId: number, reviewId: number): Promise<Review> {
  const page = (await ctx.app.inject({ method: 'GET', url: `/api/reviews/officer/${officerId}` })).json<ReviewPage>();
  return page.reviews.find((review) => review.id === reviewId)!;
}

const REPLY = 'Thank you, we drilled the flank march all week.';

describe('replying', () => {
  it('posts one reply, shown under the review, tells the reviewer, and forgets exactly the review pages', async () => {
    const { officer, officerUser, reviewer, reviewId } = await exchange();
    const pageUrl = `/api/reviews/officer/${officer.id}`;
    const officerUrl = `/api/officers/${officer.id}`;
    for (const url of [pageUrl, '/api/reviews/recent', officerUrl]) await ctx.app.inject({ method: 'GET', url });
    expect(ctx.app.responseCache.get(pageUrl)).toBeDefined();

    const response = await officerUser.client.write('PUT', `/api/reviews/${reviewId}/reply`, { text: REPLY });
    expect(response.statusCode).toBe(200);
    const review = response.json<Review>();
    expect(review.reply).toMatchObject({ text: REPLY });
    expect(review.reply!.createdAt).toBe(review.reply!.updatedAt);
    expect(review.resolved).toBe(false);
    // The review pages and the recent reviews show replies; the officer's figures do not move.
    expect(ctx.app.responseCache.get(pageUrl)).toBeUndefined();
    expect(ctx.app.responseCache.get('/api/reviews/recent')).toBeUndefined();
    expect(ctx.app.responseCache.get(officerUrl)).toBeDefined();
    expect((await listed(officer.id, reviewId)).reply?.text).toBe(REPLY);

    const told = await ctx.db
      .select({ kind: notifications.kind, data: notifications.data })
      .from(notifications)
      .where(eq(notifications.userId, reviewer.userId));
    expect(told).toEqual([{ kind: 'review_reply', data: { reviewId, officerId: officer.id, officerName: officer.name } }]);

    // A second PUT edits the one reply: its text and updatedAt move, nobody is told again.
    const edited = await officerUser.client.write('PUT', `/api/reviews/${reviewId}/reply`, { text: `${REPLY} Edited.` });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Review>().reply!.updatedAt > review.reply!.updatedAt).toBe(true);
    expect(edited.json<Review>().reply!.createdAt).toBe(review.reply!.createdAt);
    expect(await ctx.db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, reviewId))).toHaveLength(1);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, reviewer.userId))).toHaveLength(1);

    // The same text again changes no public answer: the cached page stays.
    await ctx.app.inject({ method: 'GET', url: pageUrl });
    expect((await officerUser.client.write('PUT', `/api/reviews/${reviewId}/reply`, { text: `${REPLY} Edited.` })).statusCode).toBe(200);
    expect(ctx.app.responseCache.get(pageUrl)).toBeDefined();
  });

  it("refuses bad text with the review form's messages, and changes nothing", async () => {
    const { officerUser, reviewId } = await exchange();
    const put = (text: unknown) => officerUser.client.write('PUT', `/api/reviews/${reviewId}/reply`, { text });
    const short = await put('too   short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ path: 'text', message: MSG.reviewForm.textMinNonSpace }]);
    const long = await put('x'.repeat(501));
    expect(long.json().errors).toEqual([{ path: 'text', message: MSG.reviewForm.textMax }]);
    expect((await put(42)).statusCode).toBe(400);
    expect((await put('x'.repeat(500))).statusCode).toBe(200);
    expect((await put(' ')).statusCode).toBe(400);
    const [reply] = await ctx.db.select({ text: reviewReplies.text }).from(reviewReplies).where(eq(reviewReplies.reviewId, reviewId));
    expect(reply!.text).toBe('x'.repeat(500));
  });

  it("only the officer's linked account replies; a held review may be replied to", async () => {
    const { officerUser, reviewer, reviewId } = await exchange();
    const url = `/api/reviews/${reviewId}/reply`;
    const visitor = new TestClient(ctx.app);
    expect((await visitor.write('PUT', url, { text: REPLY })).statusCode).toBe(401);
    expect((await reviewer.client.write('PUT', url, { text: REPLY })).json().message).toBe(MSG.reviewReply.notOfficerOfReview);
    const admin = await signedInClient(ctx, { isAdmin: true });
    expect((await admin.client.write('PUT', url, { text: REPLY })).statusCode).toBe(403);
    expect((await officerUser.client.write('PUT', '/api/reviews/2147483647/reply', { text: REPLY })).statusCode).toBe(404);
    // Without the CSRF token nothing is written.
    const noToken = await ctx.app.inject({ method: 'PUT', url, headers: { cookie: officerUser.client.cookie }, payload: { text: REPLY } });
    expect(noToken.statusCode).toBe(403);
    expect(await ctx.db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, reviewId))).toEqual([]);

    await ctx.db.update(users).set({ isBanned: true }).where(eq(users.id, officerUser.userId));
    expect((await officerUser.client.write('PUT', url, { text: REPLY })).json().message).toBe(MSG.account.suspended);
    await ctx.db.update(users).set({ isBanned: false }).where(eq(users.id, officerUser.userId));

    await ctx.db.update(reviews).set({ held: true }).where(eq(reviews.id, reviewId));
    expect((await officerUser.client.write('PUT', url, { text: REPLY })).statusCode).toBe(200);
  });
});

describe('resolving', () => {
  it('only the reviewer, only with a reply; an edited or deleted reply sets it back', async () => {
    const { officer, officerUser, reviewer, reviewId } = await exchange();
    const resolve = (client: TestClient, resolved: unknown) => client.post(`/api/reviews/${reviewId}/resolved`, { resolved });

    const early = await resolve(reviewer.client, true);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MSG.reviewReply.resolveWithoutReply);
    expect((await officerUser.client.write('PUT', `/api/reviews/${reviewId}/reply`, { text: REPLY })).statusCode).toBe(200);

    expect((await resolve(officerUser.client, true)).json().message).toBe(MSG.reviewReply.notReviewAuthor);
    expect((await resolve(reviewer.client, 'yes')).json().errors).toEqual([{ path: 'resolved', message: MSG.validation.resolvedValue }]);
    const pageUrl = `/api/reviews/officer/${officer.id}`;
    await ctx.app.inject({ method: 'GET', url: pageUrl });
    const resolved = await resolve(reviewer.client, true);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json<Review>().resolved).toBe(true);
    expect(ctx.app.responseCache.get(pageUrl)).toBeUndefined();
    expect((await listed(officer.id, reviewId)).resolved).toBe(true);
    // Not an edit of the review: no "edited" mark.
    expect(resolved.json<Review>().updatedAt).toBe(resolved.json<Review>().createdAt);

    // The same text again changes nothing; a new text is a new answer the reviewer has not resolved.
    await officerUser.client.write('PUT', `/api/reviews/${reviewId}/reply`, { text: REPLY });
    expect((await listed(officer.id, reviewId)).resolved).toBe(true);
    await officerUser.client.write('PUT', `/api/reviews/${reviewId}/reply`, { text: `${REPLY} And more.` });
    expect((await listed(officer.id, reviewId)).resolved).toBe(false);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, reviewer.userId))).toHaveLength(2);

    expect((await resolve(reviewer.client, true)).statusCode).toBe(200);
    expect((await resolve(reviewer.client, false)).json<Review>().resolved).toBe(false);
    expect((await resolve(reviewer.client, true)).statusCode).toBe(200);
    const deleted = await officerUser.client.write('DELETE', `/api/reviews/${reviewId}/reply`);
    expect(deleted.json()).toEqual({ success: true, message: MSG.reviewReply.replyDeleted });
    const after = await listed(officer.id, reviewId);
    expect([after.reply, after.resolved]).toEqual([null, false]);
  });
});

describe('deleting and flagging replies', () => {
  it("the officer's account or an admin deletes; others may not; the review's delete takes the reply", async () => {
    const { officerUser, reviewer, reviewId } = await exchange();
    const url = `/api/reviews/${reviewId}/reply`;
    expect((await officerUser.client.write('DELETE', url)).json().message).toBe(MSG.reviewReply.noReply);
    await officerUser.client.write('PUT', url, { text: REPLY });
    expect((await reviewer.client.write('DELETE', url)).statusCode).toBe(403);
    const admin = await signedInClient(ctx, { isAdmin: true });
    expect((await admin.client.write('DELETE', url)).statusCode).toBe(200);
    const [audit] = await ctx.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, admin.userId), eq(adminAuditLog.targetId, reviewId)));
    expect(audit!.action).toBe('review.reply_delete');

    await officerUser.client.write('PUT', url, { text: REPLY });
    expect((await reviewer.client.write('DELETE', `/api/reviews/${reviewId}`)).statusCode).toBe(200);
    expect(await ctx.db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, reviewId))).toEqual([]);
  });

  it('a reply flag joins the one queue as a reply row; approve and delete act on the reply alone', async () => {
    const { officerUser, reviewer, reviewId } = await exchange();
    const flag = (client: TestClient) => client.post(`/api/reviews/${reviewId}/reply/flag`, { reason: 'Insults the reviewer by name.' });
    expect((await flag(reviewer.client)).json().message).toBe(MSG.reviewReply.noReply);
    await officerUser.client.write('PUT', `/api/reviews/${reviewId}/reply`, { text: REPLY });

    expect((await flag(officerUser.client)).json().message).toBe(MSG.reviewReply.ownReplyFlag);
    expect((await flag(new TestClient(ctx.app))).statusCode).toBe(401);
    expect((await reviewer.client.post(`/api/reviews/${reviewId}/reply/flag`, { reason: 'short' })).statusCode).toBe(400);
    const flagged = await flag(reviewer.client);
    expect(flagged.statusCode).toBe(201);
    expect((await flag(reviewer.client)).json().message).toBe(MSG.reviewReply.duplicateReplyFlag);
    // The officer's flag on the review itself is a flag of the review.
    expect((await officerUser.client.post(`/api/reviews/${reviewId}/flag`, { reason: 'The review is unfair to us.' })).statusCode).toBe(201);

    const admin = await signedInClient(ctx, { isAdmin: true });
    const queue = async () =>
      (await admin.client.get('/api/admin/reviews/flagged')).json<{ rows: FlaggedReview[] }>().rows.filter((row) => row.id === reviewId);
    const rows = await queue();
    expect(rows.map((row) => [row.target, row.reply?.text ?? null, row.flagCount]).sort()).toEqual([
      ['reply', REPLY, 1],
      ['review', null, 1],
    ]);
    expect(rows.find((row) => row.target === 'reply')!.flags[0]!.reason).toBe('Insults the reviewer by name.');
    // Issue 36, item 6: the reply's row names the reply's author, the review's row nobody beside its reviewer.
    expect(rows.find((row) => row.target === 'reply')!.replyAuthor).toEqual({
      id: officerUser.userId,
      username: officerUser.username,
      steamId: null,
    });
    expect(rows.find((row) => row.target === 'review')!.replyAuthor).toBeNull();

    // Approving the reply clears its flag, not the review's.
    expect((await admin.client.post(`/api/admin/reviews/${reviewId}/reply/approve`)).json().message).toBe(MSG.reviewReply.replyApproved);
    expect((await queue()).map((row) => row.target)).toEqual(['review']);

    // Flagged again and deleted: the reply goes, and its flags leave the queue, decided (issue 33:
    // flags outlive what they flagged, for the transparency report); the review and its flag stay.
    const other = await signedInClient(ctx);
    expect((await flag(other.client)).statusCode).toBe(201);
    expect((await admin.client.write('DELETE', `/api/reviews/${reviewId}/reply`)).statusCode).toBe(200);
    expect((await queue()).map((row) => row.target)).toEqual(['review']);
    const flags = await ctx.db.select().from(reviewFlags).where(eq(reviewFlags.reviewId, reviewId));
    expect(flags.map((f) => [f.onReply, f.status, f.replyId]).sort()).toEqual([
      [false, 'pending', null],
      [true, 'approved', null],
      [true, 'upheld', null],
    ]);
    expect((await admin.client.post(`/api/admin/reviews/${reviewId}/approve`)).statusCode).toBe(200);
    expect(await queue()).toEqual([]);
  });

  it('a flag on the reply and a flag on the review are two flags: each is refused twice and shown apart (issue 32)', async () => {
    const { officerUser, reviewId } = await exchange();
    await officerUser.client.write('PUT', `/api/reviews/${reviewId}/reply`, { text: REPLY });
    const reader = await signedInClient(ctx);
    const state = async () => (await reader.client.get(`/api/reviews/${reviewId}/vote`)).json<unknown>();
    const flagReply = () => reader.client.post(`/api/reviews/${reviewId}/reply/flag`, { reason: 'Insults the reviewer by name.' });
    const flagReview = () => reader.client.post(`/api/reviews/${reviewId}/flag`, { reason: 'The review names a player.' });
    expect(await state()).toEqual({ value: 0, flagged: false, replyFlagged: false });

    expect((await flagReply()).statusCode).toBe(201);
    expect(await state()).toEqual({ value: 0, flagged: false, replyFlagged: true });
    expect((await flagReview()).statusCode).toBe(201);
    expect(await state()).toEqual({ value: 0, flagged: true, replyFlagged: true });

    const replyAgain = await flagReply();
    expect([replyAgain.statusCode, replyAgain.json().message]).toEqual([409, MSG.reviewReply.duplicateReplyFlag]);
    const reviewAgain = await flagReview();
    expect([reviewAgain.statusCode, reviewAgain.json().message]).toEqual([409, MSG.reviewActions.duplicateFlag]);
  });
});
