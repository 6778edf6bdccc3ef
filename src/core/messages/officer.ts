export const officerMessages = {
  notFound: 'Officer Not Found',
  noDescription: 'No description available.',
  loginToReview: 'Login to write a review',
  connectSteam: 'Connect Steam to Review',
  writeReview: 'Write a Review',
  editYourReview: 'Edit Your Review',
  loadFailed: 'This officer could not be loaded.',
} as const;
