/**
 * The administrators' calls of an area, under /api/admin/... (spec section 7): each area registers
 * its own, through this scope, whose preValidation hook (after the API's session hook) answers 401
 * to visitors and 403 to signed-in users before any handler runs. Handlers that need the admin call
 * requireAdmin again to get it.
 */
import type { FastifyRequest } from 'fastify';
import type { App } from '#server/platform/types.js';
import { requireAdmin } from './guards.js';

/** One function for every area's admin scope: the front server's list of hooks knows it once (front-hooks.ts). */
async function requireAdminFirst(request: FastifyRequest) {
  requireAdmin(request);
}

export function adminScope(registerRoutes: (admin: App) => Promise<void>) {
  return async function adminRoutes(admin: App) {
    admin.addHook('preValidation', requireAdminFirst);
    await registerRoutes(admin);
  };
}
