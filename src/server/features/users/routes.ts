import { userSettingsSchema } from '#core/api.js';
import { userSettingsBodySchema } from '#core/schemas/settings.js';
import { cacheTags } from '#server/platform/read-cache/tags.js';
import type { App } from '#server/platform/types.js';
import { requireUser } from '#server/domain/identity/guards.js';
import { officersReviewedBy } from '#server/domain/reviewer-signals/shown-reviewers.js';
import { getUserSettings, updateUserSettings } from './settings.js';
import { adminScope, moderatorScope } from '#server/domain/identity/admin-scope.js';
import { userAdminRoutes, userStaffRoutes } from './admin-routes.js';

export async function userRoutes(app: App) {
  const { db } = app;
  await app.register(adminScope(userAdminRoutes), { prefix: '/admin' });
  await app.register(moderatorScope(userStaffRoutes), { prefix: '/admin' });

  app.get('/users/me/settings', { config: { cache: 'private' }, schema: { response: { 200: userSettingsSchema } } }, async (request) => {
    const user = requireUser(request);
    return getUserSettings(db, user.id);
  });

  // Hiding the level changes only the pages that show this user's reviews (set below).
  app.put(
    '/users/me/settings',
    { config: { invalidates: 'set-by-handler' }, schema: { body: userSettingsBodySchema, response: { 200: userSettingsSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { hasChanged } = await updateUserSettings(db, user.id, request.body);
      // Hiding the level changes only the pages that show this user's reviews (0029).
      request.cacheInvalidation = hasChanged ? cacheTags.reviewerSignals(user.id, await officersReviewedBy(db, user.id)) : 'none';
      return getUserSettings(db, user.id);
    },
  );
}
