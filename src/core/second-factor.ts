/**
 * The second factor (issue 34; docs/decisions/0050-second-factor.md): what the server and the
 * security screens share. Kept out of the first screen: only the sign-in's second step, the
 * security settings and the staff screens load it.
 */

/** The factors an account can enrol: an authenticator app (TOTP) and passkeys (WebAuthn). */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** What a half-done sign-in can be finished with: the account's factors, and a recovery code while any is left. */
export type SignInMethod = SecondFactorMethod | 'recovery';

/** RFC 6238 as every authenticator app reads it by default: SHA-1, 6 digits, a 30-second step. */
export const TOTP = { digits: 6, periodSeconds: 30, algorithm: 'SHA1', issuer: 'War of Rights Officer Ratings' } as const;

/** How many recovery codes a set holds, and how each is written (two groups of five, easy to read aloud). */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}-[a-z2-9]{5}$/;

/** The dangerous actions need a factor checked this recently (issue 34, item 5). */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;

/** A passkey's name, as its owner types it ("Work laptop", "YubiKey"). */
export const PASSKEY_NAME_MAX = 60;

/** Where an account enrols and manages its factors. */
export const SECURITY_SETTINGS_PATH = '/settings/security';
