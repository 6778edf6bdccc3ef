/**
 * Authenticator codes (issue 34, item 1; RFC 6238 with the defaults every app reads: SHA-1, 6 digits,
 * 30 s). A code is accepted within one step of the server's clock and only once: the step of the
 * last code used is kept, and a code of that step or an earlier one is refused (ASVS 6.5.1, 6.5.5).
 */
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { Secret, TOTP as TotpGenerator } from 'otpauth';
import { MSG } from '#core/messages.js';
import { TOTP } from '#core/second-factor.js';
import type { Executor } from '#server/platform/db/client.js';
import { totpFactors } from '#server/platform/db/schema.js';
import { AppError } from '#server/platform/errors.js';
import { decryptSecret, encryptSecret } from './keys.js';

function generator(secret: string, label = '') {
  return new TotpGenerator({
    issuer: TOTP.issuer,
    label,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret (160 bits, RFC 4226's recommendation), kept pending until a code proves the app has it. */
export async function startTotpSetup(
  db: Executor,
  key: Buffer,
  user: { id: number; username: string },
): Promise<{ secret: string; otpauthUrl: string }> {
  if ((await totpState(db, user.id)) === 'enabled') throw new AppError('CONFLICT', MSG.security.totpAlreadyEnabled);
  const secret = new Secret({ size: 20 }).base32;
  const sealed = encryptSecret(key, secret);
  await db
    .insert(totpFactors)
    .values({ userId: user.id, secret: sealed })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secret: sealed, lastUsedStep: 0, createdAt: sql`now()` },
      where: isNull(totpFactors.enabledAt),
    });
  return { secret, otpauthUrl: generator(secret, user.username).toString() };
}

/** The time step a code belongs to, if it is one of the last, current or next step's codes. */
function matchingStep(secret: string, code: string, now: number): number | null {
  const delta = generator(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP.periodSeconds) + delta;
}

/**
 * Checks a code against the account's app, enabled or (for `pending`) being set up, and uses it up:
 * the step is recorded in the same statement that checks no later code was used, so two requests
 * racing with one code cannot both pass. Answers whether the code was good.
 */
export async function useTotpCode(
  db: Executor,
  key: Buffer,
  userId: number,
  code: string,
  state: 'enabled' | 'pending',
  now = Date.now(),
): Promise<boolean> {
  const [row] = await db
    .select({ secret: totpFactors.secret })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), state === 'enabled' ? isNotNull(totpFactors.enabledAt) : isNull(totpFactors.enabledAt)));
  if (!row) return false;
  const step = matchingStep(decryptSecret(key, row.secret), code, now);
  if (step === null) return false;
  const used = await db
    .update(totpFactors)
    .set({ lastUsedStep: step, ...(state === 'pending' && { enabledAt: new Date(now) }) })
    .where(and(eq(totpFactors.userId, userId), lt(totpFactors.lastUsedStep, step)))
    .returning({ userId: totpFactors.userId });
  return used.length > 0;
}

/** Where the account's authenticator app stands: none, being set up, or on. */
export async function totpState(db: Executor, userId: number): Promise<'none' | 'pending' | 'enabled'> {
  const [row] = await db.select({ enabledAt: totpFactors.enabledAt }).from(totpFactors).where(eq(totpFactors.userId, userId));
  if (!row) return 'none';
  return row.enabledAt ? 'enabled' : 'pending';
}

export async function removeTotp(db: Executor, userId: number): Promise<void> {
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
}

/** A code for a secret at a moment: what an authenticator app shows (tests and the bench sign in with it). */
export function totpCodeAt(secret: string, now = Date.now()): string {
  return generator(secret).generate({ timestamp: now });
}
