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
} as const;
