/**
 * The paths of the second factor's calls (issue 34), beside apiPaths (api-paths.ts) rather than in
 * it: apiPaths is part of the web's first screen, and only the sign-in's second step, the security
 * settings, the step-up dialog and the admins' user list call these.
 */
export const secondFactorApiPaths = {
  /** Finishes a half-done sign-in, or (signed in) passes a step-up: a code or a recovery code. */
  verify: '/api/auth/second-factor',
  security: '/api/auth/security',
  totpSetup: '/api/auth/totp/setup',
  totpEnable: '/api/auth/totp/enable',
  totpDisable: '/api/auth/totp/disable',
  recoveryCodes: '/api/auth/recovery-codes',
  passkeys: '/api/auth/passkeys',
  passkey: (id: string) => `/api/auth/passkeys/${encodeURIComponent(id)}`,
  passkeyRegistrationOptions: '/api/auth/passkeys/registration-options',
  passkeyAuthenticationOptions: '/api/auth/passkeys/authentication-options',
  passkeyAuthenticate: '/api/auth/passkeys/authenticate',
} as const;
