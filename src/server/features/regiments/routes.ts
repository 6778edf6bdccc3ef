import { z } from 'zod';
import { rankedRegimentSchema, regimentDetailSchema, regimentSchema } from '#core/api.js';
import { canAdminister } from '#core/permissions.js';
import { regimentEditBodySchema } from '#core/schemas/manage.js';
import { idParamsSchema, positiveIntString } from '#server/platform/http/params.js';
import { cacheTags } from '#server/platform/read-cache/tags.js';
import { enforceRateLimit } from '#server/platform/rate-limit/rate-limit.js';
import type { App } from '#server/platform/types.js';
import { requireUser } from '#server/domain/identity/guards.js';
import { updateRegiment } from './manage.js';
import { getRegimentById, getRegimentDetail, listFeaturedRegiments, listRegiments, listRegimentsBySide } from './queries.js';
import { adminScope } from '#server/domain/identity/admin-scope.js';
import { regimentAdminRoutes } from './admin-routes.js';

export async function regimentRoutes(app: App) {
  const { db } = app;
  await app.register(adminScope(regimentAdminRoutes), { prefix: '/admin' });

  app.get(
    '/regiments',
    {
      config: { cache: { public: () => cacheTags.rankedList } },
      schema: { summary: 'List every active regiment, best rated first', tags: ['Regiments'], response: { 200: z.array(rankedRegimentSchema) } },
    },
    async () => listRegiments(db, app.config.rankPriorWeight),
  );

  // Home's 'Featured Regiments': declared before /regiments/:id, which would otherwise read 'featured' as an id.
  app.get(
    '/regiments/featured',
    {
      config: { cache: { public: () => cacheTags.rankedList } },
      schema: { summary: 'List the featured regiments of the home page', tags: ['Regiments'], response: { 200: z.array(rankedRegimentSchema) } },
    },
    async () => listFeaturedRegiments(db, app.config.rankPriorWeight),
  );

  app.get(
    '/regiments/side/:sideId',
    {
      config: { cache: { public: () => cacheTags.ratedList } },
      schema: {
        summary: "List one side's regiments",
        tags: ['Regiments'],
        params: z.object({ sideId: positiveIntString('sideId') }),
        response: { 200: z.array(regimentSchema) },
      },
    },
    async (request) => listRegimentsBySide(db, request.params.sideId),
  );

  // Tagged as the lists are: its average, count and distribution move together with every review of
  // one of its officers, which forgets 'ratings' within the lists' lag (docs/decisions/0009-response-cache.md).
  app.get(
    '/regiments/:id',
    {
      config: { cache: { public: () => cacheTags.ratedList } },
      schema: {
        summary: 'Get one regiment with its rating and the distribution of its reviews',
        tags: ['Regiments'],
        params: idParamsSchema,
        response: { 200: regimentDetailSchema },
      },
    },
    async (request) => getRegimentDetail(db, request.params.id),
  );

  // The owner or an admin (checked against the regiment's row inside the update); deletion is
  // admin-only, at DELETE /api/admin/regiments/{id}.
  app.patch(
    '/regiments/:id/edit',
    // An edit shows in every list, page and search: every public answer is forgotten.
    { config: { invalidates: 'all' }, schema: { params: idParamsSchema, body: regimentEditBodySchema, response: { 200: regimentSchema } } },
    async (request) => {
      const user = requireUser(request);
      // Admins edit any regiment here, each edit in the audit log; the limit is for owners.
      if (!canAdminister(user)) await enforceRateLimit(app.rateLimitStore, { name: 'profile-edit', ...app.config.rateLimits.profileEdit }, user.id);
      await updateRegiment(db, user, request.params.id, request.body);
      return getRegimentById(db, request.params.id);
    },
  );
}
