/**
 * Votes on reviews: 1, -1, or 0 to clear (spec section 4: pressing the same direction again sends 0).
 * The review's score moves by the difference in one atomic UPDATE, so simultaneous voters never
 * overwrite each other.
 */
import { MSG } from '../../../core/messages.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { reviewVotes, reviews } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { SessionUser } from '../auth/sessions.js';
import { REVIEW_ERRORS } from './review-writes.js';

export const VOTE_ERRORS = { ownReview: MSG.reviewActions.ownReviewVote } as const;

export async function getVote(db: Executor, userId: number, reviewId: number): Promise<number> {
  const [review] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId));
  if (!review) throw notFound('Review');
  const [vote] = await db
    .select({ vote: reviewVotes.vote })
    .from(reviewVotes)
    .where(and(eq(reviewVotes.userId, userId), eq(reviewVotes.reviewId, reviewId)));
  return vote?.vote ?? 0;
}

/** The vote as the voter sees it, and the reviewed officer (whose review pages show the new score). */
export async function castVote(
  db: Database,
  user: SessionUser,
  reviewId: number,
  value: -1 | 0 | 1,
): Promise<{ value: number; score: number; officerId: number }> {
  if (user.isBanned) throw new AppError('FORBIDDEN', REVIEW_ERRORS.banned);
  try {
    return await writeVote(db, user, reviewId, value);
  } catch (error) {
    // The same user's first vote arriving twice at once: the second sees the first once retried.
    if (isUniqueViolation(error, 'review_votes_user_review_idx')) return writeVote(db, user, reviewId, value);
    throw error;
  }
}

async function writeVote(db: Database, user: SessionUser, reviewId: number, value: -1 | 0 | 1) {
  return db.transaction(async (tx) => {
    const [review] = await tx.select({ userId: reviews.userId, officerId: reviews.officerId }).from(reviews).where(eq(reviews.id, reviewId));
    if (!review) throw notFound('Review');
    if (review.userId === user.id) throw new AppError('FORBIDDEN', VOTE_ERRORS.ownReview);

    const [previous] = await tx
      .select({ vote: reviewVotes.vote })
      .from(reviewVotes)
      .where(and(eq(reviewVotes.userId, user.id), eq(reviewVotes.reviewId, reviewId)))
      .for('update');
    const delta = value - (previous?.vote ?? 0);

    if (value === 0) {
      await tx.delete(reviewVotes).where(and(eq(reviewVotes.userId, user.id), eq(reviewVotes.reviewId, reviewId)));
    } else if (previous) {
      await tx.update(reviewVotes).set({ vote: value }).where(and(eq(reviewVotes.userId, user.id), eq(reviewVotes.reviewId, reviewId)));
    } else {
      await tx.insert(reviewVotes).values({ userId: user.id, reviewId, vote: value });
    }
    const [updated] = await tx
      .update(reviews)
      .set({ score: sql`${reviews.score} + ${delta}` })
      .where(eq(reviews.id, reviewId))
      .returning({ score: reviews.score });
    return { value, score: updated!.score, officerId: review.officerId };
  });
}
