/** The password reset screen (spec sections 2 and 8, Reset page). */
export const resetPasswordMessages = {
  missingCode: 'Missing password reset code. Please check your email link and try again.',
  wrongMode: 'This link is not for password reset. Please open the link from your password reset email, or request a new one.',
  invalidLink: 'Invalid or expired password reset link. Please request a new one.',
  failed: 'Failed to reset password.',
  successTitle: 'Password Reset Successful',
  returnToLogin: 'Return to Login',
  done: 'Your password has been reset. You can now log in with your new password.',
  /** The reset rule (spec section 5). */
  rule: 'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a number',
  mismatch: "Passwords don't match",
} as const;
