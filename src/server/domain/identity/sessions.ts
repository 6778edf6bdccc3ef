/**
 * Server-side sessions (docs/decisions/0003-sessions-and-csrf.md). The cookie carries a random
 * token; the database keeps only its HMAC, so a leaked sessions table cannot be replayed.
 *
 * A visitor who is not signed in gets an anonymous token instead, kept nowhere: its CSRF token is
 * derived from it with the server's secret, so a visitor costs no database row until they sign in
 * (every GET /api/csrf-token without a cookie used to write one, without limit). Its issue time is
 * part of it, so it ends after ANONYMOUS_LIFETIME_MS like the row did.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { StaffRole } from '#core/staff-roles.js';
import type { Config } from '#server/platform/config.js';
import type { Executor } from '#server/platform/db/client.js';
import { sessions, users } from '#server/platform/db/schema.js';
import { hasSecondFactorSql } from './factors.js';
import { prepared } from '#server/platform/db/prepared.js';

export const SESSION_COOKIE = 'wor_sid';
/**
 * Over HTTPS the cookie's name carries the __Host- prefix: the browser then accepts it only if it is
 * Secure, for path / and with no Domain, so a sibling subdomain cannot plant a session on us.
 */
export function sessionCookieName(config: { isHttps: boolean }): string {
  return config.isHttps ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}
const ANONYMOUS_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** `a.` + issue time (base 36 ms) + `.` + 32 random bytes (base64url). */
const ANONYMOUS_TOKEN = /^a\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;
/** The idle expiry is pushed forward at most this often, so reads do not write on every request. */
const EXTEND_EVERY_MS = 60 * 60 * 1000;

export interface SessionLifetimes {
  secret: string;
  /** A signed-in session ends after this long unused... */
  idleMs: number;
  /** ...and after this long in any case. */
  maxMs: number;
}

export interface SessionUser {
  id: number;
  username: string;
  email: string;
  role: StaffRole;
  isAdmin: boolean;
  isOfficer: boolean;
  officerId: number | null;
  steamId: string | null;
  isBanned: boolean;
  /** Has an authenticator app or a passkey (issue 34): staff without one reach only enrolment. */
  hasSecondFactor: boolean;
  /** Set while the account waits to be deleted (issue 35): it can do nothing but cancel. */
  deleteAfter: Date | null;
}

/**
 * Banned now: a permanent ban, or a suspension whose end is still ahead (issue 33: a suspension ends
 * by itself). The clock is the server's, passed in, so every reader agrees with the sweep that later
 * clears the columns (housekeeping), and a test's fake clock is the clock.
 */
export function bannedNow(now: Date | Placeholder = new Date()): SQL<boolean> {
  const at = now instanceof Date ? now.toISOString() : now;
  return sql<boolean>`(${users.isBanned} and (${users.bannedUntil} is null or ${users.bannedUntil} > ${at}::timestamptz))`;
}

/**
 * The columns of the session user, as every read of it selects them (sessions and the sign-ins).
 * `now` is a placeholder in the prepared session read.
 */
export function sessionUserColumns(now?: Placeholder) {
  return {
    id: users.id,
    username: users.username,
    email: users.email,
    role: users.role,
    isAdmin: users.isAdmin,
    isOfficer: users.isOfficer,
    officerId: users.officerId,
    steamId: users.steamId,
    isBanned: bannedNow(now),
    hasSecondFactor: hasSecondFactorSql(),
    deleteAfter: users.deleteAfter,
  };
}

export interface Session {
  /** The row's id; null for an anonymous visitor, who has no row. */
  id: string | null;
  csrfToken: string;
  user: SessionUser | null;
  /** A sign-in waiting for its second factor (issue 34, item 3): the account, not signed in yet. */
  pendingUserId?: number | null;
  /** When this session last passed a second-factor check (issue 34, item 5). */
  secondFactorAt?: Date | null;
  /** When it was signed in: a fresh sign-in stands in for a password the account does not have (issue 35). */
  signedInAt?: Date;
}

/** A signed-in session: always a row. */
export interface UserSession extends Session {
  id: string;
  user: SessionUser;
}

export function hashSessionToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url');
}

export async function findSession(db: Executor, lifetimes: SessionLifetimes, token: string): Promise<Session | null> {
  if (token.startsWith('a.')) return readAnonymousSession(lifetimes, token);
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const id = hashSessionToken(lifetimes.secret, token);
  const now = new Date();
  const rows = await sessionById(db).execute({ id, now: now.toISOString() });
  const row = rows[0];
  if (!row) return null;
  const user = row.user?.id ? row.user : null;
  if (user) await extendIdleExpiry(db, lifetimes, row, now);
  return {
    id: row.id,
    csrfToken: row.csrfToken,
    user,
    pendingUserId: row.pendingUserId,
    secondFactorAt: row.secondFactorAt,
    signedInAt: row.signedInAt,
  };
}

/**
 * The session read of every signed-in request, prepared once per handle (docs/decisions/0010): its
 * plan does not depend on the values, and PostgreSQL then neither parses nor plans the join and the
 * second-factor lookups again on each request.
 */
function sessionById(db: Executor) {
  return prepared(db, 'session_by_id', (db, name) => {
    const now = sql.placeholder('now');
    return db
      .select({
        id: sessions.id,
        csrfToken: sessions.csrfToken,
        expiresAt: sessions.expiresAt,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
        pendingUserId: sessions.pendingUserId,
        secondFactorAt: sessions.secondFactorAt,
        signedInAt: sessions.createdAt,
        user: sessionUserColumns(now),
      })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('id')),
          sql`${sessions.expiresAt} > ${now}::timestamptz`,
          sql`${sessions.absoluteExpiresAt} > ${now}::timestamptz`,
        ),
      )
      .limit(1)
      .prepare(name);
  });
}

/** Sliding idle timeout: a used session lives idleMs more, never past its absolute end. */
async function extendIdleExpiry(db: Executor, lifetimes: SessionLifetimes, row: { id: string; expiresAt: Date; absoluteExpiresAt: Date }, now: Date) {
  const wanted = Math.min(now.getTime() + lifetimes.idleMs, row.absoluteExpiresAt.getTime());
  if (wanted - row.expiresAt.getTime() < Math.min(EXTEND_EVERY_MS, lifetimes.idleMs / 2)) return;
  await db
    .update(sessions)
    .set({ expiresAt: new Date(wanted) })
    .where(eq(sessions.id, row.id));
}

export interface NewSession {
  token: string;
  session: Session;
  expiresAt: Date;
}

/**
 * A new session for a user who has just proved who they are: a row, a new token, a new CSRF token.
 * `secondFactorAt` is set when the proof included a second factor (issue 34).
 */
export async function createSession(
  db: Executor,
  lifetimes: SessionLifetimes,
  user: SessionUser,
  options: { secondFactorAt?: Date | null } = {},
): Promise<NewSession> {
  const secondFactorAt = options.secondFactorAt ?? null;
  const { token, id, csrfToken, expiresAt, absoluteExpiresAt } = newSessionRow(lifetimes, lifetimes.maxMs);
  await db.insert(sessions).values({ id, userId: user.id, csrfToken, expiresAt, absoluteExpiresAt, secondFactorAt });
  // The cookie lasts as long as the session can; the server decides when it really ends.
  return { token, session: { id, csrfToken, user, secondFactorAt, signedInAt: new Date() }, expiresAt: absoluteExpiresAt };
}

/** How long a sign-in may wait for its second factor (issue 34): long enough to find a phone. */
const PENDING_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * A sign-in half done (issue 34, item 3): the password was right, the second factor is still to come.
 * A row of its own with no user, so nothing signed-in is reachable with it, and a new token again
 * when the factor completes it.
 */
export async function createPendingSignIn(db: Executor, lifetimes: SessionLifetimes, userId: number): Promise<NewSession> {
  const { token, id, csrfToken, expiresAt, absoluteExpiresAt } = newSessionRow(lifetimes, PENDING_SIGN_IN_MS);
  await db.insert(sessions).values({ id, userId: null, pendingUserId: userId, csrfToken, expiresAt, absoluteExpiresAt });
  return { token, session: { id, csrfToken, user: null, pendingUserId: userId }, expiresAt: absoluteExpiresAt };
}

function newSessionRow(lifetimes: SessionLifetimes, maxMs: number) {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const absoluteExpiresAt = new Date(now + maxMs);
  return {
    token,
    id: hashSessionToken(lifetimes.secret, token),
    csrfToken: randomBytes(32).toString('base64url'),
    absoluteExpiresAt,
    expiresAt: new Date(Math.min(now + lifetimes.idleMs, absoluteExpiresAt.getTime())),
  };
}

/** A second factor was checked just now, in this session (a step-up, issue 34, item 5). */
export async function markSecondFactorChecked(db: Executor, sessionId: string, at = new Date()): Promise<void> {
  await db.update(sessions).set({ secondFactorAt: at }).where(eq(sessions.id, sessionId));
}

/**
 * A key for the browser behind a request, session row or not: the row's id, or for a visitor the
 * hash of their anonymous token (what a WebAuthn challenge is bound to).
 */
export function browserSessionKey(lifetimes: SessionLifetimes, session: Session): string {
  return session.id ?? hashSessionToken(lifetimes.secret, `anonymous:${session.csrfToken}`);
}

/** A visitor's session: a token and its CSRF token, written nowhere (see the top of this file). */
export function createAnonymousSession(lifetimes: SessionLifetimes, now = Date.now()): NewSession {
  const token = `a.${now.toString(36)}.${randomBytes(32).toString('base64url')}`;
  return {
    token,
    session: { id: null, csrfToken: anonymousCsrfToken(lifetimes, token), user: null },
    expiresAt: new Date(now + ANONYMOUS_LIFETIME_MS),
  };
}

function readAnonymousSession(lifetimes: SessionLifetimes, token: string, now = Date.now()): Session | null {
  const match = ANONYMOUS_TOKEN.exec(token);
  if (!match) return null;
  const issuedAt = parseInt(match[1]!, 36);
  if (!(issuedAt <= now + 60_000 && now - issuedAt < ANONYMOUS_LIFETIME_MS)) return null;
  return { id: null, csrfToken: anonymousCsrfToken(lifetimes, token), user: null };
}

/** Only the server can make it (its secret), and it changes with every anonymous token. */
function anonymousCsrfToken(lifetimes: SessionLifetimes, token: string): string {
  return createHmac('sha256', lifetimes.secret).update(`csrf:${token}`).digest('base64url');
}

/** Ends every session of a user (password reset, ban). */
export async function destroyUserSessions(db: Executor, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export function sessionLifetimes(config: { sessionSecret: string; sessionIdleMs: number; sessionMaxMs: number }): SessionLifetimes {
  return { secret: config.sessionSecret, idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs };
}

export async function destroySession(db: Executor, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function purgeExpiredSessions(db: Executor): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export function setSessionCookie(reply: FastifyReply, config: Config, created: NewSession): void {
  reply.setCookie(sessionCookieName(config), created.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isHttps,
    expires: created.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), { path: '/', httpOnly: true, sameSite: 'lax', secure: config.isHttps });
}

export function csrfTokenMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
