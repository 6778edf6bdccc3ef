/**
 * The figures a reader weighs a rating by (issue 16): the star distribution, how helpful a review
 * was found, how far a small sample's average can be trusted, and the windows of recent reviews.
 * Pure functions, shared by the server (aggregates, orders) and the web (what it shows), each tested
 * on hand-computed values in rating-math.test.ts.
 */
import { FEW_REVIEWS_BELOW } from './constants.js';
import { roundHalfUp } from './rating.js';

/** Star buckets 1 to 5: index 0 counts the 1-star reviews. */
export type Distribution = [number, number, number, number, number];

export const STAR_BUCKETS = 5;

export function emptyDistribution(): Distribution {
  return [0, 0, 0, 0, 0];
}

/** The star bucket of a rating: rounded half up to a whole star, then clamped to 1-5 (a 0.5 is a 1-star review). */
export function starBucket(rating: number): 1 | 2 | 3 | 4 | 5 {
  const whole = roundHalfUp(rating, 0);
  return Math.min(STAR_BUCKETS, Math.max(1, whole)) as 1 | 2 | 3 | 4 | 5;
}

/** How many of the ratings fall in each star bucket. */
export function distributionOf(ratings: readonly number[]): Distribution {
  const counts = emptyDistribution();
  for (const rating of ratings) {
    const index = starBucket(rating) - 1;
    counts[index] = counts[index]! + 1;
  }
  return counts;
}

/** The 95 % normal quantile: the confidence the helpful order asks of a review's votes. */
export const WILSON_Z = 1.96;

/**
 * The lower bound of the Wilson score interval of the share of helpful votes, up / (up + down): the
 * share a review can be trusted to have at least, so 10 of 10 (0.72) ranks above 1 of 1 (0.21), and
 * a review without votes at 0. What `sort=helpful` orders by.
 */
export function wilsonLowerBound(up: number, down: number, z: number = WILSON_Z): number {
  const n = up + down;
  if (n <= 0) return 0;
  const p = up / n;
  const z2 = z * z;
  return (p + z2 / (2 * n) - z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
}

export interface BayesianInputs {
  /** The item's own mean rating (R). */
  mean: number;
  /** How many reviews it rests on (v). */
  count: number;
  /** The mean of every review in the community (C). */
  communityMean: number;
  /** The prior weight (m): how many reviews' worth of the community mean every item starts with. */
  priorWeight: number;
}

/**
 * The Bayesian average (v / (v + m)) R + (m / (v + m)) C: a few reviews pull an item only a little
 * away from the community mean, many pull it all the way to its own. A 5.0 from one review ranks
 * below a 4.7 from thirty. An item without reviews is the community mean; with no prior weight, its
 * own mean.
 */
export function bayesianAverage({ mean, count, communityMean, priorWeight }: BayesianInputs): number {
  const v = Math.max(0, count);
  const m = Math.max(0, priorWeight);
  if (v + m === 0) return communityMean;
  return (v / (v + m)) * mean + (m / (v + m)) * communityMean;
}

/** What a ranking weighs every item against: the community mean (C) and the prior weight (m). */
export interface RankPrior {
  communityMean: number;
  priorWeight: number;
}

/**
 * The community mean C: the mean of every review, each weighing the same, from items that each carry
 * a mean and a count (the regiments' stored averages, so it is the mean to their 2 decimals), itself
 * rounded to 2 decimals. Rounded, it moves rarely (a review moves a mean of thousands by far less
 * than 0.005), so rankings reorder only when the community's taste has really moved. 0 without reviews.
 */
export function communityMeanOf(items: Iterable<{ averageRating: number; reviewCount: number }>): number {
  let sum = 0;
  let count = 0;
  for (const item of items) {
    if (item.reviewCount <= 0) continue;
    sum += item.averageRating * item.reviewCount;
    count += item.reviewCount;
  }
  return count === 0 ? 0 : roundHalfUp(sum / count, 2);
}

/**
 * The figure rankings order by (issue 16, item 3): the Bayesian average of an item's mean, to 4
 * decimals so that every answer and every cursor carries the same number. Null without reviews: no
 * rating is not a rating, and unrated items stay last in every order.
 */
export function rankScoreOf(mean: number, count: number, prior: RankPrior): number | null {
  if (count <= 0) return null;
  return roundHalfUp(bayesianAverage({ mean, count, ...prior }), 4);
}

/** Whether an item's rating rests on so few reviews that lists mark it ("Few reviews"). */
export function hasFewReviews(count: number): boolean {
  return count > 0 && count < FEW_REVIEWS_BELOW;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether `at` lies in the `days` days up to `now` (both ends included). */
export function isWithinDays(at: Date, now: Date, days: number): boolean {
  const age = now.getTime() - at.getTime();
  return age >= 0 && age <= days * DAY_MS;
}

/** The calendar month of a moment, in UTC: '2026-11'. */
export function monthKey(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The last `count` calendar months up to and including the one of `now`, oldest first (UTC). */
export function lastMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    months.push(monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))));
  }
  return months;
}
