/**
 * The filters and sorts of an officer search, shared by the spec's whole list (/api/officers/search,
 * the officers feature) and the paged search beside it (/api/search/officers, the search feature).
 */
import { z } from 'zod';
import { LIMITS } from '#core/constants.js';
import { MSG } from '#core/messages.js';
import { DEFAULT_SORT, SORT_BY_VALUES, SORT_ORDER_VALUES } from '#core/search.js';
import { optionalIdFilter } from '#server/platform/http/params.js';

export const searchText = z.string().trim().max(LIMITS.searchQueryMax, MSG.search.queryTooLong);

export const searchQuerySchema = z.object({
  q: searchText.optional(),
  sideId: optionalIdFilter('sideId'),
  regimentId: optionalIdFilter('regimentId'),
  sortBy: z.enum(SORT_BY_VALUES).default(DEFAULT_SORT.sortBy),
  sortOrder: z.enum(SORT_ORDER_VALUES).default(DEFAULT_SORT.sortOrder),
});
