/**
 * Signing in, with or without a second factor (issue 34, item 3): every way in (the password, the
 * legacy login, the Firebase exchange, a passkey) ends here. An account with a factor gets a
 * half-done sign-in first and is signed in only when the factor is checked; every completed
 * sign-in gets a new session id (no fixation), the old session, anonymous or not, destroyed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { canModerate } from '#core/permissions.js';
import type { AuthUser } from '#core/api.js';
import type { NeedsSecondFactor } from '#core/schemas/second-factor.js';
import type { Config } from '#server/platform/config.js';
import type { Database } from '#server/platform/db/client.js';
import { users } from '#server/platform/db/schema.js';
import { eq } from 'drizzle-orm';
import { MSG } from '#core/messages.js';
import { AppError } from '#server/platform/errors.js';
import { enforceRateLimit, type RateLimitStore } from '#server/platform/rate-limit/rate-limit.js';
import { factorSummary, signInMethods } from '#server/domain/identity/factors.js';
import {
  createPendingSignIn,
  createSession,
  destroySession,
  sessionLifetimes,
  sessionUserColumns,
  setSessionCookie,
  type NewSession,
  type SessionUser,
} from '#server/domain/identity/sessions.js';
import { authUserOf } from '../accounts.js';
import { factorKeys } from './keys.js';
import { noteStaffBrowser } from './known-browsers.js';

export interface SignInDeps {
  db: Database;
  config: Config;
  rateLimitStore: RateLimitStore;
}

/**
 * Every sign-in adds a session row (and a staff account's new browser a row and a mail), so they are
 * counted per account (issue 37, item 4), after the proof: nobody without it can spend the account's
 * allowance. The second step that finishes this account's own half-done sign-in replaces that row
 * and is not counted again; it needs a single-use code or challenge, so it cannot be repeated either.
 */
async function replaceSession(deps: SignInDeps, request: FastifyRequest, reply: FastifyReply, userId: number, created: () => Promise<NewSession>) {
  if (request.session?.pendingUserId !== userId) {
    await enforceRateLimit(deps.rateLimitStore, { name: 'sign-in', ...deps.config.rateLimits.signIn }, userId);
  }
  if (request.session?.id) await destroySession(deps.db, request.session.id);
  const session = await created();
  setSessionCookie(reply, deps.config, session);
  request.session = session.session;
}

/** Signs the user in; `secondFactorAt` when a factor was part of the proof. */
export async function signIn(
  deps: SignInDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
  secondFactorAt: Date | null = null,
): Promise<AuthUser> {
  const { db, config } = deps;
  await replaceSession(deps, request, reply, user.id, () => createSession(db, sessionLifetimes(config), user, { secondFactorAt }));
  if (canModerate(user)) await noteStaffBrowser(db, config, factorKeys(config.sessionSecret).browser, request, reply, user.id);
  return authUserOf(db, user);
}

/**
 * After a right password (or Firebase token): signed in at once when the account has no factor,
 * otherwise a half-done sign-in that the second step finishes (`{needsSecondFactor, methods}`).
 */
export async function signInOrAskForFactor(
  deps: SignInDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
): Promise<{ user: AuthUser } | NeedsSecondFactor> {
  const summary = await factorSummary(deps.db, user.id);
  if (summary.methods.length === 0) return { user: await signIn(deps, request, reply, user) };
  await replaceSession(deps, request, reply, user.id, () => createPendingSignIn(deps.db, sessionLifetimes(deps.config), user.id));
  return { needsSecondFactor: true, methods: signInMethods(summary) };
}

/** The second step passed (or a passkey alone): signs the account in with the factor's time. */
export async function finishSignIn(deps: SignInDeps, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<AuthUser> {
  const [user] = await deps.db.select(sessionUserColumns()).from(users).where(eq(users.id, userId));
  // The account went away between the two steps (deleted): nothing to sign in.
  if (!user) throw new AppError('UNAUTHENTICATED', MSG.security.noSignInInProgress);
  return signIn(deps, request, reply, user, new Date());
}
