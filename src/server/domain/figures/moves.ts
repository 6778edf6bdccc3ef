/**
 * Officer and regiment figures moved by the difference one new counted review makes (issue 38), in
 * the statement that writes it, instead of recomputed from every review of the officer and of its
 * regiment (aggregates.ts, which 4.8 ms on average and 24 ms for the largest regiment cost, growing
 * with the community). Each figure keeps its sum beside its average (the *_sum columns), so the new
 * average is exact: round(sum / count, 2) is round(avg, 2). `npm run db:reconcile` still recomputes
 * everything from scratch to check them.
 *
 * The SET clauses take their values from the statement's placeholders, named by reviewFigureValues,
 * so the statement stays one prepared text. The caller holds the officer's row lock; the regiment's
 * row is locked by the UPDATE itself, and `x = x + d` applies to the row as the last writer left it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { starBucket } from '#core/rating-math.js';

const RATINGS = ['overall', 'leadership', 'tactics', 'communication', 'fairness'] as const;
type Rating = (typeof RATINGS)[number];

/** The columns of each rating on officers: its average, its sum and its distribution. */
const COLUMNS: Record<Rating, { average: string; sum: string; distribution: string }> = {
  overall: { average: 'average_rating', sum: 'overall_sum', distribution: 'distribution_overall' },
  leadership: { average: 'leadership_rating', sum: 'leadership_sum', distribution: 'distribution_leadership' },
  tactics: { average: 'tactics_rating', sum: 'tactics_sum', distribution: 'distribution_tactics' },
  communication: { average: 'communication_rating', sum: 'communication_sum', distribution: 'distribution_communication' },
  fairness: { average: 'fairness_rating', sum: 'fairness_sum', distribution: 'distribution_fairness' },
};

const value = (rating: Rating) => sql`${sql.placeholder(`${rating}Value`)}::numeric`;
const bucket = (rating: Rating) => sql`${sql.placeholder(`${rating}Bucket`)}::int`;

/** One rating's columns after adding the review: count + 1, sum + value, the average of both, its star bucket + 1. */
function addsRating(rating: Rating): SQL {
  const [average, sum, distribution] = [COLUMNS[rating].average, COLUMNS[rating].sum, COLUMNS[rating].distribution].map((name) => sql.raw(name));
  return sql`${sum} = ${sum} + ${value(rating)}, ${average} = round((${sum} + ${value(rating)}) / (review_count + 1), 2),
    ${distribution}[${bucket(rating)}] = ${distribution}[${bucket(rating)}] + 1`;
}

/** The SET clause of `update officers` that counts one more review. */
export function officerCountsNewReview(): SQL {
  return sql.join([sql`review_count = review_count + 1`, ...RATINGS.map(addsRating)], sql`, `);
}

/** The SET clause of `update regiments` that counts one more review of one of its active officers: its overall figures only. */
export function regimentCountsNewReview(): SQL {
  return sql.join([sql`review_count = review_count + 1`, addsRating('overall')], sql`, `);
}

/** The placeholders' values of both clauses for this review's ratings. */
export function reviewFigureValues(review: {
  overallRating: number;
  leadership: number;
  tactics: number;
  communication: number;
  fairness: number;
}): Record<string, number> {
  const ratings: Record<Rating, number> = {
    overall: review.overallRating,
    leadership: review.leadership,
    tactics: review.tactics,
    communication: review.communication,
    fairness: review.fairness,
  };
  return Object.fromEntries(
    RATINGS.flatMap((rating) => [
      [`${rating}Value`, ratings[rating]],
      [`${rating}Bucket`, starBucket(ratings[rating])],
    ]),
  );
}
