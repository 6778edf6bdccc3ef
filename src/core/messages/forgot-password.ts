/** /forgot-password (spec sections 2 and 8, Password reset request). */
export const forgotPasswordMessages = {
  sentTitle: 'Email Sent',
  sent: 'Password reset email sent. Please check your inbox (and spam folder).',
  failedTitle: 'Request Failed',
  /** The server's answer: it never reveals whether an account exists. */
  requested: 'If an account exists for that email, a password reset link has been sent.',
} as const;
