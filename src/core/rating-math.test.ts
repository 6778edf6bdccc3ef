import { describe, expect, it } from 'vitest';
import {
  bayesianAverage,
  communityMeanOf,
  distributionOf,
  hasFewReviews,
  isWithinDays,
  lastMonths,
  lastUtcDays,
  lastUtcMonths,
  monthKey,
  monthlyTrend,
  nextUtcMidnight,
  rankScoreOf,
  recentChange,
  recentFigures,
  starBucket,
  wilsonLowerBound,
  type DatedRatings,
} from './rating-math.js';

describe('starBucket', () => {
  it('rounds half up to a whole star and keeps it within 1 to 5', () => {
    expect([0, 0.5, 1.49, 1.5, 2.49, 2.5, 3.75, 4.49, 4.5, 5].map(starBucket)).toEqual([1, 1, 1, 2, 2, 3, 4, 4, 5, 5]);
  });

  it('reads an average as people read it, not its binary noise (2.4999999999999996 is a 2.5, a 3)', () => {
    expect(starBucket(2.4999999999999996)).toBe(3);
    expect(starBucket(1.45)).toBe(1);
  });
});

describe('distributionOf', () => {
  it('counts the reviews in each bucket, 1-star first', () => {
    expect(distributionOf([])).toEqual([0, 0, 0, 0, 0]);
    expect(distributionOf([5])).toEqual([0, 0, 0, 0, 1]);
    expect(distributionOf([0.5, 1, 2.5, 3.25, 4.5, 4.75, 5])).toEqual([2, 0, 2, 0, 3]);
  });
});

describe('wilsonLowerBound (z = 1.96)', () => {
  it('is 0 without votes', () => {
    expect(wilsonLowerBound(0, 0)).toBe(0);
  });

  it('matches hand-computed bounds: 1 of 1, 10 of 10, 5 of 10, 0 of 4', () => {
    // 1 of 1: (1 + 1.9208 - 1.96 * 0.98) / 4.8416
    expect(wilsonLowerBound(1, 0)).toBeCloseTo(1 / 4.8416, 6);
    // 10 of 10: (1 + 0.19208 - 1.96 * 0.098) / 1.38416
    expect(wilsonLowerBound(10, 0)).toBeCloseTo(1 / 1.38416, 6);
    // 5 of 10: (0.5 + 0.19208 - 1.96 * sqrt(0.025 + 0.009604)) / 1.38416
    expect(wilsonLowerBound(5, 5)).toBeCloseTo((0.69208 - 1.96 * Math.sqrt(0.034604)) / 1.38416, 6);
    expect(wilsonLowerBound(0, 4)).toBeCloseTo(0, 12);
  });

  it('ranks many helpful votes above a single one', () => {
    expect(wilsonLowerBound(10, 0)).toBeGreaterThan(wilsonLowerBound(1, 0));
    expect(wilsonLowerBound(90, 10)).toBeGreaterThan(wilsonLowerBound(9, 1));
  });
});

describe('bayesianAverage', () => {
  it('puts a 30-review 4.7 above a 1-review 5.0 (community mean 4, prior weight 10)', () => {
    const single = bayesianAverage({ mean: 5, count: 1, communityMean: 4, priorWeight: 10 });
    const many = bayesianAverage({ mean: 4.7, count: 30, communityMean: 4, priorWeight: 10 });
    expect(single).toBeCloseTo(45 / 11, 10);
    expect(many).toBeCloseTo(4.525, 10);
    expect(many).toBeGreaterThan(single);
  });

  it('is the community mean without reviews, and the own mean without a prior', () => {
    expect(bayesianAverage({ mean: 0, count: 0, communityMean: 3.6, priorWeight: 10 })).toBe(3.6);
    expect(bayesianAverage({ mean: 4.2, count: 3, communityMean: 3.6, priorWeight: 0 })).toBe(4.2);
    expect(bayesianAverage({ mean: 0, count: 0, communityMean: 3.6, priorWeight: 0 })).toBe(3.6);
  });
});

describe('windows', () => {
  const now = new Date('2026-11-25T12:00:00Z');

  it('counts the last 90 days, both ends included, and nothing from the future', () => {
    expect(isWithinDays(new Date('2026-08-27T12:00:00Z'), now, 90)).toBe(true);
    expect(isWithinDays(new Date('2026-08-27T11:59:59Z'), now, 90)).toBe(false);
    expect(isWithinDays(now, now, 90)).toBe(true);
    expect(isWithinDays(new Date('2026-11-25T12:00:01Z'), now, 90)).toBe(false);
  });

  it('names months in UTC and lists the last twelve, oldest first, across a year', () => {
    expect(monthKey(new Date('2026-01-01T00:30:00+01:00'))).toBe('2025-12');
    expect(lastMonths(new Date('2026-01-15T00:00:00Z'), 3)).toEqual(['2025-11', '2025-12', '2026-01']);
    expect(lastMonths(now, 12)).toHaveLength(12);
    expect(lastMonths(now, 12)[0]).toBe('2025-12');
    expect(lastMonths(now, 12)[11]).toBe('2026-11');
  });
});

describe('communityMeanOf', () => {
  it('weighs every review the same, to 2 decimals, and is 0 without reviews', () => {
    // (4 * 10 + 3 * 30) / 40 = 3.25; an unrated item counts for nothing.
    expect(
      communityMeanOf([
        { averageRating: 4, reviewCount: 10 },
        { averageRating: 3, reviewCount: 30 },
        { averageRating: 0, reviewCount: 0 },
      ]),
    ).toBe(3.25);
    // (4.5 + 3.2 * 2) / 3 = 3.6333... -> 3.63
    expect(
      communityMeanOf([
        { averageRating: 4.5, reviewCount: 1 },
        { averageRating: 3.2, reviewCount: 2 },
      ]),
    ).toBe(3.63);
    expect(communityMeanOf([])).toBe(0);
    expect(communityMeanOf([{ averageRating: 0, reviewCount: 0 }])).toBe(0);
  });
});

describe('rankScoreOf', () => {
  const prior = { communityMean: 3.5, priorWeight: 5 };

  it('puts a 30-review 4.7 above a 1-review 5.0, to 4 decimals', () => {
    // (5 + 5 * 3.5) / 6 = 3.75; (30 * 4.7 + 5 * 3.5) / 35 = 158.5 / 35 = 4.528571... -> 4.5286
    expect(rankScoreOf(5, 1, prior)).toBe(3.75);
    expect(rankScoreOf(4.7, 30, prior)).toBe(4.5286);
  });

  it('is null without reviews, and the own mean without a prior weight', () => {
    expect(rankScoreOf(0, 0, prior)).toBeNull();
    expect(rankScoreOf(4.2, 1, { communityMean: 3.5, priorWeight: 0 })).toBe(4.2);
  });
});

describe('hasFewReviews', () => {
  it('marks a rating of 1 to 4 reviews, not an unrated item or one of 5', () => {
    expect([0, 1, 4, 5, 30].map(hasFewReviews)).toEqual([false, true, true, false, false]);
  });
});

describe('the recent window and the monthly trend (issue 16, item 4)', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  /** A review written at `at`, with its four categories and the overall rating their mean makes. */
  const review = (at: string, leadership: number, tactics = leadership, communication = leadership, fairness = leadership): DatedRatings => ({
    createdAt: new Date(at),
    overallRating: (leadership + tactics + communication + fairness) / 4,
    leadership,
    tactics,
    communication,
    fairness,
  });

  it('spans whole UTC days: today and the 89 before, from midnight to the next midnight', () => {
    expect(lastUtcDays(now)).toEqual({ since: new Date('2026-08-28T00:00:00Z'), until: new Date('2026-11-26T00:00:00Z') });
    expect(lastUtcMonths(now)).toEqual({ since: new Date('2025-12-01T00:00:00Z'), until: new Date('2026-12-01T00:00:00Z') });
    expect(nextUtcMidnight(now.getTime())).toBe(Date.parse('2026-11-26T00:00:00Z'));
    expect(nextUtcMidnight(Date.parse('2026-12-31T23:59:59.999Z'))).toBe(Date.parse('2027-01-01T00:00:00Z'));
  });

  it('gives no averages, not zeros, without a recent review', () => {
    const empty = { reviewCount: 0, averageRating: null, leadership: null, tactics: null, communication: null, fairness: null };
    expect(recentFigures([], now)).toEqual(empty);
    expect(recentFigures([review('2026-08-27T23:59:59Z', 5)], now)).toEqual(empty);
  });

  it('averages one review to itself, and several to the mean rounded half up to 2 decimals', () => {
    expect(recentFigures([review('2026-08-28T00:00:00Z', 4, 3, 5, 2)], now)).toEqual({
      reviewCount: 1,
      averageRating: 3.5,
      leadership: 4,
      tactics: 3,
      communication: 5,
      fairness: 2,
    });
    // Overall 3.5, 4.5 and 2.125 (stored as written here): mean 10.125 / 3 = 3.375 -> 3.38.
    // Leadership 4, 5, 2.5: 11.5 / 3 = 3.8333 -> 3.83. The review of 2026-08-27 is out of the window.
    const reviews = [
      review('2026-08-27T23:59:59Z', 1),
      review('2026-08-28T00:00:00Z', 4, 3, 5, 2),
      review('2026-10-01T10:00:00Z', 5, 4, 5, 4),
      review('2026-11-25T23:59:59Z', 2.5, 2, 2, 2),
    ];
    expect(recentFigures(reviews, now)).toEqual({
      reviewCount: 3,
      averageRating: 3.38,
      leadership: 3.83,
      tactics: 3,
      communication: 4,
      fairness: 2.67,
    });
  });

  it('lists all twelve months oldest first, empty ones with 0 reviews and no average', () => {
    const trend = monthlyTrend(
      [
        review('2025-11-30T23:59:59Z', 1), // before the first month
        review('2025-12-01T00:00:00Z', 4),
        review('2026-03-10T00:00:00Z', 3),
        review('2026-03-20T00:00:00Z', 4.5),
        review('2026-11-25T11:00:00Z', 2),
      ],
      now,
    );
    expect(trend.map((m) => m.month)).toEqual(lastMonths(now, 12));
    expect(trend[0]).toEqual({ month: '2025-12', reviewCount: 1, averageRating: 4 });
    expect(trend[3]).toEqual({ month: '2026-03', reviewCount: 2, averageRating: 3.75 });
    expect(trend[11]).toEqual({ month: '2026-11', reviewCount: 1, averageRating: 2 });
    expect(trend.filter((m) => m.reviewCount === 0)).toHaveLength(9);
    expect(trend[1]).toEqual({ month: '2026-01', reviewCount: 0, averageRating: null });
    expect(monthlyTrend([], now).every((m) => m.reviewCount === 0 && m.averageRating === null)).toBe(true);
  });

  it('marks a change of 0.3 or more, either way, rounding the difference as people read it', () => {
    // 4.3 - 4.0 is 0.2999... in binary: still an arrow.
    expect(recentChange(4.3, 4)).toEqual({ direction: 'up', by: 0.3 });
    expect(recentChange(3.6, 4)).toEqual({ direction: 'down', by: 0.4 });
    expect(recentChange(4.29, 4)).toBeNull();
    expect(recentChange(null, 4)).toBeNull();
    expect(recentChange(4, null)).toBeNull();
  });
});
