/** The second factor's calls (issue 34): bodies the server validates and answers both sides read. */
import { z } from 'zod';
import { PASSKEY_NAME_MAX, RECOVERY_CODE_PATTERN, SECOND_FACTOR_METHODS } from '#core/second-factor.js';
import { securityMessages as M } from '#core/messages/security.js';

/** Six digits; the spaces an app shows in the middle ("123 456") are forgiven. */
const totpCodeSchema = z
  .string()
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, M.invalidCode));

/** Case and spaces forgiven; the hyphen may be left out. */
const recoveryCodeSchema = z
  .string()
  .max(40)
  .transform((code) => {
    const compact = code.toLowerCase().replace(/[\s-]+/g, '');
    return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
  })
  .pipe(z.string().regex(RECOVERY_CODE_PATTERN, M.invalidRecoveryCode));

/** POST /api/auth/totp/enable and /api/auth/totp/disable. */
export const totpCodeBodySchema = z.object({ code: totpCodeSchema });

/** POST /api/auth/second-factor: a code from the app, or a recovery code. */
export const secondFactorBodySchema = z.union([z.object({ code: totpCodeSchema }).strict(), z.object({ recoveryCode: recoveryCodeSchema }).strict()]);
export type SecondFactorBody = z.infer<typeof secondFactorBodySchema>;

/**
 * A WebAuthn response as @simplewebauthn/browser hands it over (JSON, base64url fields). Its inner
 * shape is checked by @simplewebauthn/server, which answers a clear refusal for anything malformed.
 */
const credentialResponseSchema = z
  .object({
    id: z.string().min(1).max(1400),
    rawId: z.string().min(1).max(1400),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
  })
  .catchall(z.unknown());

/** POST /api/auth/passkeys */
export const passkeyRegisterBodySchema = z.object({
  name: z.string().trim().min(1, M.passkeyNameLabel).max(PASSKEY_NAME_MAX),
  response: credentialResponseSchema,
});

/** POST /api/auth/passkeys/authenticate */
export const passkeyAuthenticateBodySchema = z.object({ response: credentialResponseSchema });

/** The password login's answer when the account has a factor: not signed in yet (issue 34, item 3). */
export const needsSecondFactorSchema = z.object({
  needsSecondFactor: z.literal(true),
  methods: z.array(z.enum([...SECOND_FACTOR_METHODS, 'recovery'])),
});
export type NeedsSecondFactor = z.infer<typeof needsSecondFactorSchema>;

export const passkeySchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/auth/security: the settings page's whole state. */
export const securityStateSchema = z.object({
  totp: z.object({ enabled: z.boolean() }),
  passkeys: z.array(passkeySchema),
  recoveryCodesRemaining: z.number(),
  /** The staff must enrol before their tools open (issue 34, item 4). */
  required: z.boolean(),
});
export type SecurityState = z.infer<typeof securityStateSchema>;

export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
