/**
 * One check for every string the API accepts: no NUL character. PostgreSQL's text types cannot hold
 * one, so a `\0` in a review, a name, a search term or a path parameter used to reach the database
 * and come back as a 500. Refused here, once, for the body, the query string and the path
 * parameters of every API route (schema or not), before validation and before any handler.
 */
import fp from 'fastify-plugin';
import { MSG } from '#core/messages.js';
import { AppError } from '#server/platform/errors.js';

/** Registered in the API's scope (app.ts). */
export const inputGuardPlugin = fp(async (app) => {
  app.addHook('preValidation', async function refuseNul(request) {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new AppError('BAD_REQUEST', MSG.server.nulCharacter);
    }
  });
});

/** Whether a parsed value (JSON, query string or params) has a NUL in any string, key or value. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  // Bodies are at most 1 MB, but their nesting is the client's choice: deep enough is not text.
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}
