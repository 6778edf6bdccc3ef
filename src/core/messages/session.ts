/**
 * What any screen may say about the session: a module of its own, apart from the sign-in screens'
 * texts (auth.ts), because the first screen shows these and its budget is tight (decision 0012).
 */
export const sessionMessages = {
  authenticationRequired: 'Authentication required',
  /** Toast title when a signed-out visitor tries something that needs an account (spec section 6). */
  authenticationRequiredTitle: 'Authentication Required',
  /** Toast on / after a logout from any page. */
  signedOut: 'Signed out',
  /** The action of an 'Authentication Required' toast: login, then back to the page that asked. */
  loginAction: 'Login',
} as const;
