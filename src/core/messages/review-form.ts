/** The review form and body (spec section 5). */
export const reviewFormMessages = {
  textMax: 'Review must be 500 characters or less',
  textMinNonSpace: 'Review must contain at least 10 non-space characters',
  ratingRange: 'Ratings must be from 0 to 5 in steps of 0.5',
  flagReasonMin: 'Please give a reason of at least 10 characters',
  flagReasonMax: 'The reason must be 500 characters or less',
} as const;
