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
  /** Under the bars (issue 32, item 8): a 3.5 review is drawn as 3.5 stars but counted in one whole-star bar. */
  distributionRounding: 'Each review counts under its overall rating rounded to the nearest star; half stars round up (3.5 counts as 4).',
  /** One bar of the distribution, as a screen reader reads it: '5 stars: 12 reviews'. */
  starBucketCount: (stars: number, count: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}: ${count} ${count === 1 ? 'review' : 'reviews'}`,
  /** The review list's sort control (issue 16, item 2) and its choices, by REVIEW_SORTS value. */
  reviewSortLabel: 'Sort reviews',
  /** Under 'No reviews yet' on an officer's page without reviews: an invitation to review him. */
  noReviewsInvite: 'Be the first to share how this officer leads.',
  /** The same for the officer on his own page (issue 36, item 6): he cannot review himself. */
  noReviewsOwnProfile: 'Reviews from the players who serve under you will appear here.',
  /** Under the reviews: the button stays while the next page loads (issue 36, item 6). */
  loadMoreReviews: 'Load more reviews',
  loadingMoreReviews: 'Loading more reviews…',
  reviewSortNames: { newest: 'Newest', oldest: 'Oldest', helpful: 'Most helpful', highest: 'Highest rated', lowest: 'Lowest rated' },
  /** The recent figures beside the all-time ones (issue 16), from RECENT_MIN_REVIEWS recent reviews on. */
  recentTitle: 'Recent vs All Time',
  recentColumn: 'Recent (90 days)',
  allTimeColumn: 'All time',
  overallLabel: 'Overall',
  categoryColumn: 'Category',
  recentBasis: (count: number) => `Recent figures from ${count} reviews in the last 90 days.`,
  /** What a screen reader reads beside a recent figure with an arrow: 'up 0.4 from all time'. */
  recentChange: (direction: 'up' | 'down', by: string) => `${direction} ${by} from all time`,
  /** The header's quick verdict (issue 36, item 4), from WOULD_SERVE_MIN_ANSWERS answers on: '82% would serve again'. */
  wouldServePercent: (percent: number) => `${percent}% would serve again`,
  wouldServeBasis: (answers: number) => `from ${answers} answers`,
  trendTitle: 'Rating Trend',
  trendCaption: 'Average rating by month over the last 12 months',
  trendEmpty: 'No reviews in the last 12 months.',
  trendMonthColumn: 'Month',
  trendReviewsColumn: 'Reviews',
  trendAverageColumn: 'Average rating',
  trendNoRating: 'no rating',
  /** Issue 36, item 6: a month's figures under the chart, for the month hovered, tapped or focused. */
  trendMonthValue: (month: string, rating: string, count: number) => `${month}: ${rating} / 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`,
} as const;
