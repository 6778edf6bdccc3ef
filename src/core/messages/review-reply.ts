/**
 * The officer's right of reply (issue 18, item 1): the reply under a review, its controls, the
 * reviewer's resolution, moderation of replies, and the server's refusals. Only the officer page and
 * the moderation screen show replies, so none of this is on the first screen.
 */
export const reviewReplyMessages = {
  responseFrom: (officerName: string) => `Response from ${officerName}`,
  resolvedBadge: 'Resolved',
  reply: 'Reply',
  editReply: 'Edit reply',
  deleteReply: 'Delete reply',
  replyLabel: 'Your reply',
  replyDialogTitle: 'Reply to this review',
  editReplyDialogTitle: 'Edit your reply',
  replyDialogDescription: 'Your reply is public and shown under the review, as a response from your officer profile.',
  deleteReplyTitle: 'Delete Reply',
  deleteReplyConfirm: (officerName: string) => `Delete the response from ${officerName}? This cannot be undone.`,
  replyPostedTitle: 'Reply Posted',
  replySavedTitle: 'Reply Updated',
  replyDeletedTitle: 'Reply Deleted',
  replyFailedTitle: 'Reply Failed',
  markResolved: 'Mark resolved',
  markUnresolved: 'Mark unresolved',
  resolvedTitle: 'Marked Resolved',
  unresolvedTitle: 'Marked Unresolved',
  resolveFailedTitle: 'Could not change the resolution',
  flagReplyDialogTitle: 'Flag Reply',
  flagReplyDescription: 'Tell the moderators what is wrong with this reply. An admin will look at it.',
  replyFlaggedTitle: 'Reply Flagged',
  /** A reply flag refused (issue 32: about the reply, not the review). */
  flagReplyFailedTitle: 'Failed to flag reply',
  /** The moderation screen's mark on a row whose flags are on the reply, and its actions. */
  flaggedReplyBadge: 'Officer reply',
  /** Issue 36, item 6: a reply row's author column, when the account that wrote the reply is gone. */
  replyAuthorGone: 'Account removed',
  replyApprovedTitle: 'Reply Approved',
  replyApproved: "The reply's flags have been removed.",
  replyRemoved: 'The reply has been removed.',
  // The server's refusals.
  notOfficerOfReview: 'Only the account linked to the reviewed officer can reply to this review.',
  noReply: 'This review has no reply.',
  notReviewAuthor: 'Only the author of the review can mark it resolved.',
  resolveWithoutReply: 'A review can be marked resolved only once the officer has replied.',
  duplicateReplyFlag: 'You have already flagged this reply. An admin will look at it soon.',
  ownReplyFlag: 'You cannot flag your own reply.',
  replyDeleted: 'Reply deleted',
} as const;
