/** Beside a rating on the cards of officers and regiments: what it rests on (issues 13 and 16). */
export const ratingMessages = {
  notYetRated: 'Not yet rated',
  fewReviews: 'Few reviews',
  /** Why a "Few reviews" rating ranks lower than its average alone would put it (issue 16, item 3). */
  fewReviewsHint: 'Ranked nearer the community average until more reviews come in.',
} as const;
