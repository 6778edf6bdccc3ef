/** Votes and flags on reviews (spec sections 4, 6 and 8). */
export const reviewActionsMessages = {
  loginToVote: 'You must be logged in to vote on reviews.',
  loginToFlag: 'You must be logged in to flag reviews.',
  ownReviewVote: 'You cannot vote on your own review.',
  /** Issue 32: the officer's own votes would steer which reviews of him read as most helpful. */
  ownOfficerVote: 'You cannot vote on reviews of your own officer profile.',
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
