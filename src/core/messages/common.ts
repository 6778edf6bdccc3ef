/** The label shown where no author name is available (spec section 1). */
export const anonymousSoldier = 'Anonymous Soldier';

/** Texts more than one area shows. */
export const commonMessages = {
  noOfficers: 'No Officers Found',
  allRegiments: 'All Regiments',
  unknownError: 'Unknown error occurred.',
  changesSaved: 'The changes have been saved.',
  checkingAccount: 'Checking your account…',
  uploadingImage: 'Uploading image…',
  /** A heading or filter naming officers (admin filter, the Following list, a comparison's row). */
  officers: 'Officers',
  /** An officer or regiment with no review (admin filter, a comparison's distribution). */
  noReviewsYet: 'No reviews yet',
} as const;
