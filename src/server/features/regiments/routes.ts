import { z } from 'zod';
import { rankedRegimentSchema, regimentDetailSchema, regimentListAnswerSchema, regimentRatingsSchema, regimentSchema } from '#core/api.js';
import { REGIMENT_PAGE_SIZE_MAX } from '#core/constants.js';
import { MSG } from '#core/messages.js';
import { nextUtcMidnight } from '#core/rating-math.js';
import { canAdminister } from '#core/permissions.js';
import { regimentEditBodySchema } from '#core/schemas/manage.js';
import { LANGUAGE_CODES, REGIONS, isLanguageCode } from '#core/regiment-facts.js';
import { idParamsSchema, optionalIdFilter, positiveIntString } from '#server/platform/http/params.js';
import { cacheTags } from '#server/platform/read-cache/tags.js';
import { enforceRateLimit } from '#server/platform/rate-limit/rate-limit.js';
import type { App } from '#server/platform/types.js';
import { requireUser } from '#server/domain/identity/guards.js';
import { updateRegiment } from './manage.js';
import {
  getRegimentById,
  getRegimentDetail,
  getRegimentRatings,
  listFeaturedRegiments,
  listRegimentPage,
  listRegiments,
  listRegimentsBySide,
} from './queries.js';
import { regimentCursorSchema } from './regiment-cursor.js';
import { adminScope } from '#server/domain/identity/admin-scope.js';
import { regimentAdminRoutes } from './admin-routes.js';

/**
 * The spec's list takes no parameters; the public API may page it (issue 38, item 2): `limit` asks
 * for pages, `cursor` (a page's nextCursor; empty: the first page) for the next one. The finder's
 * filters (issue 36, item 5) narrow the list before it is paged, so a cursor pages the filtered list.
 */
const regionFilterSchema = z.enum(REGIONS, { error: MSG.regimentFacts.regionFilterInvalid });
const regimentListQuerySchema = z
  .object({
    limit: positiveIntString('limit', REGIMENT_PAGE_SIZE_MAX)
      .optional()
      .describe(
        `Regiments per page, 1 to ${REGIMENT_PAGE_SIZE_MAX}: the answer is then one page, {regiments, nextCursor}. Without it, the whole list.`,
      ),
    cursor: z
      .string()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(regimentCursorSchema.optional())
      .optional()
      .describe("The previous page's nextCursor: the page after it. Absent or empty: the first page. Needs limit."),
    // The finder's filters (issue 36, item 5); each narrows the list, whole or paged.
    region: regionFilterSchema.optional().describe('Only regiments of this region: NA, EU, SA, OCE or Asia.'),
    language: z
      .string()
      .toLowerCase()
      .refine(isLanguageCode, MSG.regimentFacts.languageFilterInvalid(LANGUAGE_CODES.join(', ')))
      .optional()
      .describe(`Only regiments that speak this language, an ISO 639-1 code: ${LANGUAGE_CODES.join(', ')}.`),
    recruiting: z
      .enum(['true', 'false'], { error: MSG.regimentFacts.recruitingFilterInvalid })
      .transform((value) => value === 'true')
      .optional()
      .describe('true: only regiments that say they recruit; false: only those that say they do not.'),
    sideId: optionalIdFilter('sideId').describe("Only this side's regiments (a side id)."),
  })
  .superRefine((query, ctx) => {
    if (query.cursor && query.limit === undefined) {
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: MSG.regiment.cursorWithoutLimit(REGIMENT_PAGE_SIZE_MAX) });
    }
  });

export async function regimentRoutes(app: App) {
  const { db } = app;
  await app.register(adminScope(regimentAdminRoutes), { prefix: '/admin' });

  // Its pages are tagged as the whole list: each shows the same regiments' figures, in the same order.
  app.get(
    '/regiments',
    {
      config: { cache: { public: () => cacheTags.rankedList } },
      schema: {
        summary: 'List the active regiments in name order, every one or those a filter keeps, whole or a page at a time',
        tags: ['Regiments'],
        querystring: regimentListQuerySchema,
        response: { 200: regimentListAnswerSchema },
      },
    },
    async (request) => {
      const { limit, cursor, ...filter } = request.query;
      const priorWeight = app.config.rankPriorWeight;
      return limit === undefined ? listRegiments(db, priorWeight, filter) : listRegimentPage(db, priorWeight, { limit, after: cursor }, filter);
    },
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

  // For the comparison (issue 36, item 2). Tagged as the regiment answer is, its figures moving with
  // the same reviews; the recent window also moves at UTC midnight, when the kept answer expires.
  app.get(
    '/regiments/:id/ratings',
    {
      config: { cache: { public: () => cacheTags.ratedList, expiresAt: nextUtcMidnight } },
      schema: {
        summary: "Get one regiment's category averages and its figures of the last 90 days",
        tags: ['Regiments'],
        params: idParamsSchema,
        response: { 200: regimentRatingsSchema },
      },
    },
    async (request) => getRegimentRatings(db, request.params.id, new Date(app.now())),
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
