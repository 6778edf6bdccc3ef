/**
 * Votes on reviews: 1, -1, or 0 to clear (spec section 4: pressing the same direction again sends 0).
 * The review's score, and its up and down votes (docs/decisions/0027-review-helpfulness.md), move by
 * the difference in one atomic UPDATE, so simultaneous voters never overwrite each other.
 */
import { MSG } from '#core/messages.js';
import { isOwnOfficerProfile, isOwnReview, isSuspended } from '#core/permissions.js';
import { helpfulVotesAfter, type HelpfulVotes } from '#core/review-sort.js';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '#server/platform/db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '#server/platform/db/errors.js';
import { reviewVotes, reviews } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';

/** The vote as the voter sees it, the review's new figures, and the reviewed officer (whose review pages show them). */
export interface CastVote extends HelpfulVotes {
  value: number;
  score: number;
  officerId: number;
}

export async function castVote(db: Database, user: SessionUser, reviewId: number, value: -1 | 0 | 1): Promise<CastVote> {
  // Not the review message ('cannot submit reviews'): a suspended account is told what it cannot do.
  if (isSuspended(user)) throw new AppError('FORBIDDEN', MSG.account.suspended);
  try {
    return await writeVote(db, user, reviewId, value);
  } catch (error) {
    // The same user's first vote arriving twice at once: the second sees the first once retried.
    if (isUniqueViolation(error, 'review_votes_user_review_idx')) return writeVote(db, user, reviewId, value);
    // The review's lock (writeVote) keeps a delete from passing the vote; should one still, the
    // vote is of a review that no longer exists, like any other.
    if (isForeignKeyViolation(error)) throw notFound('Review');
    throw error;
  }
}

/**
 * Four round trips, not six: under load a transaction's connection is held while the app gets round
 * to sending its next statement, and the pool of connections was what limited the mixed workload.
 * The review and the voter's previous vote (locked) come in one statement, the vote's change and
 * the score's in another.
 */
async function writeVote(db: Database, user: SessionUser, reviewId: number, value: -1 | 0 | 1) {
  return db.transaction(async (tx) => {
    const ownVote = and(eq(reviewVotes.userId, user.id), eq(reviewVotes.reviewId, reviewId));
    const previousVote = tx.select({ vote: reviewVotes.vote }).from(reviewVotes).where(ownVote).for('update');
    const [review] = await tx
      .select({ userId: reviews.userId, officerId: reviews.officerId, previous: sql<number | null>`${previousVote}` })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      // Held until commit: a delete of the review waits for this vote (and then removes it with
      // the review), or went first and this finds nothing. Without it, a delete committed between
      // this read and the insert left the vote pointing at nothing: a foreign-key error, a 500.
      .for('key share');
    if (!review) throw notFound('Review');
    if (isOwnReview(user, review)) throw new AppError('FORBIDDEN', MSG.reviewActions.ownReviewVote);
    // The officer's own votes would steer which reviews of him read as "most helpful" (issue 32).
    if (isOwnOfficerProfile(user, review.officerId)) throw new AppError('FORBIDDEN', MSG.reviewActions.ownOfficerVote);
    const previous = review.previous ?? 0;
    const delta = value - previous;
    // Differences, never values read here: another voter's vote may land between this read and the update.
    const moved = helpfulVotesAfter({ upvotes: 0, downvotes: 0 }, previous, value);

    const change =
      value === 0
        ? tx.delete(reviewVotes).where(ownVote)
        : review.previous !== null
          ? tx.update(reviewVotes).set({ vote: value }).where(ownVote)
          : tx.insert(reviewVotes).values({ userId: user.id, reviewId, vote: value });
    // A data-modifying WITH runs whether or not the UPDATE reads it: both changes in one statement.
    // (Drizzle puts an embedded query in parentheses itself.)
    const [updated] = await queryRows<{ score: number; upvotes: number; downvotes: number }>(
      tx,
      sql`with vote_change as ${change} update ${reviews}
        set score = ${reviews.score} + ${delta}, upvotes = ${reviews.upvotes} + ${moved.upvotes}, downvotes = ${reviews.downvotes} + ${moved.downvotes}
        where ${reviews.id} = ${reviewId}
        returning ${reviews.score} as score, ${reviews.upvotes} as upvotes, ${reviews.downvotes} as downvotes`,
    );
    return { value, score: updated!.score, upvotes: updated!.upvotes, downvotes: updated!.downvotes, officerId: review.officerId };
  });
}
