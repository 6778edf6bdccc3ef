/**
 * /api/admin/dashboard and /api/admin/status (spec section 2, /admin): for admins only; and
 * /api/admin/moderation, the moderators' dashboard (issue 33), for moderators and admins.
 */
import { adminDashboardSchema, adminStatusSchema, moderationSummarySchema } from '#core/api.js';
import { adminScope, moderatorScope } from '#server/domain/identity/admin-scope.js';
import type { App } from '#server/platform/types.js';
import { checkSystemStatus, getAdminDashboard, getModerationSummary } from './dashboard.js';

export async function dashboardRoutes(app: App) {
  const { db, config } = app;
  await app.register(
    adminScope(async (admin) => {
      admin.get('/dashboard', { config: { cache: 'private' }, schema: { response: { 200: adminDashboardSchema } } }, async () =>
        getAdminDashboard(db),
      );

      admin.get('/status', { config: { cache: 'private' }, schema: { response: { 200: adminStatusSchema } } }, async (request) =>
        checkSystemStatus(db, config, request.log),
      );
    }),
    { prefix: '/admin' },
  );
  await app.register(
    moderatorScope(async (staff) => {
      staff.get('/moderation', { config: { cache: 'private' }, schema: { response: { 200: moderationSummarySchema } } }, async () =>
        getModerationSummary(db),
      );
    }),
    { prefix: '/admin' },
  );
}
