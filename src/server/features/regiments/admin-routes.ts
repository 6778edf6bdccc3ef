/** Deleting a regiment, under /api/admin (spec section 7, Registrations and editing; admins only). */
import { z } from 'zod';
import { regimentDeletedSchema, successMessageSchema } from '#core/api.js';
import { usernameSchema } from '#core/schemas/auth.js';
import { MSG } from '#core/messages.js';
import { requireAdmin, requireRecentSecondFactor } from '#server/domain/identity/guards.js';
import { idParamsSchema } from '#server/platform/http/params.js';
import type { App } from '#server/platform/types.js';
import { assignRegimentOwner, deleteRegiment } from './manage.js';

const assignOwnerBodySchema = z.object({ username: usernameSchema });

export async function regimentAdminRoutes(admin: App) {
  const { db } = admin;

  // A regiment's removal takes its officers and reviews out of every list and page: all public
  // answers are forgotten.
  admin.delete(
    '/regiments/:id',
    { config: { invalidates: 'all' }, schema: { params: idParamsSchema, response: { 200: regimentDeletedSchema } } },
    async (request) => {
      const admin = requireAdmin(request);
      requireRecentSecondFactor(request);
      const removal = await deleteRegiment(db, admin, request.params.id);
      return { success: true, message: MSG.manage.regimentDeleted, ...removal };
    },
  );

  // Issue 35: a regiment whose owner deleted their account is given a new one. Nothing public shows
  // the owner, but the regiment's page offers its owner the edit: its answers are forgotten.
  admin.put(
    '/regiments/:id/owner',
    {
      config: { invalidates: 'all' },
      schema: { params: idParamsSchema, body: assignOwnerBodySchema, response: { 200: successMessageSchema } },
    },
    async (request) => {
      const given = await assignRegimentOwner(db, requireAdmin(request), request.params.id, request.body.username);
      return { success: true, message: MSG.yourData.ownerAssigned(given.regimentName, given.username) };
    },
  );
}
