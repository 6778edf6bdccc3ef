/**
 * The paths of the sign-in, registration, verification and password-reset calls, which only their
 * own screens make. Apart from apiPaths (api-paths.ts), which is first-screen code that every visitor
 * loads: each path there is bytes of the first screen's budget (scripts/check-bundle-size.mjs).
 */
export const authApiPaths = {
  login: '/api/auth/login',
  legacyLogin: '/api/auth/legacy-login',
  register: '/api/auth/register',
  firebaseLogin: '/api/auth/firebase-login',
  firebaseRegister: '/api/auth/firebase-register',
  updateVerification: '/api/auth/update-verification',
  requestVerification: '/api/auth/request-verification',
  verifyEmail: (code: string) => `/api/auth/verify-email/${encodeURIComponent(code)}`,
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  resetPasswordLink: (code: string) => `/api/auth/reset-password/${encodeURIComponent(code)}`,
} as const;
