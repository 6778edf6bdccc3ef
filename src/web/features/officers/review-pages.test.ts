import { describe, expect, it } from 'vitest';
import type { Review } from '#core/api';
import { collectLoadedReviews } from './review-pages';
import { makeReview } from '#web/test/fixtures';

function review(id: number): Review {
  return makeReview(id);
}

describe('collectLoadedReviews', () => {
  it('is empty before any page arrives', () => {
    expect(collectLoadedReviews([])).toEqual({ reviews: [], totalCount: 0 });
  });

  it('joins the pages in order and takes the total from the newest page', () => {
    const result = collectLoadedReviews([
      { reviews: [review(1), review(2)], totalCount: 4, nextCursor: null },
      { reviews: [review(3)], totalCount: 5, nextCursor: null },
    ]);
    expect(result.reviews.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(result.totalCount).toBe(5);
  });

  it('shows a review once when a shifted page repeats it', () => {
    const result = collectLoadedReviews([
      { reviews: [review(1), review(2)], totalCount: 3, nextCursor: null },
      { reviews: [review(2), review(3)], totalCount: 3, nextCursor: null },
    ]);
    expect(result.reviews.map((r) => r.id)).toEqual([1, 2, 3]);
  });
});
