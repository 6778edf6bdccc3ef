/**
 * Review moderation (spec sections 2 /admin/reviews, 4 Review flag, 7 Administration): the flagged
 * list, approving (clearing flags) and an admin deleting someone else's review, with audit rows.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlaggedReview } from '#core/api.js';
import { adminAuditLog, reviewFlags, reviews } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser, type OfficerRow, type ReviewRow } from '#server/test/fixtures.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInClient>>;
let officer: OfficerRow;
let steamCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInClient(ctx, { isAdmin: true });
  const regiment = await createRegiment(ctx.db, { name: 'Moderation Regiment' });
  officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Longstreet' });
});
afterAll(() => ctx.close());

function nextSteamId(): string {
  steamCounter += 1;
  return '7656119' + String(steamCounter).padStart(10, '0');
}

async function reviewByNewAuthor(rating = 3): Promise<{ review: ReviewRow; username: string; steamId: string }> {
  const steamId = nextSteamId();
  const author = await createUser(ctx.db, { steamId });
  const target = await createOfficer(ctx.db, { regimentId: officer.regimentId, name: `Target of ${author.username}` });
  const review = await createReview(ctx.db, { userId: author.id, officerId: target.id, rating });
  return { review, username: author.username, steamId };
}

/** Flags the review as `count` different signed-in users, through the real API. */
async function flag(reviewId: number, count: number, reason = 'Insulting and off topic.') {
  for (let i = 0; i < count; i++) {
    const flagger = await signedInClient(ctx);
    const response = await flagger.client.post(`/api/reviews/${reviewId}/flag`, { reason: `${reason} (${i + 1})` });
    expect(response.statusCode).toBe(201);
  }
}

async function flagged(): Promise<FlaggedReview[]> {
  const response = await admin.client.get('/api/admin/reviews/flagged');
  expect(response.statusCode).toBe(200);
  return response.json<{ rows: FlaggedReview[] }>().rows;
}

async function auditRows(action: string, targetId: number) {
  return ctx.db
    .select({ adminId: adminAuditLog.adminId, targetType: adminAuditLog.targetType })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, targetId)));
}

describe('GET /api/admin/reviews/flagged', () => {
  it('lists reviews with pending flags, most flagged first, with their flags', async () => {
    const once = await reviewByNewAuthor(2);
    const thrice = await reviewByNewAuthor(4);
    const twice = await reviewByNewAuthor();
    const cleared = await reviewByNewAuthor();
    await reviewByNewAuthor(); // never flagged
    await flag(once.review.id, 1, 'Spam link in the text.');
    await flag(thrice.review.id, 3);
    await flag(twice.review.id, 2);
    await flag(cleared.review.id, 4);
    expect((await admin.client.post(`/api/admin/reviews/${cleared.review.id}/approve`)).statusCode).toBe(200);

    const rows = await flagged();
    expect(rows.map((row) => row.id)).toEqual([thrice.review.id, twice.review.id, once.review.id]);
    expect(rows.map((row) => row.flagCount)).toEqual([3, 2, 1]);
    const [top] = rows;
    expect(top).toEqual({
      id: thrice.review.id,
      text: thrice.review.text,
      leadership: 4,
      tactics: 4,
      communication: 4,
      fairness: 4,
      overallRating: 4,
      createdAt: thrice.review.createdAt.toISOString(),
      officerId: thrice.review.officerId,
      officerName: `Target of ${thrice.username}`,
      reviewerUsername: thrice.username,
      reviewerSteamId: thrice.steamId,
      reviewerId: thrice.review.userId,
      flagCount: 3,
      flags: [1, 2, 3].map((n) => ({ id: expect.any(Number), reason: `Insulting and off topic. (${n})`, createdAt: expect.any(String) })),
      target: 'review',
      reply: null,
      replyAuthor: null,
    });
    expect(rows[2]!.flags).toEqual([{ id: expect.any(Number), reason: 'Spam link in the text. (1)', createdAt: expect.any(String) }]);
    // Flags carry no flagger identity or email.
    expect(JSON.stringify(rows)).not.toContain('email');
  });
});

describe('POST /api/admin/reviews/:id/approve', () => {
  it('clears the flags, keeps the review, and writes an audit row', async () => {
    const { review } = await reviewByNewAuthor();
    await flag(review.id, 2);
    expect((await flagged()).some((row) => row.id === review.id)).toBe(true);

    const response = await admin.client.post(`/api/admin/reviews/${review.id}/approve`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'The flags have been removed.' });
    expect((await flagged()).some((row) => row.id === review.id)).toBe(false);
    const statuses = await ctx.db.select({ status: reviewFlags.status }).from(reviewFlags).where(eq(reviewFlags.reviewId, review.id));
    expect(statuses).toEqual([{ status: 'approved' }, { status: 'approved' }]);
    expect(await ctx.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, review.id))).toEqual([{ id: review.id }]);
    expect(await auditRows('review.approve', review.id)).toEqual([{ adminId: admin.userId, targetType: 'review' }]);

    // A later flag puts it back in the queue.
    await flag(review.id, 1);
    expect((await flagged()).find((row) => row.id === review.id)?.flagCount).toBe(1);
  });

  it('answers 404 for an unknown review', async () => {
    expect((await admin.client.post('/api/admin/reviews/999999/approve')).statusCode).toBe(404);
  });
});

describe('DELETE /api/reviews/:id by an admin', () => {
  it("removes someone else's review with its flags, fixes the figures, and writes an audit row", async () => {
    const { review } = await reviewByNewAuthor(5);
    await flag(review.id, 2);
    const response = await admin.client.write('DELETE', `/api/reviews/${review.id}`);
    expect(response.statusCode).toBe(200);
    expect(await ctx.db.select().from(reviews).where(eq(reviews.id, review.id))).toEqual([]);
    expect(await ctx.db.select().from(reviewFlags).where(eq(reviewFlags.reviewId, review.id))).toEqual([]);
    expect((await flagged()).some((row) => row.id === review.id)).toBe(false);
    expect(await auditRows('review.delete', review.id)).toEqual([{ adminId: admin.userId, targetType: 'review' }]);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('an author deleting their own review is not an admin action, even for an admin', async () => {
    const author = await signedInClient(ctx, { steamId: nextSteamId() });
    const own = await createReview(ctx.db, { userId: author.userId, officerId: officer.id });
    expect((await author.client.write('DELETE', `/api/reviews/${own.id}`)).statusCode).toBe(200);
    expect(await auditRows('review.delete', own.id)).toEqual([]);

    const adminsOwn = await createReview(ctx.db, { userId: admin.userId, officerId: officer.id });
    expect((await admin.client.write('DELETE', `/api/reviews/${adminsOwn.id}`)).statusCode).toBe(200);
    expect(await auditRows('review.delete', adminsOwn.id)).toEqual([]);
  });
});
