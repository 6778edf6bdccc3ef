import { z } from 'zod';
import { officerSchema, officerSearchPageSchema, successMessageSchema } from '#core/api.js';
import { LIMITS, SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE_MAX, type SideCode } from '#core/constants.js';
import { MSG } from '#core/messages.js';
import { officerEditBodySchema } from '#core/schemas/manage.js';
import { DEFAULT_SORT, SORT_BY_VALUES, SORT_ORDER_VALUES } from '#core/search.js';
import { idParamsSchema, optionalIdFilter, positiveIntString } from '#server/http/params.js';
import { cacheTags } from '#server/read-cache/tags.js';
import type { App } from '#server/types.js';
import { requireUser } from '#server/features/auth/guards.js';
import { deleteOfficer, requireOfficerOwner, updateOfficer } from './manage.js';
import { searchCursorSchema } from './search-cursor.js';
import { searchOfficerPage } from './search-officer-page.js';
import { SEARCH_RESULTS_LIMIT, getOfficerById, listOfficers, listRegimentOfficers, listTopOfficers, searchOfficers } from './queries.js';

const topQuerySchema = z.object({ side: z.enum(['USA', 'CSA'] as const satisfies readonly SideCode[]).optional() });

const searchQuerySchema = z.object({
  q: z.string().trim().max(LIMITS.searchQueryMax, MSG.search.queryTooLong).optional(),
  sideId: optionalIdFilter('sideId'),
  regimentId: optionalIdFilter('regimentId'),
  sortBy: z.enum(SORT_BY_VALUES).default(DEFAULT_SORT.sortBy),
  sortOrder: z.enum(SORT_ORDER_VALUES).default(DEFAULT_SORT.sortOrder),
});

const officerListSchema = z.array(officerSchema);

/**
 * The paged search beside the spec's list (docs/decisions/0019-search-paging.md): the same filters
 * and sorts, `after` the previous page's nextCursor (empty or absent: the first page) and `limit`.
 */
const searchPageQuerySchema = searchQuerySchema
  .extend({
    after: z
      .string()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(searchCursorSchema.optional())
      .optional(),
    limit: positiveIntString('limit', SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE),
  })
  .superRefine((query, ctx) => {
    // A cursor is a place in one order: in another it would skip or repeat officers silently.
    if (query.after && (query.after.sortBy !== query.sortBy || query.after.sortOrder !== query.sortOrder)) {
      ctx.addIssue({ code: 'custom', path: ['after'], message: MSG.search.cursorOfAnotherSort });
    }
  });

export async function officerRoutes(app: App) {
  const { db } = app;

  app.get('/officers', { config: { cache: { public: () => cacheTags.ratedList } }, schema: { response: { 200: officerListSchema } } }, async () =>
    listOfficers(db),
  );

  // Static segments: find-my-way prefers them over '/officers/:id' whatever the order, and the
  // tests check that 'top' and 'search' are never read as an id.
  app.get(
    '/officers/top',
    { config: { cache: { public: () => cacheTags.ratedList } }, schema: { querystring: topQuerySchema, response: { 200: officerListSchema } } },
    async (request) => listTopOfficers(db, request.query.side),
  );

  app.get(
    '/officers/search',
    { config: { cache: { public: () => cacheTags.ratedList } }, schema: { querystring: searchQuerySchema, response: { 200: officerListSchema } } },
    async (request) => {
      const found = await searchOfficers(db, request.query);
      request.cacheAnswerTags = cacheTags.searchAnswer(
        found.map((officer) => officer.id),
        SEARCH_RESULTS_LIMIT,
      );
      return found;
    },
  );

  app.get(
    '/search/officers',
    {
      config: { cache: { public: () => cacheTags.ratedList } },
      schema: { querystring: searchPageQuerySchema, response: { 200: officerSearchPageSchema } },
    },
    async (request) => {
      const page = await searchOfficerPage(db, request.query);
      request.cacheAnswerTags = cacheTags.searchPage(
        page.officers.map((officer) => officer.id),
        { isOrderedByName: request.query.sortBy === 'name', isWholeAnswer: !request.query.after && page.nextCursor === null },
      );
      return page;
    },
  );

  app.get(
    '/officers/regiment/:regimentId',
    {
      config: { cache: { public: () => cacheTags.ratedList } },
      schema: { params: z.object({ regimentId: positiveIntString('regimentId') }), response: { 200: officerListSchema } },
    },
    async (request) => listRegimentOfficers(db, request.params.regimentId),
  );

  app.get(
    '/officers/:id',
    {
      config: { cache: { public: (request) => [cacheTags.officer(Number((request.params as { id: unknown }).id))] } },
      schema: { params: idParamsSchema, response: { 200: officerSchema } },
    },
    async (request) => getOfficerById(db, request.params.id),
  );

  // The owner's own profile (spec section 6); admins use PATCH/DELETE /api/admin/officers/{id}.
  app.patch(
    '/officers/:id/edit',
    { schema: { params: idParamsSchema, body: officerEditBodySchema, response: { 200: officerSchema } } },
    async (request) => {
      const user = requireUser(request);
      requireOfficerOwner(user, request.params.id);
      await updateOfficer(db, { role: 'owner', user }, request.params.id, request.body);
      return getOfficerById(db, request.params.id);
    },
  );

  app.delete('/officers/:id', { schema: { params: idParamsSchema, response: { 200: successMessageSchema } } }, async (request) => {
    const user = requireUser(request);
    requireOfficerOwner(user, request.params.id);
    await deleteOfficer(db, { role: 'owner', user }, request.params.id);
    return { success: true, message: MSG.manage.profileDeleted };
  });
}
