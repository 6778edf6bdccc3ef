/**
 * Officer and regiment figures moved by the difference a review write makes (issue 38), in
 * the statement that writes it, instead of recomputed from every review of the officer and of its
 * regiment (aggregates.ts, which 4.8 ms on average and 24 ms for the largest regiment cost, growing
 * with the community). Each figure keeps its sum beside its average (the *_sum columns), so the new
 * average is exact: round(sum / count, 2) is round(avg, 2). `npm run db:reconcile` still recomputes
 * everything from scratch to check them.
 *
 * The SET clauses take their values from the statement's placeholders, named by figureChange,
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

const change = (rating: Rating) => sql`${sql.placeholder(`${rating}Change`)}::numeric`;
const buckets = (rating: Rating) => sql`${sql.placeholder(`${rating}Buckets`)}::int[]`;
const countChange = sql`${sql.placeholder('countChange')}::int`;

/**
 * One rating's columns moved: the sum by the change, the average of the new sum and count (0 without
 * reviews, as a recomputation leaves it), each star bucket by its own change.
 */
function movesRating(rating: Rating): SQL {
  const [average, sum, distribution] = [COLUMNS[rating].average, COLUMNS[rating].sum, COLUMNS[rating].distribution].map((name) => sql.raw(name));
  const bucket = (i: number) => sql`${distribution}[${sql.raw(String(i))}] + (${buckets(rating)})[${sql.raw(String(i))}]`;
  return sql`${sum} = ${sum} + ${change(rating)},
    ${average} = coalesce(round((${sum} + ${change(rating)}) / nullif(review_count + ${countChange}, 0), 2), 0),
    ${distribution} = array[${sql.join([1, 2, 3, 4, 5].map(bucket), sql`, `)}]`;
}

/** The officer's counts of "Would you serve under this officer again?" answers (issue 36, item 4), moved by their changes. */
const verdictsMove = sql`would_serve_yes = would_serve_yes + ${sql.placeholder('serveYesChange')}::int,
    would_serve_no = would_serve_no + ${sql.placeholder('serveNoChange')}::int`;

/** The SET clause of `update officers` that moves its figures by a change (figureChange). */
export function officerFiguresMove(): SQL {
  return sql.join([sql`review_count = review_count + ${countChange}`, ...RATINGS.map(movesRating), verdictsMove], sql`, `);
}

/** The SET clause of `update regiments` that moves its figures by the same change: its overall figures only. */
export function regimentFiguresMove(): SQL {
  return sql.join([sql`review_count = review_count + ${countChange}`, movesRating('overall')], sql`, `);
}

/** A review's ratings and verdict, as the figures count them. */
export interface CountedRatings {
  overallRating: number;
  leadership: number;
  tactics: number;
  communication: number;
  fairness: number;
  /** The answer to "Would you serve under this officer again?": null (or absent) when none, which counts in neither. */
  wouldServeAgain?: boolean | null | undefined;
}

const ratingsOf = (review: CountedRatings): Record<Rating, number> => ({
  overall: review.overallRating,
  leadership: review.leadership,
  tactics: review.tactics,
  communication: review.communication,
  fairness: review.fairness,
});

/**
 * The placeholders' values of both clauses for a change: the reviews that start counting (`added`)
 * and stop counting (`removed`) in the figures. A new review adds one; an edit removes its old
 * ratings and verdict and adds its new ones. The regiment's clause reads no verdict placeholder.
 */
export function figureChange({
  added = [],
  removed = [],
}: {
  added?: CountedRatings[];
  removed?: CountedRatings[];
}): Record<string, number | number[]> {
  const answers = (reviews: CountedRatings[], answer: boolean) => reviews.filter((review) => review.wouldServeAgain === answer).length;
  const values: Record<string, number | number[]> = {
    countChange: added.length - removed.length,
    serveYesChange: answers(added, true) - answers(removed, true),
    serveNoChange: answers(added, false) - answers(removed, false),
  };
  for (const rating of RATINGS) {
    const bucketChanges = [0, 0, 0, 0, 0];
    let sumChange = 0;
    for (const [reviews, sign] of [
      [added, 1],
      [removed, -1],
    ] as const) {
      for (const review of reviews) {
        const value = ratingsOf(review)[rating];
        sumChange += sign * value;
        bucketChanges[starBucket(value) - 1]! += sign;
      }
    }
    // Two decimals at most: a sum of ratings of two decimals, kept exact.
    values[`${rating}Change`] = Math.round(sumChange * 100) / 100;
    values[`${rating}Buckets`] = bucketChanges;
  }
  return values;
}
