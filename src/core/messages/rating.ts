/** Beside the spec's 0.0 of an officer or regiment nobody has reviewed yet (issue 13). */
export const ratingMessages = {
  notYetRated: 'Not yet rated',
} as const;
