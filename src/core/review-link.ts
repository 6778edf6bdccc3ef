/**
 * A link to one review (issue 36, item 6): its officer's page with the review's card as the anchor,
 * so a notification or mail about a review opens on it rather than at the top of the page.
 */
export function reviewAnchorId(reviewId: number): string {
  return `review-${reviewId}`;
}

export function reviewPath(officerId: number, reviewId: number): string {
  return `/officer/${officerId}#${reviewAnchorId(reviewId)}`;
}
