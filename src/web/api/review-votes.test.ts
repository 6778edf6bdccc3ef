import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Review, ReviewPage } from '#core/api';
import { nextVoteValue, scoreAfterVote, withReviewScore } from './reviews';
import { makeReview } from '#web/test/fixtures';

describe('nextVoteValue', () => {
  it.each([
    [0, 'up', 1],
    [0, 'down', -1],
    [1, 'up', 0], // the same direction again takes the vote back (spec section 4)
    [-1, 'down', 0],
    [1, 'down', -1],
    [-1, 'up', 1],
  ] as const)('from %i, pressing %s sends %i', (current, direction, expected) => {
    expect(nextVoteValue(current, direction)).toBe(expected);
  });
});

describe('scoreAfterVote', () => {
  it.each([
    [5, 0, 1, 6],
    [5, 1, 0, 4],
    [5, 1, -1, 3],
    [5, -1, 1, 7],
    [0, -1, 0, 1],
    [5, 0, 0, 5],
  ])('score %i with vote %i changed to %i is %i', (score, previous, next, expected) => {
    expect(scoreAfterVote(score, previous, next)).toBe(expected);
  });
});

function review(id: number, score = 0): Review {
  return makeReview(id, { score });
}

describe('withReviewScore', () => {
  it('replaces the score in a plain list, leaving the other reviews as they were', () => {
    const list = [review(1, 3), review(2, 4)];
    const patched = withReviewScore(list, 2, 9) as Review[];
    expect(patched.map((r) => r.score)).toEqual([3, 9]);
    expect(patched[0]).toBe(list[0]);
    expect(list[1]!.score).toBe(4);
  });

  it('replaces the score in the pages of an infinite list, keeping untouched pages', () => {
    const data: InfiniteData<ReviewPage, number> = {
      pages: [
        { reviews: [review(1), review(2)], totalCount: 3 },
        { reviews: [review(3)], totalCount: 3 },
      ],
      pageParams: [1, 2],
    };
    const patched = withReviewScore(data, 3, -2) as typeof data;
    expect(patched.pages[1]!.reviews[0]!.score).toBe(-2);
    expect(patched.pages[0]).toBe(data.pages[0]);
    expect(patched.pageParams).toBe(data.pageParams);
  });

  it('returns the same object when the review is not there or already has that score', () => {
    const list = [review(1, 3)];
    expect(withReviewScore(list, 5, 1)).toBe(list);
    expect(withReviewScore(list, 1, 3)).toBe(list);
    const pages = { pages: [{ reviews: [review(1)], totalCount: 1 }], pageParams: [1] };
    expect(withReviewScore(pages, 5, 1)).toBe(pages);
  });

  it('leaves data that is not a review list alone', () => {
    expect(withReviewScore(1, 1, 5)).toBe(1);
    expect(withReviewScore(undefined, 1, 5)).toBeUndefined();
    const other = { value: 1 };
    expect(withReviewScore(other, 1, 5)).toBe(other);
  });
});
