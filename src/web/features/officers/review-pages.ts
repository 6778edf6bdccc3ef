import type { Review, ReviewPage } from '#core/api';

interface LoadedReviews {
  reviews: Review[];
  totalCount: number;
}

/**
 * The reviews of all loaded pages, in order, each once. A cursor is a place in a live order, so a
 * review whose place moves between two page loads (votes in the helpful order, a delete shifting
 * positions) can come again on a later page.
 * The total comes from the newest page, the freshest count the server gave.
 */
export function collectLoadedReviews(pages: readonly ReviewPage[]): LoadedReviews {
  const seen = new Set<number>();
  const reviews: Review[] = [];
  for (const page of pages) {
    for (const review of page.reviews) {
      if (seen.has(review.id)) continue;
      seen.add(review.id);
      reviews.push(review);
    }
  }
  return { reviews, totalCount: pages.at(-1)?.totalCount ?? 0 };
}
