/**
 * /my-reviews?edit={reviewId}: My Reviews with that review's edit dialog open (issue 39, item 2), the
 * target of an officer page's 'Edit Your Review'.
 */
export const MY_REVIEWS_EDIT_PARAM = 'edit';

export function myReviewsEditPath(reviewId: number): string {
  return `/my-reviews?${MY_REVIEWS_EDIT_PARAM}=${reviewId}`;
}
