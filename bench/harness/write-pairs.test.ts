/**
 * The write scenarios' supplies (issue 38, item 5): every vote and review a pair not used before,
 * consecutive requests on different rows by different users, and no officer past its limit.
 */
import { describe, expect, it } from 'vitest';
import { ReviewSlots, VotePairs, alternateHalves, serialReviewAmount } from './write-pairs.js';

describe('VotePairs', () => {
  const reviewIds = [11, 22, 33, 44, 55];
  const users = 3;

  it('draws every (user, review) pair once before any repeats', () => {
    const pairs = new VotePairs(reviewIds, users);
    const seen = new Set<string>();
    for (let k = 0; k < pairs.distinctPairs; k++) {
      const { reviewId, user } = pairs.next();
      seen.add(`${user}:${reviewId}`);
    }
    expect(seen.size).toBe(reviewIds.length * users);
  });

  it('puts consecutive votes on different reviews, by different users within a round', () => {
    const pairs = new VotePairs(reviewIds, users);
    const votes = Array.from({ length: 40 }, () => pairs.next());
    for (let k = 1; k < votes.length; k++) {
      expect(votes[k]!.reviewId).not.toBe(votes[k - 1]!.reviewId);
      if (k % reviewIds.length !== 0) expect(votes[k]!.user).not.toBe(votes[k - 1]!.user);
    }
  });

  it('sends a repeated pair with the other value, so the vote changes', () => {
    const pairs = new VotePairs(reviewIds, users);
    const first = Array.from({ length: pairs.distinctPairs }, () => pairs.next());
    const second = Array.from({ length: pairs.distinctPairs }, () => pairs.next());
    expect(second.map((v) => [v.reviewId, v.user])).toEqual(first.map((v) => [v.reviewId, v.user]));
    expect(second.map((v) => v.value)).toEqual(first.map((v) => -v.value));
  });

  it('votes up about three times in four', () => {
    const pairs = new VotePairs(
      Array.from({ length: 100 }, (_, i) => i + 1),
      50,
    );
    const ups = Array.from({ length: 5000 }, () => pairs.next()).filter((v) => v.value === 1).length;
    expect(ups / 5000).toBeCloseTo(0.75, 1);
  });
});

describe('ReviewSlots', () => {
  const officers = [101, 102, 103, 104];

  it('gives each officer one more review a round, each by a user who has not reviewed it', () => {
    const slots = new ReviewSlots(officers, 5, 4);
    const drawn = Array.from({ length: slots.capacity }, () => slots.next());
    const pairs = new Set(drawn.map((s) => `${s.user}:${s.officerId}`));
    expect(pairs.size).toBe(drawn.length);
    for (const officerId of officers) expect(drawn.filter((s) => s.officerId === officerId)).toHaveLength(4);
    expect(drawn.slice(0, 4).map((s) => s.officerId)).toEqual(officers);
    expect(slots.pastLimit).toBe(0);
  });

  it('counts the reviews past the limit per officer once the supply runs out', () => {
    const slots = new ReviewSlots(officers, 5, 2);
    for (let i = 0; i < 10; i++) slots.next();
    expect(slots.capacity).toBe(8);
    expect(slots.pastLimit).toBe(2);
  });

  it('refuses a limit the users cannot keep distinct', () => {
    expect(() => new ReviewSlots(officers, 3, 4)).toThrow(/at least as many users/);
  });
});

describe('alternateHalves', () => {
  it('splits a list into two disjoint halves', () => {
    expect(alternateHalves([1, 2, 3, 4, 5])).toEqual([
      [1, 3, 5],
      [2, 4],
    ]);
  });
});

describe('serialReviewAmount', () => {
  it('sends what the smaller supply can take, up to the most, a fifth of it as warm-up', () => {
    expect(serialReviewAmount([72, 64], 100)).toEqual({ warmup: 12, measured: 52 });
    expect(serialReviewAmount([400, 300], 100)).toEqual({ warmup: 20, measured: 80 });
    expect(() => serialReviewAmount([1, 50], 100)).toThrow(/too few/);
  });
});
