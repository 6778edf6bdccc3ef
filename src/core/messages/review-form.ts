/** The review form and body (spec section 5). */
export const reviewFormMessages = {
  textMax: 'Review must be 500 characters or less',
  textMinNonSpace: 'Review must contain at least 10 non-space characters',
  ratingRange: 'Ratings must be from 0 to 5 in steps of 0.5',
  flagReasonMin: 'Please give a reason of at least 10 characters',
  flagReasonMax: 'The reason must be 500 characters or less',
  /** The text box's hint: it fits every officer, whoever plays them (issue 39, item 5). */
  /** The optional quick verdict beside the ratings (issue 36, item 4), and its three answers. */
  verdictQuestion: 'Would you serve under this officer again?',
  verdictYes: 'Yes',
  verdictNo: 'No',
  verdictNone: 'No answer',
  verdictValue: 'wouldServeAgain must be true, false or null',
  textPlaceholder: 'How does this officer lead, plan and communicate? Are they fair to the soldiers under their command?',
} as const;
