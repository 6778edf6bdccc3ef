import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Review, ReviewPage } from '#core/api';
import { figuresAfterVote, nextVoteValue, scoreAfterVote, withReviewFigures } from './review-votes';
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

/** The figures of a review without up or down votes but with this score (the fixtures' reviews). */
const scoreOnly = (score: number) => ({ score, upvotes: 0, downvotes: 0 });

describe('figuresAfterVote', () => {
  it.each([
    [0, 1, { score: 4, upvotes: 6, downvotes: 2 }],
    [1, -1, { score: 1, upvotes: 4, downvotes: 3 }],
    [-1, 0, { score: 4, upvotes: 5, downvotes: 1 }],
    [1, 0, { score: 2, upvotes: 4, downvotes: 2 }],
  ])('3 (5 up, 2 down) with vote %i changed to %i', (previous, next, expected) => {
    expect(figuresAfterVote({ score: 3, upvotes: 5, downvotes: 2 }, previous, next)).toEqual(expected);
  });
});

describe('withReviewFigures', () => {
  it('replaces the score in a plain list, leaving the other reviews as they were', () => {
    const list = [review(1, 3), review(2, 4)];
    const patched = withReviewFigures(list, 2, scoreOnly(9)) as Review[];
    expect(patched.map((r) => r.score)).toEqual([3, 9]);
    expect(patched[0]).toBe(list[0]);
    expect(list[1]!.score).toBe(4);
  });

  it('replaces the score in the pages of an infinite list, keeping untouched pages', () => {
    const data: InfiniteData<ReviewPage, number> = {
      pages: [
        { reviews: [review(1), review(2)], totalCount: 3, nextCursor: null },
        { reviews: [review(3)], totalCount: 3, nextCursor: null },
      ],
      pageParams: [1, 2],
    };
    const patched = withReviewFigures(data, 3, scoreOnly(-2)) as typeof data;
    expect(patched.pages[1]!.reviews[0]!.score).toBe(-2);
    expect(patched.pages[0]).toBe(data.pages[0]);
    expect(patched.pageParams).toBe(data.pageParams);
  });

  it('returns the same object when the review is not there or already has that score', () => {
    const list = [review(1, 3)];
    expect(withReviewFigures(list, 5, scoreOnly(1))).toBe(list);
    expect(withReviewFigures(list, 1, scoreOnly(3))).toBe(list);
    const pages = { pages: [{ reviews: [review(1)], totalCount: 1, nextCursor: null }], pageParams: [1] };
    expect(withReviewFigures(pages, 5, scoreOnly(1))).toBe(pages);
  });

  it('leaves data that is not a review list alone', () => {
    expect(withReviewFigures(1, 1, scoreOnly(5))).toBe(1);
    expect(withReviewFigures(undefined, 1, scoreOnly(5))).toBeUndefined();
    const other = { value: 1 };
    expect(withReviewFigures(other, 1, scoreOnly(5))).toBe(other);
  });
});
