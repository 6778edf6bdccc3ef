/**
 * Accounts whose identity Firebase proves (IDENTITY_PROVIDER=firebase, spec sections 4 and 7).
 * Tokens arrive verified (adapters/firebase); these functions decide what a verified identity may do
 * here. docs/decisions/0007-firebase-provider.md explains the choices.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MSG } from '#core/messages.js';
import type { VerifiedIdentity } from '#server/adapters/firebase/id-token-verifier.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { isUniqueViolation } from '#server/platform/db/errors.js';
import { users } from '#server/platform/db/schema.js';
import { AppError } from '#server/platform/errors.js';
import { sessionUserColumns } from '#server/domain/identity/sessions.js';
import { applyAdminEmails } from './accounts.js';
import { destroyUserSessions, type SessionUser } from '#server/domain/identity/sessions.js';

/** Spec section 9: identity token maximum age for sync, 5 minutes. */
export const IDENTITY_TOKEN_MAX_AGE_SECONDS = 5 * 60;
/** Tolerated clock difference between Google's servers and ours, for times in the future. */
const CLOCK_SKEW_SECONDS = 30;

const nowInSeconds = () => Math.floor(Date.now() / 1000);

function isWithinMaxAge(seconds: number, now: number): boolean {
  return now - seconds <= IDENTITY_TOKEN_MAX_AGE_SECONDS && seconds <= now + CLOCK_SKEW_SECONDS;
}

/**
 * Calls that create a session (login, register) need a sign-in of the last 5 minutes: an ID token
 * lives an hour and refreshes for months, so without this a token lifted from a browser could be
 * exchanged for a 30-day session long after the password was last typed.
 */
export function requireRecentSignIn(identity: VerifiedIdentity, now = nowInSeconds()): void {
  if (!isWithinMaxAge(identity.authTime, now)) throw new AppError('UNAUTHENTICATED', MSG.identity.signInTooOld);
}

/**
 * update-verification creates no session; it needs a token issued in the last 5 minutes (the web
 * app refreshes it after reloading the user), not a new password sign-in: the verification link is
 * often opened long after signing up.
 */
export function requireFreshToken(identity: VerifiedIdentity, now = nowInSeconds()): void {
  if (!isWithinMaxAge(identity.issuedAt, now)) throw new AppError('UNAUTHENTICATED', MSG.identity.tokenTooOld);
}

function needsRegistration(identity: VerifiedIdentity): AppError {
  return new AppError('NOT_FOUND', MSG.identity.needsRegistration, {
    needsRegistration: true,
    email: identity.email,
    uid: identity.uid,
  });
}

async function findByFirebaseUid(db: Executor, uid: string) {
  const [user] = await db
    .select({ ...sessionUserColumns(), emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.firebaseUid, uid))
    .limit(1);
  return user ?? null;
}

/**
 * The first Firebase sign-in of someone who already has an account here (built-in or legacy) with
 * the same, Firebase-verified, email links the two once. If the local account had never proved that
 * address, whoever created it may not own it (account pre-hijacking): its password and sessions end.
 */
async function linkAccountByEmail(db: Database, identity: VerifiedIdentity & { email: string }): Promise<SessionUser | null> {
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id, firebaseUid: users.firebaseUid, emailVerified: users.emailVerified })
        .from(users)
        .where(sql`lower(${users.email}) = ${identity.email}`)
        .for('update')
        .limit(1);
      if (!existing) return null;
      if (existing.firebaseUid !== null) throw new AppError('CONFLICT', MSG.identity.linkedElsewhere);
      const [linked] = await tx
        .update(users)
        .set({
          firebaseUid: identity.uid,
          emailVerified: true,
          ...(existing.emailVerified ? {} : { passwordHash: null }),
        })
        .where(and(eq(users.id, existing.id), isNull(users.firebaseUid)))
        .returning(sessionUserColumns());
      if (!existing.emailVerified) await destroyUserSessions(tx, existing.id);
      return linked ?? null;
    });
  } catch (error) {
    // Two first sign-ins of the same identity at once: the other one linked it.
    if (isUniqueViolation(error, 'users_firebase_uid_unique')) return findByFirebaseUid(db, identity.uid);
    throw error;
  }
}

/**
 * The account follows its identity at each sign-in: the email verified at Firebase since it
 * registered here, and an address changed there (the token's verified email wins). An address that
 * another account here holds is refused, and nothing changes: the two accounts stay apart until
 * someone who can prove both sorts them out.
 */
async function syncVerifiedEmail(db: Database, user: SessionUser, emailVerified: boolean, verifiedEmail: string | null): Promise<SessionUser> {
  const isEmailChanged = verifiedEmail !== null && verifiedEmail !== user.email.toLowerCase();
  if (emailVerified && !isEmailChanged) return user;
  try {
    await db
      .update(users)
      .set({ emailVerified: true, ...(isEmailChanged ? { email: verifiedEmail } : {}) })
      .where(eq(users.id, user.id));
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_idx')) throw new AppError('CONFLICT', MSG.identity.changedEmailTaken);
    throw error;
  }
  return isEmailChanged ? { ...user, email: verifiedEmail } : user;
}

/**
 * POST /api/auth/firebase-login: the account of a verified identity, linked by email on first use.
 * Unverified emails are refused (spec section 4); no account means 404 needsRegistration.
 */
export async function signInWithFirebase(db: Database, identity: VerifiedIdentity, adminEmails: ReadonlySet<string>): Promise<SessionUser> {
  if (!identity.emailVerified) {
    throw new AppError('FORBIDDEN', MSG.identity.emailNotVerified, { needsVerification: true });
  }
  let user: SessionUser | null = null;
  const registered = await findByFirebaseUid(db, identity.uid);
  if (registered) {
    const { emailVerified, ...rest } = registered;
    user = await syncVerifiedEmail(db, rest, emailVerified, identity.email);
  } else if (identity.email) {
    user = await linkAccountByEmail(db, { ...identity, email: identity.email });
  }
  if (!user) throw needsRegistration(identity);
  return applyAdminEmails(db, user, adminEmails);
}

/**
 * POST /api/auth/firebase-register: the account for an identity Firebase created. The email comes
 * from the token, never from the request. An account whose email is not verified yet stays signed
 * out (spec section 4, Account registration), as with the built-in provider.
 */
export async function registerWithFirebase(
  db: Executor,
  identity: VerifiedIdentity,
  username: string,
  adminEmails: ReadonlySet<string>,
): Promise<{ user: SessionUser; emailVerified: boolean }> {
  const email = identity.email;
  if (!email) throw new AppError('BAD_REQUEST', MSG.identity.noEmail);
  const [existing] = await db
    .select({
      identityTaken: sql<boolean>`bool_or(${users.firebaseUid} = ${identity.uid})`,
      usernameTaken: sql<boolean>`bool_or(lower(${users.username}) = lower(${username}))`,
      emailTaken: sql<boolean>`bool_or(lower(${users.email}) = ${email})`,
    })
    .from(users)
    .where(sql`${users.firebaseUid} = ${identity.uid} or lower(${users.username}) = lower(${username}) or lower(${users.email}) = ${email}`);
  // An email with an account here already: sign in instead (firebase-login links it).
  if (existing?.identityTaken || existing?.emailTaken) throw new AppError('CONFLICT', MSG.auth.emailAlreadyInUse);
  if (existing?.usernameTaken) throw new AppError('CONFLICT', MSG.auth.usernameAlreadyTaken);

  try {
    const [created] = await db
      .insert(users)
      .values({
        username,
        email,
        // Firebase holds the password; the legacy login does not apply to this account.
        passwordHash: null,
        firebaseUid: identity.uid,
        emailVerified: identity.emailVerified,
        // ADMIN_EMAILS trusts an address only once it is proven.
        role: identity.emailVerified && adminEmails.has(email) ? 'admin' : 'user',
      })
      .returning(sessionUserColumns());
    return { user: created!, emailVerified: identity.emailVerified };
  } catch (error) {
    // Two registrations racing: the unique indexes decide.
    if (isUniqueViolation(error, 'users_username_lower_idx')) throw new AppError('CONFLICT', MSG.auth.usernameAlreadyTaken);
    if (isUniqueViolation(error, 'users_email_lower_idx')) throw new AppError('CONFLICT', MSG.auth.emailAlreadyInUse);
    if (isUniqueViolation(error, 'users_firebase_uid_unique')) throw new AppError('CONFLICT', MSG.auth.emailAlreadyInUse);
    throw error;
  }
}

/** POST /api/auth/update-verification: the account's emailVerified follows Firebase's (spec section 4). */
export async function updateEmailVerification(db: Executor, identity: VerifiedIdentity): Promise<{ emailVerified: boolean }> {
  const [updated] = await db
    .update(users)
    .set({ emailVerified: identity.emailVerified })
    .where(eq(users.firebaseUid, identity.uid))
    .returning({ id: users.id });
  if (!updated) throw needsRegistration(identity);
  return { emailVerified: identity.emailVerified };
}
