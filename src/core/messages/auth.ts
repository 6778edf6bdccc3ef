/** The sign-in screens' texts; what every screen may show about the session is in session.ts. */
export const authMessages = {
  loginFailedTitle: 'Login Failed',
  loginErrorTitle: 'Login Error',
  invalidEmailOrPassword: 'Invalid email or password. Please check your credentials and try again.',
  invalidCredentials: 'Invalid credentials',
  legacyLoginFailed: 'Login failed. Please try again.',
  tooManyAttempts: 'Too many failed login attempts. Please try again later.',
  usernameTaken: 'This username is already taken. Please choose another one.',
  emailRegistered: 'This email is already registered. Please use a different email or login.',
  registrationFailed: 'Could not create your account. Please try again.',
  registrationSuccess: 'Registration successful! Please check your email to verify your account.',
  loginSuccess: 'Login successful',
  loggedOut: 'Logged out',
  loginFailed: 'Login failed',
  verificationRequiredTitle: 'Email Verification Required',
  verifyEmailBeforeLogin: 'Please check your email to verify your account before logging in.',
  resendEmail: 'Resend Email',
  resendVerificationFailed: "We couldn't send you a new verification email. Please try again later.",
  weakPassword: 'Password is too weak. Please use a stronger password.',
  passwordError: (message: string) => `Password error: ${message}`,
  /** Toast after a refused sign-in: the server has just mailed a new link (spec section 8, Login). */
  unverifiedNewEmailSent:
    'Your email is not verified. A new verification email has been sent - please check your inbox and spam folder, then click the verification link.',
  invalidEmail: 'Invalid email address. Please check and try again.',
  /** The server's refusals of a registration; the web maps them to the spec's texts (map-registration-error.ts). */
  usernameAlreadyTaken: 'Username is already taken',
  emailAlreadyInUse: 'Email is already in use',
  logoutFailedTitle: 'Logout failed',
  verificationEmailSentTitle: 'Verification Email Sent',
  emailNotSentTitle: 'Email Not Sent',
  checkInboxToVerify: 'Check your inbox (and spam folder), then click the verification link.',
} as const;
