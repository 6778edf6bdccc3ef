/**
 * Deleting reviews (a new one: review-create.ts; an edit: review-edit.ts). Each write changes the review and the
 * aggregates it feeds (officer and regiment figures) in one transaction (docs/decisions/0002-aggregates.md).
 */
import { MSG } from '#core/messages.js';
import { eq } from 'drizzle-orm';
import { canChangeReview, reviewWriterRefusal } from '#core/permissions.js';
import type { WaveThresholds } from '#core/review-waves.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { officers, reviews } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { recordAdminAction } from '#server/domain/audit-log.js';
import { flagReasonsOf, reviewSubject, type StaffRemoval } from './moderation.js';
import { recordModerationAction } from '#server/domain/moderation/statements.js';
import { archiveReview } from '#server/domain/moderation/removed-content.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import { requireStaffFactor } from '#server/domain/identity/guards.js';
import { removeReview } from '#server/domain/figures/review-removal.js';

/** Spec section 6: writing needs a linked Steam account, and banned users cannot submit reviews. */
export function assertMayWriteReviews(user: SessionUser): void {
  const refusal = reviewWriterRefusal(user);
  if (refusal === 'suspended') throw new AppError('FORBIDDEN', MSG.reviews.banned);
  if (refusal === 'steam-not-linked') throw new AppError('FORBIDDEN', MSG.reviews.steamRequired);
}

/** What a new review's write takes from the configuration. */
export interface ReviewWriteSettings {
  waves: WaveThresholds;
  /** WEBHOOK_SETTLE_SECONDS, in ms: how long before the regiment's Discord channel hears of it. */
  webhookSettleMs: number;
}

/**
 * Loads a review for its deletion; unknown ids get 404, anyone else 403: the author or staff may
 * delete (spec section 6; an edit, the author alone, is review-edit.ts).
 *
 * Locks the officer's row, then the review's: the order of createReview and of the officer and
 * regiment deletes, so these writers never wait on each other in a cycle. Under the officer lock no
 * review of the officer is added or renumbered, so the position read here stays right until commit.
 */
async function reviewForDeletion(tx: Executor, user: SessionUser, reviewId: number) {
  // A review never moves to another officer, so its officer can be read before any lock.
  const [target] = await tx.select({ officerId: reviews.officerId }).from(reviews).where(eq(reviews.id, reviewId));
  if (!target) throw notFound('Review');
  await tx.select({ id: officers.id }).from(officers).where(eq(officers.id, target.officerId)).for('no key update');
  const [review] = await tx
    .select({
      id: reviews.id,
      userId: reviews.userId,
      officerId: reviews.officerId,
      position: reviews.position,
    })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .for('update');
  // Deleted while this request waited for the officer.
  if (!review) throw notFound('Review');
  if (!canChangeReview(user, review, 'delete')) throw new AppError('FORBIDDEN', MSG.reviews.notAuthor);
  // Someone else's review: staff power, which needs a second factor (issue 34, item 4).
  if (review.userId !== user.id) requireStaffFactor(user);
  return review;
}

export async function deleteReview(db: Database, user: SessionUser, reviewId: number, removal: StaffRemoval): Promise<void> {
  await db.transaction(async (tx) => {
    const review = await reviewForDeletion(tx, user, reviewId);
    if (review.userId === user.id) {
      await removeReview(tx, review);
      return;
    }
    // Someone else's review can only be deleted by staff (reviewForDeletion): a moderation action,
    // with a statement of reasons to its author, kept for the appeal window (issue 33).
    const action = await recordModerationAction(
      tx,
      user,
      {
        kind: 'review_removal',
        userId: review.userId,
        targetType: 'review',
        subject: await reviewSubject(tx, review.officerId),
        targetId: review.id,
        reasons: removal.reasons,
        defaultFacts: await flagReasonsOf(tx, review.id, 'review'),
      },
      removal.appealWindowDays,
    );
    await archiveReview(tx, review, action.id, action.appealableUntil);
    await recordAdminAction(tx, user.id, {
      action: 'review.delete',
      targetType: 'review',
      targetId: review.id,
      summary: `Deleted review #${review.id} of officer #${review.officerId}`,
    });
  });
}
