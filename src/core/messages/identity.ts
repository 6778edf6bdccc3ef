/** Sign-in through the hosted identity service (IDENTITY_PROVIDER=firebase; spec sections 4 and 8). */
export const identityMessages = {
  emailNotVerified:
    'Your email is not verified according to Firebase. A new verification email has been sent - please check your inbox and spam folder, then click the verification link.',
  emailInUse: 'This email is already in use. Please try logging in.',
  invalidEmailOrPassword: 'Invalid email or password',
  invalidLoginCredentials: 'Invalid login credentials',
  authenticateFailed: 'Failed to authenticate with server',
  communicateFailed: 'Failed to communicate with server',
  profileUpdateFailed: 'Registration failed: Could not update profile. Please try again.',
  userCreationIncomplete: 'Registration failed: User creation was incomplete.',
  backendRegistrationFailed: 'Your account was created, but there was an issue with registration. Please verify your email and try logging in.',
  notConfigured: 'The identity service is not configured.',
  // The server's answers to identity-service sign-ins (docs/decisions/0007-firebase-provider.md).
  tokenRejected: 'Your sign-in could not be verified. Please sign in again.',
  signInTooOld: 'Your sign-in is more than 5 minutes old. Please sign in again.',
  tokenTooOld: 'Your sign-in token is more than 5 minutes old. Please refresh it and try again.',
  unavailable: 'The identity service could not be reached. Please try again later.',
  needsRegistration: 'No account is registered for this sign-in yet. Please complete your registration.',
  noEmail: 'Your sign-in has no email address. Please sign in with an email and password.',
  changedEmailTaken:
    'The email address of your sign-in now belongs to another account on this site, so this account could not be updated. Please sign in with that account or contact support.',
  linkedElsewhere: 'This email belongs to an account that is linked to another sign-in. Please contact support.',
  registeredAndSignedIn: 'Registration successful. You are now logged in.',
  verificationUpdated: 'Your email verification status has been updated.',
} as const;
