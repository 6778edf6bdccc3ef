/** User management under /api/admin (spec section 2, /admin/manage-users): the list, ban and unban. */
import { z } from 'zod';
import {
  adminUserSchema,
  moderationReasonsSchema,
  roleChangeBodySchema,
  roleChangeResultSchema,
  successMessageSchema,
  suspensionBodySchema,
  suspensionResultSchema,
} from '#core/api.js';
import { formatDate } from '#core/date.js';
import { MSG } from '#core/messages.js';
import { requireAdmin, requireModerator, requireRecentSecondFactor } from '#server/domain/identity/guards.js';
import { idParamsSchema } from '#server/platform/http/params.js';
import type { App } from '#server/platform/types.js';
import { banUser, changeUserRole, listUsers, resetSecondFactors, suspendUser, unbanUser } from './manage-users.js';

export async function userAdminRoutes(admin: App) {
  const { db } = admin;

  admin.get('/users', { config: { cache: 'private' }, schema: { response: { 200: z.array(adminUserSchema) } } }, async () => listUsers(db));

  // A ban or unban forgets every public answer (a rare admin action; what is shown of the user may change).
  admin.patch(
    '/users/:id/ban',
    {
      config: { invalidates: 'all' },
      // Issue 33: the ground and facts of the banned user's statement (the spec's call sends none).
      schema: { params: idParamsSchema, body: moderationReasonsSchema.nullish(), response: { 200: successMessageSchema } },
    },
    async (request) => {
      const actor = requireAdmin(request);
      requireRecentSecondFactor(request);
      await banUser(db, actor, request.params.id, { reasons: request.body ?? {}, appealWindowDays: admin.config.appealWindowDays });
      return { success: true, message: MSG.admin.userBanned(request.params.id) };
    },
  );

  admin.patch(
    '/users/:id/unban',
    { config: { invalidates: 'all' }, schema: { params: idParamsSchema, response: { 200: successMessageSchema } } },
    async (request) => {
      await unbanUser(db, requireAdmin(request), request.params.id);
      return { success: true, message: MSG.admin.userUnbanned(request.params.id) };
    },
  );

  // Issue 33, item 1: the moderator role, granted and revoked. Nothing public shows a role.
  admin.put(
    '/users/:id/role',
    {
      config: { invalidates: 'none' },
      schema: { params: idParamsSchema, body: roleChangeBodySchema, response: { 200: roleChangeResultSchema } },
    },
    async (request) => {
      const actor = requireAdmin(request);
      requireRecentSecondFactor(request);
      const changed = await changeUserRole(db, actor, request.params.id, request.body);
      return { success: true as const, message: MSG.staff.roleChanged(changed.username, changed.role), role: changed.role };
    },
  );

  // Issue 34, item 6: an account that lost every factor and recovery code gets in again through an
  // admin, who removes its factors (audit-logged, the user told); it enrols again at its next sign-in.
  admin.delete(
    '/users/:id/second-factor',
    { config: { invalidates: 'none' }, schema: { params: idParamsSchema, response: { 200: successMessageSchema } } },
    async (request) => {
      const actor = requireAdmin(request);
      requireRecentSecondFactor(request);
      const username = await resetSecondFactors(db, actor, request.params.id);
      return { success: true, message: MSG.security.factorsReset(username) };
    },
  );
}

/** The moderators' calls on users (issue 33), under /api/admin in the moderator scope. */
export async function userStaffRoutes(staff: App) {
  const { db, config } = staff;
  // A suspension: a ban with an end date, which ends by itself. Every public answer is forgotten, as for a ban.
  staff.patch(
    '/users/:id/suspend',
    {
      config: { invalidates: 'all' },
      schema: { params: idParamsSchema, body: suspensionBodySchema, response: { 200: suspensionResultSchema } },
    },
    async (request) => {
      const { days, ground, facts } = request.body;
      const until = await suspendUser(db, requireModerator(request), request.params.id, days, {
        reasons: { ground, facts },
        appealWindowDays: config.appealWindowDays,
      });
      return {
        success: true as const,
        message: MSG.staff.userSuspended(request.params.id, formatDate(until.toISOString())),
        until: until.toISOString(),
      };
    },
  );
}
