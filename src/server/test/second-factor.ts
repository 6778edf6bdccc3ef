/**
 * Second factors for test accounts (issue 34): staff need one to reach their tools, so the helpers
 * give every staff account an authenticator app with a known secret, enrolled as the set-up call
 * would leave it, and sign in through the real second step with a code from it.
 */
import { Secret } from 'otpauth';
import type { Config } from '#server/platform/config.js';
import type { Executor } from '#server/platform/db/client.js';
import { totpFactors } from '#server/platform/db/schema.js';
import { encryptSecret, factorKeys } from '#server/features/auth/second-factor/keys.js';
import { totpCodeAt } from '#server/features/auth/second-factor/totp.js';

/** Enrols an authenticator app for the account; answers its secret (base32), to make codes with. */
export async function enrolTotp(db: Executor, config: Pick<Config, 'sessionSecret'>, userId: number): Promise<string> {
  const secret = new Secret({ size: 20 }).base32;
  await db.insert(totpFactors).values({ userId, secret: encryptSecret(factorKeys(config.sessionSecret).totpSecret, secret), enabledAt: new Date() });
  return secret;
}

/** The code the app shows `stepsAgo` 30-second steps before now (0: the current one). */
export function codeFor(secret: string, stepsAgo = 0, now = Date.now()): string {
  return totpCodeAt(secret, now - stepsAgo * 30_000);
}
