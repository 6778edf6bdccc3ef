import type { Review, ReviewPage } from '#core/api';

export interface LoadedReviews {
  reviews: Review[];
  totalCount: number;
}

/**
 * The reviews of all loaded pages, in order, each once. Pages are fetched by offset, so a review
 * written between two page loads shifts the next page and can repeat one we already show.
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
