/** The regiment and officer registration forms and bodies (spec section 5). */
export const registrationFormMessages = {
  regimentNameEmpty: 'Regiment name cannot be empty',
  regimentNameMax: 'Regiment name must be 100 characters or less',
  descriptionMax: 'Description must be 250 characters or less',
  sideRequired: 'Please select a side',
  sideInvalid: 'Invalid side selected. Please select a valid side.',
  officerNameEmpty: 'Officer name cannot be empty',
  officerNameMax: 'Officer name must be 60 characters or less',
  rankMin: 'Rank must be at least 2 characters long',
  rankMax: 'Rank must be 50 characters or less',
  regimentRequired: 'Please select a regiment',
  regimentInvalid: 'Please select a valid regiment.',
  imageUrlInvalid: 'Images must be uploaded here with the image upload; links to images on other sites are not accepted.',
  proofUrlInvalid: 'Proof URL must be a valid URL',
  userIdInvalid: 'Invalid user id',
  notesMax: 'Notes must be 1000 characters or less',
} as const;
