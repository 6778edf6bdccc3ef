/** Votes and flags on reviews (spec sections 4, 6 and 8). */
export const reviewActionsMessages = {
  loginToVote: 'You must be logged in to vote on reviews.',
  loginToFlag: 'You must be logged in to flag reviews.',
  ownReviewVote: 'You cannot vote on your own review.',
  voteFailedTitle: 'Vote Failed',
  voteFailed: 'Could not record vote.',
  flag: 'Flag',
  /** The Flag button once the signed-in user's flag on that review is open. */
  flaggedButton: 'Flagged',
  flagDialogTitle: 'Flag Review',
  flaggedTitle: 'Review Flagged',
  flagged: 'An admin will review this flag soon.',
  flagFailedTitle: 'Failed to flag review',
  duplicateFlag: 'You have already flagged this review. An admin will look at it soon.',
} as const;
