/** Flagging a review for moderation: one open flag per user per review. */
import { MSG } from '#core/messages.js';
import { isSuspended } from '#core/permissions.js';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/platform/db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '#server/platform/db/errors.js';
import { reviewFlags, reviews } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';

/** A flag no administrator has decided on yet (approving a review clears its flags). */
export const OPEN_FLAG_STATUS = 'pending';

export async function flagReview(db: Database, user: SessionUser, reviewId: number, reason: string): Promise<number> {
  if (isSuspended(user)) throw new AppError('FORBIDDEN', MSG.account.suspended);
  try {
    return await db.transaction(async (tx) => {
      // Locked until commit, so a delete of the review cannot pass the flag (see writeVote in votes.ts).
      const [review] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId)).for('key share');
      if (!review) throw notFound('Review');
      const [open] = await tx
        .select({ id: reviewFlags.id })
        .from(reviewFlags)
        // The review's own flags: a flag on its reply (reply_id set) is another matter (issue 32).
        .where(
          and(
            eq(reviewFlags.reviewId, reviewId),
            eq(reviewFlags.onReply, false),
            eq(reviewFlags.userId, user.id),
            eq(reviewFlags.status, OPEN_FLAG_STATUS),
          ),
        );
      if (open) throw new AppError('CONFLICT', MSG.reviewActions.duplicateFlag);
      const [flag] = await tx.insert(reviewFlags).values({ reviewId, userId: user.id, reason }).returning({ id: reviewFlags.id });
      return flag!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'review_flags_open_per_user_idx')) throw new AppError('CONFLICT', MSG.reviewActions.duplicateFlag);
    if (isForeignKeyViolation(error)) throw notFound('Review');
    throw error;
  }
}
