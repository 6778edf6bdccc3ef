/**
 * Passkeys (issue 34, item 2) through @simplewebauthn/server: registration by a signed-in account,
 * and assertions that finish a sign-in, sign in alone, or step up. Every challenge is the server's,
 * bound to the browser that asked for it, single use and valid for five minutes (challenges below).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { MSG } from '#core/messages.js';
import { TOTP } from '#core/second-factor.js';
import type { Passkey } from '#core/schemas/second-factor.js';
import type { Executor } from '#server/platform/db/client.js';
import { passkeys, webauthnChallenges } from '#server/platform/db/schema.js';
import { AppError } from '#server/platform/errors.js';

const CHALLENGE_MS = 5 * 60 * 1000;

/** Who we are to the authenticator: the public URL's host and origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}

async function storeChallenge(db: Executor, sessionKey: string, purpose: 'register' | 'authenticate', userId: number | null, challenge: string) {
  // Old challenges go as new ones come: the table holds minutes of them, never a growing pile.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  await db.insert(webauthnChallenges).values({ challenge, sessionKey, purpose, userId, expiresAt: new Date(Date.now() + CHALLENGE_MS) });
}

/**
 * The challenge check @simplewebauthn calls: true once for a challenge this browser was given for
 * this purpose (and account, when one is named), which is spent by the check.
 */
function takeChallenge(db: Executor, sessionKey: string, purpose: 'register' | 'authenticate', userId: number | null) {
  return async (challenge: string): Promise<boolean> => {
    const taken = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.sessionKey, sessionKey),
          eq(webauthnChallenges.purpose, purpose),
          userId === null ? sql`${webauthnChallenges.userId} is null` : eq(webauthnChallenges.userId, userId),
          sql`${webauthnChallenges.expiresAt} > now()`,
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    return taken.length > 0;
  };
}

/** A rejected response: malformed, replayed, for another site, or signed by the wrong key. */
async function verified<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch {
    throw new AppError('BAD_REQUEST', MSG.security.passkeyFailed);
  }
}

export async function registrationOptions(
  db: Executor,
  rp: RelyingParty,
  sessionKey: string,
  user: { id: number; username: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: TOTP.issuer,
    rpID: rp.id,
    userName: user.username,
    // The user handle a discoverable passkey gives back at a sign-in that names no account.
    userID: new TextEncoder().encode(String(user.id)),
    attestationType: 'none',
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(db, sessionKey, 'register', user.id, options.challenge);
  return options;
}

export async function registerPasskey(
  db: Executor,
  rp: RelyingParty,
  sessionKey: string,
  userId: number,
  name: string,
  response: RegistrationResponseJSON,
): Promise<Passkey> {
  const result = await verified(() =>
    verifyRegistrationResponse({
      response,
      expectedChallenge: takeChallenge(db, sessionKey, 'register', userId),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    }),
  );
  if (!result.verified) throw new AppError('BAD_REQUEST', MSG.security.passkeyFailed);
  const { credential } = result.registrationInfo;
  const [created] = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId,
      name,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
    })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new AppError('CONFLICT', MSG.security.passkeyAlreadyRegistered);
  return toPasskey(created);
}

function toPasskey(row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): Passkey {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

export async function listPasskeys(db: Executor, userId: number): Promise<Passkey[]> {
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  return rows.map(toPasskey);
}

/** Removes one of the account's passkeys; answers its name. */
export async function removePasskey(db: Executor, userId: number, id: string): Promise<string> {
  const [removed] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  if (!removed) throw new AppError('NOT_FOUND', MSG.security.passkeyNotFound);
  return removed.name;
}

/**
 * Options for an assertion. With an account (a sign-in's second step, a step-up) its passkeys are
 * listed; without one (a sign-in by passkey alone) the browser offers whichever it holds for us, and
 * the user must be verified on the device (a PIN or a fingerprint), which makes the passkey alone
 * two factors.
 */
export async function authenticationOptions(
  db: Executor,
  rp: RelyingParty,
  sessionKey: string,
  userId: number | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowCredentials =
    userId === null
      ? undefined
      : await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials,
    userVerification: userId === null ? 'required' : 'preferred',
  });
  await storeChallenge(db, sessionKey, 'authenticate', userId, options.challenge);
  return options;
}

/**
 * Checks an assertion. `userId` is the account the options were made for (null for a sign-in by
 * passkey alone). Answers the account the passkey belongs to, its counter moved on.
 */
export async function verifyPasskeyAssertion(
  db: Executor,
  rp: RelyingParty,
  sessionKey: string,
  userId: number | null,
  response: AuthenticationResponseJSON,
): Promise<{ userId: number }> {
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.id, response.id));
  if (!stored || (userId !== null && stored.userId !== userId))
    throw new AppError('BAD_REQUEST', userId === null ? MSG.security.passkeyUnknown : MSG.security.passkeyFailed);
  const result = await verified(() =>
    verifyAuthenticationResponse({
      response,
      expectedChallenge: takeChallenge(db, sessionKey, 'authenticate', userId),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: stored.id, publicKey: new Uint8Array(stored.publicKey), counter: stored.counter, transports: stored.transports },
      requireUserVerification: userId === null,
    }),
  );
  if (!result.verified) throw new AppError('BAD_REQUEST', MSG.security.passkeyFailed);
  await db
    .update(passkeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
    .where(eq(passkeys.id, stored.id));
  return { userId: stored.userId };
}
