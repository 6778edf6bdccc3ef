export const officerMessages = {
  notFound: 'Officer Not Found',
  noDescription: 'No description available.',
  loginToReview: 'Login to write a review',
  connectSteam: 'Connect Steam to Review',
  writeReview: 'Write a Review',
  editYourReview: 'Edit Your Review',
  loadFailed: 'This officer could not be loaded.',
  distributionTitle: 'Rating Distribution',
  distributionEmpty: 'No reviews to count yet.',
  /** One bar of the distribution, as a screen reader reads it: '5 stars: 12 reviews'. */
  starBucketCount: (stars: number, count: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}: ${count} ${count === 1 ? 'review' : 'reviews'}`,
  /** The review list's sort control (issue 16, item 2) and its choices, by REVIEW_SORTS value. */
  reviewSortLabel: 'Sort reviews',
  reviewSortNames: { newest: 'Newest', oldest: 'Oldest', helpful: 'Most helpful', highest: 'Highest rated', lowest: 'Lowest rated' },
  /** Under a review with votes: N = up votes, M = all votes. */
  foundHelpful: (up: number, total: number) => `${up} of ${total} found this helpful`,
} as const;
