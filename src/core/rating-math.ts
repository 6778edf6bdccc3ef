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

/** The recent window of an officer's figures: today (UTC) and the 89 days before (issue 16). */
export const RECENT_DAYS = 90;
/** The months of an officer's trend: this month (UTC) and the 11 before. */
export const TREND_MONTHS = 12;
/** The officer page compares recent with all-time figures from this many recent reviews on. */
export const RECENT_MIN_REVIEWS = 3;
/** A recent average this far or further from the all-time one gets an arrow. */
export const RECENT_CHANGE_THRESHOLD = 0.3;

/** A span of time, `since` included, `until` excluded. */
export interface TimeWindow {
  since: Date;
  until: Date;
}

function utcDayStart(at: Date, daysLater = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + daysLater));
}

/**
 * The last `days` whole UTC days up to and including today: from midnight `days - 1` days ago to
 * the next midnight. Whole days, not a rolling `days * 24` hours, so the window moves once a day
 * and an answer computed today stays right until midnight (the response cache keeps it that long).
 */
export function lastUtcDays(now: Date, days: number = RECENT_DAYS): TimeWindow {
  return { since: utcDayStart(now, 1 - days), until: utcDayStart(now, 1) };
}

/** The last `count` whole UTC months up to and including this one: the first day of each bound. */
export function lastUtcMonths(now: Date, count: number = TREND_MONTHS): TimeWindow {
  return {
    since: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count + 1, 1)),
    until: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/** The next UTC midnight after `now` (ms): when the recent window and, on the 1st, the trend move. */
export function nextUtcMidnight(now: number): number {
  return utcDayStart(new Date(now), 1).getTime();
}

export function isInWindow(at: Date, { since, until }: TimeWindow): boolean {
  return at.getTime() >= since.getTime() && at.getTime() < until.getTime();
}

/** One review's figures, as the windows read them. */
export interface DatedRatings {
  createdAt: Date;
  overallRating: number;
  leadership: number;
  tactics: number;
  communication: number;
  fairness: number;
}

/** Averages over a window: null without a review in it (not 0, which would read as a rating). */
export interface RecentFigures {
  reviewCount: number;
  averageRating: number | null;
  leadership: number | null;
  tactics: number | null;
  communication: number | null;
  fairness: number | null;
}

/** The mean rounded half up to 2 decimals, as the all-time figures are (round(avg(x), 2)); null for none. */
function averageOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return roundHalfUp(values.reduce((sum, value) => sum + value, 0) / values.length, 2);
}

/** The officer's figures over the last RECENT_DAYS UTC days: the definition the server's SQL must agree with. */
export function recentFigures(reviews: readonly DatedRatings[], now: Date): RecentFigures {
  const window = lastUtcDays(now);
  const recent = reviews.filter((review) => isInWindow(review.createdAt, window));
  return {
    reviewCount: recent.length,
    averageRating: averageOf(recent.map((r) => r.overallRating)),
    leadership: averageOf(recent.map((r) => r.leadership)),
    tactics: averageOf(recent.map((r) => r.tactics)),
    communication: averageOf(recent.map((r) => r.communication)),
    fairness: averageOf(recent.map((r) => r.fairness)),
  };
}

/** One month of the trend: 'YYYY-MM', its reviews, and their average overall rating (null for none). */
export interface TrendMonth {
  month: string;
  reviewCount: number;
  averageRating: number | null;
}

/**
 * The trend's TREND_MONTHS months, oldest first, from the months that had reviews: a month without
 * one is there too, with 0 reviews and no average.
 */
export function fillTrendMonths(now: Date, withReviews: readonly TrendMonth[]): TrendMonth[] {
  const byMonth = new Map(withReviews.map((month) => [month.month, month]));
  return lastMonths(now, TREND_MONTHS).map((month) => byMonth.get(month) ?? { month, reviewCount: 0, averageRating: null });
}

/** The officer's monthly trend computed from its reviews: the definition the server's SQL must agree with. */
export function monthlyTrend(reviews: readonly DatedRatings[], now: Date): TrendMonth[] {
  const window = lastUtcMonths(now);
  const ratingsByMonth = new Map<string, number[]>();
  for (const review of reviews) {
    if (!isInWindow(review.createdAt, window)) continue;
    const month = monthKey(review.createdAt);
    ratingsByMonth.set(month, [...(ratingsByMonth.get(month) ?? []), review.overallRating]);
  }
  const withReviews = [...ratingsByMonth].map(([month, ratings]) => ({ month, reviewCount: ratings.length, averageRating: averageOf(ratings) }));
  return fillTrendMonths(now, withReviews);
}

/**
 * Whether a recent average is up or down on the all-time one, by RECENT_CHANGE_THRESHOLD or more,
 * and by how much (rounded to 2 decimals first: 4.3 - 4.0 is 0.2999... in binary, and is 0.3).
 * Null when either figure is missing or they are closer.
 */
export function recentChange(recent: number | null, allTime: number | null): { direction: 'up' | 'down'; by: number } | null {
  if (recent === null || allTime === null) return null;
  // Rounded on its size, so a fall rounds as a rise of the same size does (half away from zero).
  const by = roundHalfUp(Math.abs(recent - allTime), 2);
  if (by < RECENT_CHANGE_THRESHOLD) return null;
  return { direction: recent > allTime ? 'up' : 'down', by };
}
