/**
 * The staff's calls of an area, under /api/admin/... (spec section 7): each area registers its own,
 * through one of these scopes, whose preValidation hook (after the API's session hook) answers 401
 * to visitors and 403 to everyone below the scope's role before any handler runs. Handlers that need
 * the staff member call the guard again to get them.
 *
 * Two scopes (issue 33): `adminScope` for what only admins do (registrations, deletions of officers
 * and regiments, permanent bans, roles), `moderatorScope` for what moderators do beside them (the
 * flag queue, replies, review waves, suspensions, appeals).
 */
import type { FastifyRequest } from 'fastify';
import type { App } from '#server/platform/types.js';
import { requireAdmin, requireModerator } from './guards.js';

/** One function per scope, shared by every area: the front server's list of hooks knows each once (front-hooks.ts). */
async function requireAdminFirst(request: FastifyRequest) {
  requireAdmin(request);
}

async function requireModeratorFirst(request: FastifyRequest) {
  requireModerator(request);
}

function scopeGuardedBy(guard: (request: FastifyRequest) => Promise<void>) {
  return (registerRoutes: (staff: App) => Promise<void>) =>
    async function staffRoutes(staff: App) {
      staff.addHook('preValidation', guard);
      await registerRoutes(staff);
    };
}

export const adminScope = scopeGuardedBy(requireAdminFirst);
export const moderatorScope = scopeGuardedBy(requireModeratorFirst);
