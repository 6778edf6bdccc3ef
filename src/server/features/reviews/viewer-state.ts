/**
 * What one signed-in user did to one review: their vote (spec section 7, GET /api/reviews/{id}/vote
 * -> value), whether their flag on the review is still open (`flagged`, issue 13), and whether their
 * flag on its reply is (`replyFlagged`, issue 32): two flags, never one for the other. Per user, so
 * never in the shared, cached review pages (docs/decisions/0017-per-user-review-state.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#server/platform/db/client.js';
import { reviewFlags, reviewVotes, reviews } from '#server/platform/db/schema.js';
import { notFound } from '#server/platform/errors.js';
import { OPEN_FLAG_STATUS } from './flags.js';

export interface ReviewViewerState {
  value: number;
  flagged: boolean;
  replyFlagged: boolean;
}

/** One statement: the review (404 when missing), the user's vote (0 without one) and open flag. */
export async function getReviewViewerState(db: Executor, userId: number, reviewId: number): Promise<ReviewViewerState> {
  const vote = db
    .select({ vote: reviewVotes.vote })
    .from(reviewVotes)
    .where(and(eq(reviewVotes.userId, userId), eq(reviewVotes.reviewId, reviewId)));
  // The unique indexes of open flags (review_flags_open_per_user_idx, ..._open_reply_per_user_idx) answer these.
  const openFlag = (onReply: boolean) =>
    db
      .select({ one: sql`1` })
      .from(reviewFlags)
      .where(
        and(
          eq(reviewFlags.reviewId, reviewId),
          eq(reviewFlags.onReply, onReply),
          eq(reviewFlags.userId, userId),
          eq(reviewFlags.status, OPEN_FLAG_STATUS),
        ),
      );
  const [row] = await db
    .select({
      value: sql<number>`coalesce(${vote}, 0)`.mapWith(Number),
      flagged: sql<boolean>`exists ${openFlag(false)}`.mapWith(Boolean),
      replyFlagged: sql<boolean>`exists ${openFlag(true)}`.mapWith(Boolean),
    })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (!row) throw notFound('Review');
  return row;
}
