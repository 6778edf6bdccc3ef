/**
 * The officer's right of reply (issue 18, item 1; docs/decisions/0037-right-of-reply.md): the
 * account linked to the reviewed officer posts, edits or deletes one public reply per review; the
 * reviewer marks the exchange resolved; anyone signed in may flag the reply. Each write locks the
 * review's row first (FOR UPDATE, the lock a review delete takes after its officer's), so replies,
 * resolutions and the review's delete follow one another, and one reply per review holds without
 * racing the unique constraint. Nothing here touches the figures: a reply rates nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '#core/messages.js';
import { canModerate, isOwnOfficerProfile, isSuspended } from '#core/permissions.js';
import { recordModerationAction } from '#server/domain/moderation/statements.js';
import { archiveReply } from '#server/domain/moderation/removed-content.js';
import { flagReasonsOf, reviewSubject, type StaffRemoval } from './moderation.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { isUniqueViolation } from '#server/platform/db/errors.js';
import { officers, regiments, reviewFlags, reviewReplies, reviews, users } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { recordAdminAction } from '#server/domain/audit-log.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import { requireStaffFactor } from '#server/domain/identity/guards.js';
import { notify } from '#server/domain/notify/notify.js';
import { postReplyToRegimentWebhook } from '#server/domain/notify/regiment-webhook-posts.js';
import { queueFollowerNews } from '#server/domain/notify/follower-news.js';
import { OPEN_FLAG_STATUS } from './flags.js';

interface ReviewForReply {
  id: number;
  /** Null when its author deleted their account and kept it (issue 35): nobody to tell. */
  userId: number | null;
  officerId: number;
  officerName: string;
  resolved: boolean;
  reply: { id: number; text: string } | null;
}

/**
 * The review (of a public officer, as the review lists show it: 404 otherwise) and its reply, with
 * the review's row locked until commit (`lock`: FOR UPDATE for a change, KEY SHARE for a flag).
 */
async function reviewForReply(tx: Executor, reviewId: number, lock: 'update' | 'key share'): Promise<ReviewForReply> {
  const [locked] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId)).for(lock);
  if (!locked) throw notFound('Review');
  const [review] = await tx
    .select({
      id: reviews.id,
      userId: reviews.userId,
      officerId: reviews.officerId,
      officerName: officers.name,
      resolved: reviews.resolved,
      reply: { id: reviewReplies.id, text: reviewReplies.text },
    })
    .from(reviews)
    .innerJoin(officers, eq(officers.id, reviews.officerId))
    .innerJoin(regiments, eq(regiments.id, officers.regimentId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(and(eq(reviews.id, reviewId), eq(officers.isActive, true), eq(regiments.isActive, true)));
  if (!review) throw notFound('Review');
  return review;
}

/**
 * Whether the account is linked to the review's officer now: read in the write's transaction, not
 * from the session, as the self-review rule is (an admin may have linked or unlinked it meanwhile).
 */
async function isLinkedToOfficer(tx: Executor, userId: number, officerId: number): Promise<boolean> {
  const [user] = await tx.select({ officerId: users.officerId }).from(users).where(eq(users.id, userId));
  return isOwnOfficerProfile(user ?? null, officerId);
}

/** Tells the reviewer that the officer answered (the notification, and a mail through the outbox). */
async function notifyReviewerOfReply(tx: Executor, review: ReviewForReply): Promise<void> {
  if (review.userId === null) return;
  await notify(tx, {
    userId: review.userId,
    kind: 'review_reply',
    data: { reviewId: review.id, officerId: review.officerId, officerName: review.officerName },
  });
}

/** The review a reply write changed, as shown: in its officer's review pages and on its author's profile (null: the account is gone). */
export interface RepliedReview {
  officerId: number;
  authorId: number | null;
}

export interface ReplyWritten extends RepliedReview {
  /** false for an edit (or a repeat of the same text, which changes nothing). */
  created: boolean;
  /** false for a repeat of the same text: no public answer changed. */
  changed: boolean;
}

/**
 * PUT /api/reviews/{id}/reply: posts the officer's reply or replaces its text. The one place a reply
 * is written, and where a new one is posted to the regiment's Discord webhook. An edit that changes
 * the text sets the review back to unresolved: the reviewer resolved the exchange as it stood, not a
 * reply they have not read; they are told again then, and on the first reply, never on a plain edit.
 */
export async function putReply(db: Database, user: SessionUser, reviewId: number, text: string, webhookSettleMs: number): Promise<ReplyWritten> {
  if (isSuspended(user)) throw new AppError('FORBIDDEN', MSG.account.suspended);
  return db.transaction(async (tx) => {
    const review = await reviewForReply(tx, reviewId, 'update');
    if (!(await isLinkedToOfficer(tx, user.id, review.officerId))) throw new AppError('FORBIDDEN', MSG.reviewReply.notOfficerOfReview);
    if (!review.reply) {
      await tx.insert(reviewReplies).values({ reviewId, userId: user.id, text });
      await notifyReviewerOfReply(tx, review);
      await postReplyToRegimentWebhook(tx, reviewId, webhookSettleMs);
      // The officer's followers hear of a first reply, as the reviewer does (issue 36).
      await queueFollowerNews(tx, { event: 'reply', reviewId });
      return { officerId: review.officerId, authorId: review.userId, created: true, changed: true };
    }
    if (review.reply.text === text) return { officerId: review.officerId, authorId: review.userId, created: false, changed: false };
    await tx
      .update(reviewReplies)
      .set({ text, userId: user.id, updatedAt: sql`now()` })
      .where(eq(reviewReplies.id, review.reply.id));
    if (review.resolved) {
      await tx.update(reviews).set({ resolved: false }).where(eq(reviews.id, reviewId));
      await notifyReviewerOfReply(tx, review);
    }
    return { officerId: review.officerId, authorId: review.userId, created: false, changed: true };
  });
}

/**
 * DELETE /api/reviews/{id}/reply: by the officer's account or a staff member. Without a reply there
 * is nothing resolved. A staff member's delete is in the audit log, tells the reply's writer why
 * (a statement of reasons) and keeps the reply for the appeal window (issue 33); the officer's own
 * delete leaves its open flags undecided. Returns the review's officer and author, whose review pages and profile change.
 */
export async function deleteReply(db: Database, user: SessionUser, reviewId: number, removal: StaffRemoval): Promise<RepliedReview> {
  return db.transaction(async (tx) => {
    const review = await reviewForReply(tx, reviewId, 'update');
    const isOfficer = await isLinkedToOfficer(tx, user.id, review.officerId);
    if (!isOfficer && !canModerate(user)) throw new AppError('FORBIDDEN', MSG.reviewReply.notOfficerOfReview);
    // Not the officer's own: staff power, which needs a second factor (issue 34, item 4).
    if (!isOfficer) requireStaffFactor(user);
    if (!review.reply) throw new AppError('NOT_FOUND', MSG.reviewReply.noReply);
    if (isOfficer) {
      await tx
        .update(reviewFlags)
        .set({ status: 'dropped' })
        .where(and(eq(reviewFlags.replyId, review.reply.id), eq(reviewFlags.status, OPEN_FLAG_STATUS)));
      await tx.delete(reviewReplies).where(eq(reviewReplies.id, review.reply.id));
      if (review.resolved) await tx.update(reviews).set({ resolved: false }).where(eq(reviews.id, reviewId));
    } else {
      const [writer] = await tx.select({ userId: reviewReplies.userId }).from(reviewReplies).where(eq(reviewReplies.id, review.reply.id));
      const action = await recordModerationAction(
        tx,
        user,
        {
          kind: 'reply_removal',
          userId: writer?.userId ?? null,
          targetType: 'reply',
          subject: await reviewSubject(tx, review.officerId, 'reply'),
          targetId: review.reply.id,
          reasons: removal.reasons,
          defaultFacts: await flagReasonsOf(tx, reviewId, 'reply'),
        },
        removal.appealWindowDays,
      );
      await archiveReply(tx, reviewId, action.id, action.appealableUntil);
      await recordAdminAction(tx, user.id, {
        action: 'review.reply_delete',
        targetType: 'review',
        targetId: reviewId,
        summary: `Deleted the reply to review #${reviewId} of officer #${review.officerId}`,
      });
    }
    return { officerId: review.officerId, authorId: review.userId };
  });
}

/**
 * POST /api/reviews/{id}/resolved: the review's author marks the exchange resolved or not; only
 * with a reply to resolve (409 otherwise; marking unresolved is always allowed). A suspended account
 * cannot, as it cannot edit its review. The review's updatedAt stays: this is not an edit of the
 * review. Returns the officer and author, and whether the mark changed (setting it as it was changes nothing).
 */
export async function setReviewResolved(
  db: Database,
  user: SessionUser,
  reviewId: number,
  resolved: boolean,
): Promise<RepliedReview & { changed: boolean }> {
  if (isSuspended(user)) throw new AppError('FORBIDDEN', MSG.reviews.banned);
  return db.transaction(async (tx) => {
    const review = await reviewForReply(tx, reviewId, 'update');
    if (review.userId !== user.id) throw new AppError('FORBIDDEN', MSG.reviewReply.notReviewAuthor);
    if (resolved && !review.reply) throw new AppError('CONFLICT', MSG.reviewReply.resolveWithoutReply);
    const changed = review.resolved !== resolved;
    if (changed) await tx.update(reviews).set({ resolved }).where(eq(reviews.id, reviewId));
    return { officerId: review.officerId, authorId: review.userId, changed };
  });
}

/**
 * POST /api/reviews/{id}/reply/flag {reason}: a flag on the reply, in the review flags' one queue
 * (its reply_id says it is on the reply; docs/decisions/0037-right-of-reply.md). One open flag per
 * user per reply; the officer's own account has nothing to flag.
 */
export async function flagReply(db: Database, user: SessionUser, reviewId: number, reason: string): Promise<number> {
  if (isSuspended(user)) throw new AppError('FORBIDDEN', MSG.account.suspended);
  try {
    return await db.transaction(async (tx) => {
      const review = await reviewForReply(tx, reviewId, 'key share');
      if (!review.reply) throw new AppError('NOT_FOUND', MSG.reviewReply.noReply);
      if (isOwnOfficerProfile(user, review.officerId)) throw new AppError('FORBIDDEN', MSG.reviewReply.ownReplyFlag);
      const replyId = review.reply.id;
      const [open] = await tx
        .select({ id: reviewFlags.id })
        .from(reviewFlags)
        .where(and(eq(reviewFlags.replyId, replyId), eq(reviewFlags.userId, user.id), eq(reviewFlags.status, OPEN_FLAG_STATUS)));
      if (open) throw new AppError('CONFLICT', MSG.reviewReply.duplicateReplyFlag);
      const [flag] = await tx
        .insert(reviewFlags)
        .values({ reviewId, replyId, onReply: true, userId: user.id, reason })
        .returning({ id: reviewFlags.id });
      return flag!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'review_flags_open_reply_per_user_idx')) throw new AppError('CONFLICT', MSG.reviewReply.duplicateReplyFlag);
    throw error;
  }
}
