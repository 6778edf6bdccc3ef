/**
 * Every search call (issue 15, docs/decisions/0025-search-catalogue.md): the spec's officer search
 * list, the paged search beside it (0019), what the boxes suggest while a person types, and the
 * choices of a searchable regiment selector. All four answer from the in-memory catalogue, brought
 * up to date with the database first (catalogue-sync.ts).
 */
import { z } from 'zod';
import { officerSearchPageSchema, rankedOfficerSchema, regimentChoicesSchema, suggestionsSchema } from '#core/api.js';
import {
  LIMITS,
  SIDES,
  type SideCode,
  REGIMENT_CHOICES_LIMIT,
  REGIMENT_CHOICES_LIMIT_MAX,
  SEARCH_PAGE_SIZE,
  SEARCH_PAGE_SIZE_MAX,
  SUGGESTIONS_LIMIT,
} from '#core/constants.js';
import { MSG } from '#core/messages.js';
import { DEFAULT_SORT, SORT_BY_VALUES, SORT_ORDER_VALUES } from '#core/search.js';
import { sendJsonBytes } from '#server/platform/http/json-bytes.js';
import { optionalIdFilter, positiveIntString } from '#server/platform/http/params.js';
import { cacheTags } from '#server/platform/read-cache/tags.js';
import type { App } from '#server/platform/types.js';
import { CatalogueFollower } from '#server/domain/catalogue/catalogue-sync.js';
import { searchCursorSchema } from '#server/domain/catalogue/cursor.js';
import { PRIOR_REFRESH_MS, publishCommunityMean } from '#server/domain/ranking-prior.js';
import { SEARCH_RESULTS_LIMIT, searchOfficerList, searchOfficerPage } from '#server/domain/catalogue/officer-search.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The search catalogue of this process, kept in step with the database. */
    searchCatalogue: CatalogueFollower;
  }
}

const searchText = z.string().trim().max(LIMITS.searchQueryMax, MSG.search.queryTooLong);

const searchQuerySchema = z.object({
  q: searchText.optional(),
  sideId: optionalIdFilter('sideId'),
  regimentId: optionalIdFilter('regimentId'),
  sortBy: z.enum(SORT_BY_VALUES).default(DEFAULT_SORT.sortBy),
  sortOrder: z.enum(SORT_ORDER_VALUES).default(DEFAULT_SORT.sortOrder),
});

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

const topQuerySchema = z.object({ side: z.enum(SIDES.map((side) => side.code) as [SideCode, ...SideCode[]]).optional() });

const suggestionsQuerySchema = z.object({ q: searchText.default(''), sideId: optionalIdFilter('sideId') });

const regimentChoicesQuerySchema = z.object({
  q: searchText.optional(),
  sideId: optionalIdFilter('sideId'),
  limit: positiveIntString('limit', REGIMENT_CHOICES_LIMIT_MAX).default(REGIMENT_CHOICES_LIMIT),
});

export async function searchRoutes(app: App) {
  // The community mean first, so the catalogue starts from one worked out from the data as it is.
  await publishCommunityMean(app.db, app.responseCache);
  const follower = await CatalogueFollower.start(app.db, app.config.rankPriorWeight, app.log);
  app.decorate('searchCatalogue', follower);
  const priorTimer = setInterval(() => {
    publishCommunityMean(app.db, app.responseCache).catch((error: Error) =>
      app.log.warn(`Rankings: could not publish the community mean (${error.message}); will retry`),
    );
  }, PRIOR_REFRESH_MS);
  priorTimer.unref();
  app.addHook('onClose', () => {
    clearInterval(priorTimer);
    follower.stop();
  });

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
    async (request) => (await follower.current()).topOfficers(request.query.side),
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
      const found = searchOfficerList(await follower.current(), request.query);
      request.cacheAnswerTags = cacheTags.searchAnswer(found.ids, SEARCH_RESULTS_LIMIT);
      return sendJsonBytes(reply, found.json);
    },
  );

  app.get(
    '/search/officers',
    {
      config: { cache: { public: () => cacheTags.rankedList } },
      schema: {
        summary: 'Search officers with filters and sort, one page at a time',
        tags: ['Search'],
        querystring: searchPageQuerySchema,
        response: { 200: officerSearchPageSchema },
      },
    },
    async (request, reply) => {
      const page = searchOfficerPage(await follower.current(), request.query);
      request.cacheAnswerTags = cacheTags.searchPage(page.ids, {
        isOrderedByName: request.query.sortBy === 'name',
        isWholeAnswer: !request.query.after && page.nextCursor === null,
      });
      return sendJsonBytes(reply, page.json);
    },
  );

  app.get(
    '/search/suggestions',
    {
      // Suggestions show names, ranks and ratings: any change to the lists may change them.
      config: { cache: { public: () => cacheTags.ratedList } },
      schema: {
        summary: 'Suggestions of officers and regiments for a few typed letters',
        tags: ['Search'],
        querystring: suggestionsQuerySchema,
        response: { 200: suggestionsSchema },
      },
    },
    async (request) => ({
      suggestions: (await follower.current()).suggestions(request.query.q, request.query.sideId, SUGGESTIONS_LIMIT),
    }),
  );

  app.get(
    '/search/regiments',
    {
      config: { cache: { public: () => [cacheTags.lists] } },
      schema: {
        summary: 'Regiments matching a name, for choosing one',
        tags: ['Search'],
        querystring: regimentChoicesQuerySchema,
        response: { 200: regimentChoicesSchema },
      },
    },
    async (request) => (await follower.current()).regimentChoices(request.query.q, request.query.sideId, request.query.limit),
  );
}
