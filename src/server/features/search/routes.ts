/**
 * The search calls beside the spec's officer list (issue 15, docs/decisions/0025-search-catalogue.md):
 * the paged search (0019), what the boxes suggest while a person types, and the choices of a
 * searchable regiment selector. All three answer from the in-memory catalogue (domain/catalogue),
 * brought up to date with the database first (catalogue-sync.ts).
 */
import { z } from 'zod';
import { officerSearchPageSchema, regimentChoicesSchema, suggestionsSchema } from '#core/api.js';
import { REGIMENT_CHOICES_LIMIT, REGIMENT_CHOICES_LIMIT_MAX, SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE_MAX, SUGGESTIONS_LIMIT } from '#core/constants.js';
import { MSG } from '#core/messages.js';
import { searchCursorSchema } from '#server/domain/catalogue/cursor.js';
import { searchOfficerPage } from '#server/domain/catalogue/officer-search.js';
import { searchQuerySchema, searchText } from '#server/domain/catalogue/search-queries.js';
import { sendJsonBytes } from '#server/platform/http/json-bytes.js';
import { optionalIdFilter, positiveIntString } from '#server/platform/http/params.js';
import { cacheTags } from '#server/platform/read-cache/tags.js';
import type { App } from '#server/platform/types.js';

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

const suggestionsQuerySchema = z.object({ q: searchText.default(''), sideId: optionalIdFilter('sideId') });

const regimentChoicesQuerySchema = z.object({
  q: searchText.optional(),
  sideId: optionalIdFilter('sideId'),
  limit: positiveIntString('limit', REGIMENT_CHOICES_LIMIT_MAX).default(REGIMENT_CHOICES_LIMIT),
});

export async function searchRoutes(app: App) {
  const catalogue = app.searchCatalogue;

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
      const page = searchOfficerPage(await catalogue.current(), request.query);
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
      suggestions: (await catalogue.current()).suggestions(request.query.q, request.query.sideId, SUGGESTIONS_LIMIT),
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
    async (request) => (await catalogue.current()).regimentChoices(request.query.q, request.query.sideId, request.query.limit),
  );
}
