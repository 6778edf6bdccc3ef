/**
 * Review moderation (spec sections 2 /admin/reviews, 4 Review flag, 7 Administration). Approving a
 * review marks its pending flags 'approved' instead of deleting them: the review leaves the queue,
 * the record of who flagged what stays, and the same user may flag it again later (only one
 * *pending* flag per user is unique). Deleting a review goes through DELETE /api/reviews/{id}.
 */
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FlaggedReview } from '#core/api.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { officers, reviewFlags, reviewReplies, reviews, users } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { MSG } from '#core/messages.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import type { StatedReasons } from '#server/domain/moderation/statements.js';
import { recordAdminAction } from '#server/domain/audit-log.js';

const PENDING = 'pending';
/** The account that wrote a flagged reply, beside the review's author (issue 36, item 6). */
const replyAuthors = alias(users, 'reply_authors');
/** The moderation screen is one table; a queue longer than this is worked through from the top. */
export const FLAGGED_REVIEWS_LIMIT = 200;

/**
 * Reviews and replies with at least one pending flag: most flagged first, then the longest waiting.
 * A row is a review's flags or its reply's (issue 18, item 1: one queue, the row says which).
 */
export async function listFlaggedReviews(db: Executor): Promise<FlaggedReview[]> {
  const pending = db
    .select({
      reviewId: reviewFlags.reviewId,
      replyId: reviewFlags.replyId,
      flagCount: sql<number>`count(*)::int`.as('flag_count'),
      firstFlaggedAt: sql<Date>`min(${reviewFlags.createdAt})`.as('first_flagged_at'),
    })
    .from(reviewFlags)
    // A reply flag whose reply is gone has nothing left to decide (issue 33: flags outlive what they flagged).
    .where(and(eq(reviewFlags.status, PENDING), or(eq(reviewFlags.onReply, false), isNotNull(reviewFlags.replyId))))
    .groupBy(reviewFlags.reviewId, reviewFlags.replyId)
    .as('pending');

  const rows = await db
    .select({
      id: reviews.id,
      text: reviews.text,
      leadership: reviews.leadership,
      tactics: reviews.tactics,
      communication: reviews.communication,
      fairness: reviews.fairness,
      overallRating: reviews.overallRating,
      createdAt: reviews.createdAt,
      officerId: reviews.officerId,
      officerName: officers.name,
      reviewerUsername: users.username,
      reviewerSteamId: users.steamId,
      reviewerId: users.id,
      flagCount: pending.flagCount,
      reply: { id: reviewReplies.id, text: reviewReplies.text, createdAt: reviewReplies.createdAt, updatedAt: reviewReplies.updatedAt },
      replyAuthor: { id: replyAuthors.id, username: replyAuthors.username, steamId: replyAuthors.steamId },
    })
    .from(reviews)
    .innerJoin(pending, eq(pending.reviewId, reviews.id))
    .leftJoin(reviewReplies, eq(reviewReplies.id, pending.replyId))
    .leftJoin(replyAuthors, eq(replyAuthors.id, reviewReplies.userId))
    .innerJoin(officers, eq(officers.id, reviews.officerId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .orderBy(desc(pending.flagCount), asc(pending.firstFlaggedAt), asc(reviews.id))
    .limit(FLAGGED_REVIEWS_LIMIT);
  if (rows.length === 0) return [];

  const flags = await db
    .select({
      id: reviewFlags.id,
      reviewId: reviewFlags.reviewId,
      replyId: reviewFlags.replyId,
      reason: reviewFlags.reason,
      createdAt: reviewFlags.createdAt,
    })
    .from(reviewFlags)
    .where(
      and(
        eq(reviewFlags.status, PENDING),
        inArray(
          reviewFlags.reviewId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(reviewFlags.createdAt), asc(reviewFlags.id));
  // A review's own flags under its id, its reply's under `reply:{id}`.
  const keyOf = (reviewId: number, replyId: number | null | undefined) => (replyId ? `reply:${replyId}` : `${reviewId}`);
  const flagsByRow = new Map<string, FlaggedReview['flags']>();
  for (const flag of flags) {
    const key = keyOf(flag.reviewId!, flag.replyId);
    const list = flagsByRow.get(key) ?? [];
    list.push({ id: flag.id, reason: flag.reason, createdAt: flag.createdAt.toISOString() });
    flagsByRow.set(key, list);
  }
  return rows.map(({ reply, replyAuthor, ...row }) => ({
    ...row,
    // Null on a review's row, and when the reply's account is gone (its user_id is set null).
    replyAuthor: reply && replyAuthor ? replyAuthor : null,
    createdAt: row.createdAt.toISOString(),
    flags: flagsByRow.get(keyOf(row.id, reply?.id)) ?? [],
    target: reply ? 'reply' : 'review',
    reply: reply && { text: reply.text, createdAt: reply.createdAt.toISOString(), updatedAt: reply.updatedAt.toISOString() },
  }));
}

/**
 * Clears the review's pending flags (spec section 4: admin approval removes the review's flags), or
 * with `target` 'reply' its reply's (POST /api/admin/reviews/{id}/reply/approve, issue 18): each
 * approval is of what was flagged, never of the other.
 */
export async function approveFlaggedReview(
  db: Database,
  admin: SessionUser,
  reviewId: number,
  target: 'review' | 'reply' = 'review',
): Promise<number> {
  return db.transaction(async (tx) => {
    const [review] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId)).for('update');
    if (!review) throw notFound('Review');
    const cleared = await tx
      .update(reviewFlags)
      .set({ status: 'approved', decidedAt: new Date() })
      .where(and(eq(reviewFlags.reviewId, reviewId), eq(reviewFlags.status, PENDING), flagTargetIs(target)))
      .returning({ id: reviewFlags.id });
    // Issue 33, item 7: nothing pending means another moderator decided it first (or nobody flagged it).
    if (cleared.length === 0) throw new AppError('CONFLICT', MSG.moderation.caseAlreadyDecided);
    await recordAdminAction(tx, admin.id, {
      action: target === 'reply' ? 'review.reply_approve' : 'review.approve',
      targetType: 'review',
      targetId: reviewId,
      summary: `Approved ${target === 'reply' ? 'the reply to ' : ''}review #${reviewId}, clearing ${cleared.length} flag(s)`,
    });
    return cleared.length;
  });
}

/** Flags on the review itself, or on its reply (on_reply, which stays when the reply is gone). */
function flagTargetIs(target: 'review' | 'reply') {
  return eq(reviewFlags.onReply, target === 'reply');
}

/** What a staff removal needs beside the review: the reasons given, and how long it may be appealed. */
export interface StaffRemoval {
  reasons: StatedReasons;
  appealWindowDays: number;
}

/** The longest facts taken from the flags when the staff member stated none. */
const FLAG_FACTS_LENGTH = 1000;

/**
 * The facts of a removal when the staff member gave none (a spec call without a body): what the
 * pending flags of the review (or of its reply) said. Called before the removal decides them.
 */
export async function flagReasonsOf(tx: Executor, reviewId: number, target: 'review' | 'reply'): Promise<string | undefined> {
  const flags = await tx
    .select({ reason: reviewFlags.reason })
    .from(reviewFlags)
    .where(and(eq(reviewFlags.reviewId, reviewId), eq(reviewFlags.status, PENDING), flagTargetIs(target)))
    .orderBy(asc(reviewFlags.createdAt), asc(reviewFlags.id));
  const reasons = [...new Set(flags.map((flag) => flag.reason.trim()).filter(Boolean))].join('; ');
  return reasons ? `Readers flagged it: ${reasons}`.slice(0, FLAG_FACTS_LENGTH) : undefined;
}

/** What a review removal was about, for its author: "your review of Maj. Hooker". */
export async function reviewSubject(tx: Executor, officerId: number, what: 'review' | 'reply' = 'review'): Promise<string> {
  const [officer] = await tx.select({ name: officers.name, rank: officers.rank }).from(officers).where(eq(officers.id, officerId));
  const name = officer ? [officer.rank, officer.name].filter(Boolean).join(' ') : 'an officer';
  return what === 'review' ? `your review of ${name}` : `your reply, as ${name}, to a review`;
}
