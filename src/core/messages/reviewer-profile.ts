/**
 * The reviewer's profile, /reviewer/{id} (issue 36, item 3), and its API's refusal. The review card's
 * links to it are in review-card.ts, which the first screen loads.
 */
export const reviewerProfileMessages = {
  /** GET /api/reviewers/{userId}: a 404 for an account that does not exist, was deleted or is banned. */
  notFound: 'Reviewer not found: this account does not exist, was deleted or is banned.',
  pageNotFound: 'Reviewer Not Found',
  documentTitle: (name: string) => `${name}, reviewer`,
  fallbackTitle: 'Reviewer',
  loading: 'Loading reviewer',
  loadFailed: 'This reviewer could not be loaded.',
  reviewsHeading: 'Reviews written',
  noReviews: 'No reviews that count yet.',
  officerOf: 'Officer',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} review${total === 1 ? '' : 's'}`,
  loadMore: 'Load more of their reviews',
  loadingMore: 'Loading more of their reviews…',
} as const;
