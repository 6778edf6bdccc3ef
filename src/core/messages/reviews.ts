import { REVIEW_SORTS } from '../review-sort.js';

/** Writing, editing and deleting one's own reviews (spec sections 2, 6 and 8). */
export const reviewsMessages = {
  loginToWrite: 'You must be logged in to write a review.',
  loginToViewMine: 'You must be logged in to view your reviews.',
  steamRequiredTitle: 'Steam Required',
  steamRequired: 'Please connect your Steam account to write reviews.',
  submitReview: 'Submit Review',
  submittedTitle: 'Review Submitted',
  submissionFailedTitle: 'Submission Failed',
  updatedTitle: 'Review Updated',
  updated: 'Your changes have been saved.',
  updateFailedTitle: 'Update Failed',
  /** The toast title after deleting one's own review, and the server's answer to the delete. */
  deleted: 'Review deleted',
  deleteFailedTitle: 'Delete Failed',
  fetchFailed: 'Failed to fetch reviews',
  alreadyReviewed: 'You have already reviewed this officer.',
  /** The Terms forbid reviewing yourself: the account linked to an officer cannot review that officer (issue 13). */
  ownOfficerTitle: 'This is your own officer profile',
  ownOfficer: 'You cannot review your own officer profile.',
  banned: 'Your account has been banned and cannot submit reviews.',
  duplicate: 'You have already reviewed this officer. You can edit your review from My Reviews.',
  notAuthor: 'You can only change your own reviews.',
  /** The confirmation dialog of a delete, by the author or by an admin. */
  deleteReviewTitle: 'Delete Review',
  /** The officer review list's `cursor` (docs/decisions/0027-review-helpfulness.md): 400s from the API. */
  badSort: `sort must be one of ${REVIEW_SORTS.join(', ')}`,
  badCursor:
    "The page cursor (cursor) is not one this review list gave out. Ask for the first page again without cursor, then pass on each page's nextCursor.",
  cursorOfAnotherList: 'The page cursor (cursor) belongs to another officer or sort order. Ask for the first page of this list again without cursor.',
  cursorWithPage: 'Pass either page or cursor, not both: a cursor already says where the page starts.',
} as const;
