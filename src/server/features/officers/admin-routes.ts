/** Editing and deleting any officer, under /api/admin (spec section 7, Registrations and editing). */
import { officerSchema, successMessageSchema } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { officerEditBodySchema } from '#core/schemas/manage.js';
import { requireAdmin, requireRecentSecondFactor } from '#server/domain/identity/guards.js';
import { idParamsSchema } from '#server/platform/http/params.js';
import type { App } from '#server/platform/types.js';
import { deleteOfficer, updateOfficer } from './manage.js';
import { getOfficerById } from './queries.js';

export async function officerAdminRoutes(admin: App) {
  const { db } = admin;

  // An officer's name, rank, regiment and image show in every list, page and search: all public
  // answers are forgotten, as for the owner's edit (routes.ts).
  admin.patch(
    '/officers/:id',
    { config: { invalidates: 'all' }, schema: { params: idParamsSchema, body: officerEditBodySchema, response: { 200: officerSchema } } },
    async (request) => {
      await updateOfficer(db, { role: 'admin', user: requireAdmin(request) }, request.params.id, request.body);
      return getOfficerById(db, request.params.id);
    },
  );

  admin.delete(
    '/officers/:id',
    { config: { invalidates: 'all' }, schema: { params: idParamsSchema, response: { 200: successMessageSchema } } },
    async (request) => {
      const user = requireAdmin(request);
      requireRecentSecondFactor(request);
      await deleteOfficer(db, { role: 'admin', user }, request.params.id);
      return { success: true, message: MSG.manage.officerDeleted };
    },
  );
}
