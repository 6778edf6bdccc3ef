/**
 * Loads the session of every API request and enforces the CSRF synchronizer token on every write
 * (spec section 7: writes send the CSRF-Token header; a refusal says 'CSRF token').
 *
 * Registered inside the API's scope (app.ts), so which requests it guards is decided by the route
 * they reach, never by how their URL is spelled: `/%61pi/auth/logout` routes to the logout route
 * and gets exactly its checks. It runs once the body has arrived (preValidation), after load
 * shedding, so a stalled or refused request costs no database query.
 */
import fp from 'fastify-plugin';
import { MSG } from '#core/messages.js';
import type { Config } from '#server/platform/config.js';
import type { Database } from '#server/platform/db/client.js';
import { AppError } from '#server/platform/errors.js';
import { SESSION_COOKIE, csrfTokenMatches, findSession, sessionCookieName, sessionLifetimes, type Session } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write that carries its own authority in a signed token and is sent without a session (the
     * mails' one-click unsubscribe, RFC 8058): no CSRF token to check. Nothing session-bound may use it.
     */
    csrfExempt?: true;
    /**
     * Reachable by an account that waits to be deleted (issue 35): the auth status, sign-out and
     * the cancellation. On every other route such an account is a visitor.
     */
    duringDeletion?: true;
  }
}

export const sessionPlugin = fp<{ db: Database; config: Config }>(async (app, { db, config }) => {
  app.decorateRequest('session', null);
  const lifetimes = sessionLifetimes(config);
  const cookieName = sessionCookieName(config);

  app.addHook('preValidation', async function readSessionAndCheckCsrf(request) {
    // Over HTTPS, a cookie set before the __Host- prefix is still read, so nobody is signed out by it.
    const token = request.cookies[cookieName] ?? (config.isHttps ? request.cookies[SESSION_COOKIE] : undefined);
    request.session = token ? await findSession(db, lifetimes, token) : null;
    if (request.session?.user?.deleteAfter && !request.routeOptions.config.duringDeletion) request.session = { ...request.session, user: null };

    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrfExempt) return;
    const header = request.headers['csrf-token'];
    const given = Array.isArray(header) ? header[0] : header;
    if (!request.session || !csrfTokenMatches(request.session.csrfToken, given)) {
      throw new AppError('CSRF', MSG.csrf.invalid);
    }
  });
});
