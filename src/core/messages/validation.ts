export const validationMessages = {
  email: 'Please enter a valid email',
  emailAddress: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be 50 characters or less',
  passwordMin: 'Password must be at least 8 characters',
  passwordsMismatch: 'Passwords do not match',
  usernameCharacters: 'Username may contain letters, numbers, spaces, dots, dashes and underscores',
  usernameRequired: 'Username is required',
  voteValue: 'value must be 1, -1 or 0',
  resolvedValue: 'resolved must be true or false',
  registrationAction: 'Action must be approve or reject',
  /** A field the schema refused without a message of its own. */
  invalidValue: 'Invalid value',
} as const;
