/** Deleting a regiment, under /api/admin (spec section 7, Registrations and editing; admins only). */
import { regimentDeletedSchema } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { requireAdmin, requireRecentSecondFactor } from '#server/domain/identity/guards.js';
import { idParamsSchema } from '#server/platform/http/params.js';
import type { App } from '#server/platform/types.js';
import { deleteRegiment } from './manage.js';

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
}
