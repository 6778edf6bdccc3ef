/** The email-verification screen (spec sections 2 and 8, Verification page). */
export const verifyEmailMessages = {
  verifyingTitle: 'Verifying Your Email',
  verifiedTitle: 'Email Verified',
  verified: 'Your email has been verified. You can now log in.',
  failedTitle: 'Verification Failed',
  noCode: 'No verification code found in the URL',
  wrongMode: (mode: string) => `This link is not for email verification (mode: ${mode}). Please open the link from your verification email.`,
  failed: 'Failed to verify your email. The link may have expired or already been used.',
  error: 'An error occurred during verification. Please try again or contact support.',
  goToLogin: 'Go to Login',
  alreadyVerified: 'Your email is already verified. You can log in.',
  /** The answer to a request for a new verification mail: it never reveals whether an account exists. */
  requested: 'If an account with that email is waiting for verification, a new verification email has been sent.',
} as const;
