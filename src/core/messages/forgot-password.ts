/** /forgot-password (spec sections 2 and 8, Password reset request). */
export const forgotPasswordMessages = {
  sentTitle: 'Email Sent',
  sent: 'Password reset email sent. Please check your inbox (and spam folder).',
  failedTitle: 'Request Failed',
  /** The identity service's refusals in firebase mode (spec section 8, Password reset request). */
  noUser: 'No user found with this email address.',
  /** The identity service refused the continue address: a configuration fault only support can fix. */
  failed: 'Password reset failed. Please contact support.',
  /** The server's answer: it never reveals whether an account exists. */
  requested: 'If an account exists for that email, a password reset link has been sent.',
} as const;
