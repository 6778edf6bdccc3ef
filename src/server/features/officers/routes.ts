import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { officerDetailSchema, officerSchema, officerTrendSchema, rankedOfficerSchema, successMessageSchema } from '#core/api.js';
import { SIDES, type SideCode } from '#core/constants.js';
import { MSG } from '#core/messages.js';
import { nextUtcMidnight } from '#core/rating-math.js';
import { officerEditBodySchema } from '#core/schemas/manage.js';
import { idParamsSchema, positiveIntString } from '#server/platform/http/params.js';
import { cacheTags } from '#server/platform/read-cache/tags.js';
import { enforceRateLimit } from '#server/platform/rate-limit/rate-limit.js';
import type { App } from '#server/platform/types.js';
import { requireUser } from '#server/domain/identity/guards.js';
import { deleteOfficer, requireOfficerOwner, updateOfficer } from './manage.js';
import { getOfficerById, getOfficerDetail, getOfficerTrend, listOfficers, listRegimentOfficers } from './queries.js';
import { adminScope } from '#server/domain/identity/admin-scope.js';
import { officerAdminRoutes } from './admin-routes.js';
import { SEARCH_RESULTS_LIMIT, searchOfficerList } from '#server/domain/catalogue/officer-search.js';
import { searchQuerySchema } from '#server/domain/catalogue/search-queries.js';
import { sendJsonBytes } from '#server/platform/http/json-bytes.js';

const topQuerySchema = z.object({ side: z.enum(SIDES.map((side) => side.code) as [SideCode, ...SideCode[]]).optional() });

/** The officer id of a request to one officer's answers, for its cache tag (read before validation: a bad id is answered 400, never kept). */
const officerIdOf = (request: FastifyRequest) => Number((request.params as { id: unknown }).id);

const officerListSchema = z.array(officerSchema);

export async function officerRoutes(app: App) {
  const { db } = app;
  await app.register(adminScope(officerAdminRoutes), { prefix: '/admin' });

  // The top lists rank by the Bayesian average, as the search's rating orders do (issue 16, item 3).
  app.get(
    '/officers/top',
    {
      config: { cache: { public: () => cacheTags.rankedList } },
      schema: {
        summary: 'The top rated officers, overall or of one side',
        tags: ['Search'],
        querystring: topQuerySchema,
        response: { 200: z.array(rankedOfficerSchema) },
      },
    },
    async (request) => (await app.searchCatalogue.current()).topOfficers(request.query.side),
  );

  app.get(
    '/officers/search',
    {
      config: { cache: { public: () => cacheTags.rankedList } },
      schema: {
        summary: 'Search officers by name (the whole list of matches)',
        tags: ['Search'],
        querystring: searchQuerySchema,
        response: { 200: z.array(rankedOfficerSchema) },
      },
    },
    async (request, reply) => {
      const found = searchOfficerList(await app.searchCatalogue.current(), request.query);
      request.cacheAnswerTags = cacheTags.searchAnswer(found.ids, SEARCH_RESULTS_LIMIT);
      return sendJsonBytes(reply, found.json);
    },
  );

  app.get(
    '/officers',
    {
      config: { cache: { public: () => cacheTags.ratedList } },
      schema: { summary: 'List every public officer', tags: ['Officers'], response: { 200: officerListSchema } },
    },
    async () => listOfficers(db),
  );

  // '/officers/top' and '/officers/search' are answered from the search catalogue (features/search):
  // static segments, which find-my-way prefers over '/officers/:id' whatever the order; the tests
  // check that 'top' and 'search' are never read as an id.

  app.get(
    '/officers/regiment/:regimentId',
    {
      // Ranked against the community mean as search is: forgotten when it moves too.
      config: { cache: { public: () => cacheTags.rankedList } },
      schema: {
        summary: "List one regiment's officers, best rank score first as search orders them",
        tags: ['Officers'],
        params: z.object({ regimentId: positiveIntString('regimentId') }),
        response: { 200: officerListSchema },
      },
    },
    async (request) => listRegimentOfficers(db, app.config.rankPriorWeight, request.params.regimentId),
  );

  // The distribution and the recent figures move with this officer's reviews, which forget
  // `officer:{id}` at once (cacheTags.reviewOf), like the averages beside them; the recent window
  // also moves at UTC midnight, when the kept answer expires (docs/decisions/0028-recency.md).
  app.get(
    '/officers/:id',
    {
      config: { cache: { public: (request) => [cacheTags.officer(officerIdOf(request))], expiresAt: nextUtcMidnight } },
      schema: {
        summary: 'Get one officer with ratings by category, distribution and recent figures',
        tags: ['Officers'],
        params: idParamsSchema,
        response: { 200: officerDetailSchema },
      },
    },
    async (request) => getOfficerDetail(db, request.params.id, new Date(app.now())),
  );

  // The same tag and expiry: its months move with the officer's reviews, and on the 1st at midnight.
  app.get(
    '/officers/:id/trend',
    {
      config: { cache: { public: (request) => [cacheTags.officer(officerIdOf(request))], expiresAt: nextUtcMidnight } },
      schema: {
        summary: "Get one officer's monthly rating trend",
        tags: ['Officers'],
        params: idParamsSchema,
        response: { 200: officerTrendSchema },
      },
    },
    async (request) => getOfficerTrend(db, request.params.id, new Date(app.now())),
  );

  // The owner's own profile (spec section 6); admins use PATCH/DELETE /api/admin/officers/{id}.
  app.patch(
    '/officers/:id/edit',
    // An edit shows in every list, page and search: every public answer is forgotten.
    { config: { invalidates: 'all' }, schema: { params: idParamsSchema, body: officerEditBodySchema, response: { 200: officerSchema } } },
    async (request) => {
      const user = requireUser(request);
      requireOfficerOwner(user, request.params.id);
      await enforceRateLimit(app.rateLimitStore, { name: 'profile-edit', ...app.config.rateLimits.profileEdit }, user.id);
      await updateOfficer(db, { role: 'owner', user }, request.params.id, request.body);
      return getOfficerById(db, request.params.id);
    },
  );

  app.delete(
    '/officers/:id',
    { config: { invalidates: 'all' }, schema: { params: idParamsSchema, response: { 200: successMessageSchema } } },
    async (request) => {
      const user = requireUser(request);
      requireOfficerOwner(user, request.params.id);
      await deleteOfficer(db, { role: 'owner', user }, request.params.id);
      return { success: true, message: MSG.manage.profileDeleted };
    },
  );
}
