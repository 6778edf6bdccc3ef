/** User management under /api/admin (spec section 2, /admin/manage-users): the list, ban and unban. */
import { z } from 'zod';
import { adminUserSchema, roleChangeBodySchema, roleChangeResultSchema, successMessageSchema } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { requireAdmin } from '#server/domain/identity/guards.js';
import { idParamsSchema } from '#server/platform/http/params.js';
import type { App } from '#server/platform/types.js';
import { banUser, changeUserRole, listUsers, unbanUser } from './manage-users.js';

export async function userAdminRoutes(admin: App) {
  const { db } = admin;

  admin.get('/users', { config: { cache: 'private' }, schema: { response: { 200: z.array(adminUserSchema) } } }, async () => listUsers(db));

  // A ban or unban forgets every public answer (a rare admin action; what is shown of the user may change).
  admin.patch(
    '/users/:id/ban',
    { config: { invalidates: 'all' }, schema: { params: idParamsSchema, response: { 200: successMessageSchema } } },
    async (request) => {
      await banUser(db, requireAdmin(request), request.params.id);
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
      const changed = await changeUserRole(db, requireAdmin(request), request.params.id, request.body);
      return { success: true as const, message: MSG.staff.roleChanged(changed.username, changed.role), role: changed.role };
    },
  );
}
