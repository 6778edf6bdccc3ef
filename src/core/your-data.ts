/** Your data and your account (issue 35): what the server's settings and the privacy page share. */

/** Days an account asked to be deleted can still cancel, unless ACCOUNT_DELETION_GRACE_DAYS says otherwise. */
export const DEFAULT_DELETION_GRACE_DAYS = 30;

/**
 * The paths of these calls, beside apiPaths (api-paths.ts) rather than in it, as
 * secondFactorApiPaths is: apiPaths is part of the web's first screen, which has no bytes to spare.
 */
export const yourDataApiPaths = {
  /** GET: the JSON document, as an attachment. */
  export: '/api/users/me/export',
  /** POST asks for the deletion, DELETE takes it back. */
  deletion: '/api/users/me/deletion',
} as const;
