/** Built-in identity provider: email + password accounts and the legacy username login. */
import { hash, verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { AuthUser } from '#core/api.js';
import { MSG } from '#core/messages.js';
import type { LoginBody, RegisterBody } from '#core/schemas/auth.js';
import type { Executor } from '#server/platform/db/client.js';
import { isUniqueViolation } from '#server/platform/db/errors.js';
import { users } from '#server/platform/db/schema.js';
import { AppError } from '#server/platform/errors.js';
import { sessionUserColumns, type SessionUser } from '#server/domain/identity/sessions.js';
import { currentRestriction } from '#server/domain/moderation/standing.js';
import { factorSummary } from '#server/domain/identity/factors.js';

// A hash to verify against when no account matches, so a missing account takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hash('not-a-real-password-0123456789');
  return dummyHash;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * The user as the auth status and the sign-in answers give it. A banned or suspended user gets the
 * restriction in force with it (issue 33, item 4): told why at once and at every sign-in, with the
 * way to appeal, rather than signed out in silence.
 */
export async function authUserOf(db: Executor, user: SessionUser): Promise<AuthUser> {
  const authUser = toAuthUser(user);
  // Which factors, asked only of an account that has one (issue 34): most accounts cost no query.
  if (user.hasSecondFactor) authUser.secondFactor = { enrolled: true, methods: (await factorSummary(db, user.id)).methods };
  if (user.deleteAfter) authUser.deleteAfter = user.deleteAfter.toISOString();
  return user.isBanned ? { ...authUser, restriction: await currentRestriction(db, user.id) } : authUser;
}

export function toAuthUser(user: SessionUser): AuthUser {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    isAdmin: user.isAdmin,
    isOfficer: user.isOfficer,
    officerId: user.officerId,
    steamId: user.steamId,
    isBanned: user.isBanned,
    secondFactor: { enrolled: user.hasSecondFactor, methods: [] },
  };
}

export async function registerAccount(db: Executor, body: RegisterBody, adminEmails: ReadonlySet<string>): Promise<SessionUser> {
  const [existing] = await db
    .select({
      usernameTaken: sql<boolean>`bool_or(lower(${users.username}) = lower(${body.username}))`,
      emailTaken: sql<boolean>`bool_or(lower(${users.email}) = lower(${body.email}))`,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${body.username}) or lower(${users.email}) = lower(${body.email})`);
  if (existing?.usernameTaken) throw new AppError('CONFLICT', MSG.auth.usernameAlreadyTaken);
  if (existing?.emailTaken) throw new AppError('CONFLICT', MSG.auth.emailAlreadyInUse);

  const passwordHash = await hashPassword(body.password);
  try {
    const [created] = await db
      .insert(users)
      .values({
        username: body.username,
        email: body.email,
        passwordHash,
        role: adminEmails.has(body.email.toLowerCase()) ? 'admin' : 'user',
        // Verified by the link in the verification mail (lifecycle.ts).
        emailVerified: false,
      })
      .returning(sessionUserColumns());
    return created!;
  } catch (error) {
    // Two registrations racing for the same name: the unique index decides.
    if (isUniqueViolation(error, 'users_username_lower_idx')) throw new AppError('CONFLICT', MSG.auth.usernameAlreadyTaken);
    if (isUniqueViolation(error, 'users_email_lower_idx')) throw new AppError('CONFLICT', MSG.auth.emailAlreadyInUse);
    throw error;
  }
}

async function checkPassword(
  db: Executor,
  where: ReturnType<typeof sql>,
  password: string,
): Promise<(SessionUser & { emailVerified: boolean }) | null> {
  const [row] = await db
    .select({ ...sessionUserColumns(), passwordHash: users.passwordHash, emailVerified: users.emailVerified })
    .from(users)
    .where(where)
    .limit(1);
  if (!row?.passwordHash) {
    await verify(await getDummyHash(), password);
    return null;
  }
  const ok = await verify(row.passwordHash, password);
  if (!ok) return null;
  const { passwordHash: _omit, ...user } = row;
  return user;
}

/**
 * The account a login names: by email, or by username for the legacy login. The login throttle
 * counts failures by this id, so the two logins cannot be used to double an attacker's guesses.
 */
export async function findLoginAccountId(db: Executor, by: { email: string } | { username: string }): Promise<number | null> {
  const where = 'email' in by ? sql`lower(${users.email}) = lower(${by.email})` : sql`lower(${users.username}) = lower(${by.username})`;
  const [row] = await db.select({ id: users.id }).from(users).where(where).limit(1);
  return row?.id ?? null;
}

/** Promotes an account listed in ADMIN_EMAILS when it signs in. */
export async function applyAdminEmails(db: Executor, user: SessionUser, adminEmails: ReadonlySet<string>): Promise<SessionUser> {
  if (user.isAdmin || !adminEmails.has(user.email.toLowerCase())) return user;
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
  return { ...user, role: 'admin', isAdmin: true };
}

/**
 * Email + password sign-in. An unverified account is refused (spec section 4) after `onUnverified`
 * has had the chance to send a new verification mail.
 */
export async function authenticateWithPassword(
  db: Executor,
  body: LoginBody,
  adminEmails: ReadonlySet<string>,
  onUnverified: (user: SessionUser) => Promise<void>,
): Promise<SessionUser> {
  const user = await checkPassword(db, sql`lower(${users.email}) = lower(${body.email})`, body.password);
  if (!user) throw new AppError('UNAUTHENTICATED', MSG.auth.invalidEmailOrPassword);
  if (!user.emailVerified) {
    await onUnverified(user);
    throw new AppError('FORBIDDEN', MSG.auth.verifyEmailBeforeLogin, { needsVerification: true });
  }
  const { emailVerified: _v, ...sessionUser } = user;
  return applyAdminEmails(db, sessionUser, adminEmails);
}

export async function authenticateLegacy(db: Executor, username: string, password: string, adminEmails: ReadonlySet<string>): Promise<SessionUser> {
  const user = await checkPassword(db, sql`lower(${users.username}) = lower(${username})`, password);
  if (!user) throw new AppError('UNAUTHENTICATED', MSG.auth.invalidCredentials);
  if (!user.emailVerified) throw new AppError('FORBIDDEN', MSG.auth.verifyEmailBeforeLogin, { needsVerification: true });
  const { emailVerified: _v, ...sessionUser } = user;
  return applyAdminEmails(db, sessionUser, adminEmails);
}
