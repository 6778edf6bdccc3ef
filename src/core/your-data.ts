/** Your data and your account (issue 35): what the server's settings and the privacy page share. */

/** Days an account asked to be deleted can still cancel, unless ACCOUNT_DELETION_GRACE_DAYS says otherwise. */
export const DEFAULT_DELETION_GRACE_DAYS = 30;
