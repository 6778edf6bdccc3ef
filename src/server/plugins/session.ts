/**
 * Loads the session of every API request and enforces the CSRF synchronizer token on every write
 * (spec section 7: writes send the CSRF-Token header; a refusal says 'CSRF token').
 */
import fp from 'fastify-plugin';
import { MSG } from '../../core/messages.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { AppError } from '../errors.js';
import { SESSION_COOKIE, csrfTokenMatches, findSession, sessionLifetimes, type Session } from '../features/auth/sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const sessionPlugin = fp<{ db: Database; config: Config }>(async (app, { db, config }) => {
  app.decorateRequest('session', null);
  const lifetimes = sessionLifetimes(config);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    request.session = token ? await findSession(db, lifetimes, token) : null;

    if (SAFE_METHODS.has(request.method)) return;
    const header = request.headers['csrf-token'];
    const given = Array.isArray(header) ? header[0] : header;
    if (!request.session || !csrfTokenMatches(request.session.csrfToken, given)) {
      throw new AppError('CSRF', MSG.csrf.invalid);
    }
  });
});
