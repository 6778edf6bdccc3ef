/**
 * The officer search's two calls over the catalogue: the spec's list (GET /api/officers/search, the
 * first 100) and the paged search beside it (GET /api/search/officers, docs/decisions/0019-search-paging.md).
 * Both sort the same matches by the same terms (order.ts); a page starts after its cursor's key.
 */
import type { OfficerSearchPage, RankedOfficer } from '#core/api.js';
import type { JsonBytes } from '#server/platform/http/json-bytes.js';
import type { OfficerSearch } from '#core/search.js';
import type { SearchCatalogue } from './catalogue.js';
import { encodeSearchCursor, type SearchCursor } from './cursor.js';
import { compareWithKey, firstInOrder, searchOrder, sortKeyOf } from './order.js';

/** The most officers the spec's list call answers; the paged call pages through any number. */
export const SEARCH_RESULTS_LIMIT = 100;

/**
 * The spec's GET /api/officers/search: the first 100 matches, in the chosen order, as the JSON of
 * their answers (catalogue.officerAnswersJson), and their ids.
 */
export function searchOfficerList(catalogue: SearchCatalogue, search: OfficerSearch): { ids: number[]; json: JsonBytes<RankedOfficer[]> } {
  const terms = searchOrder(search.sortBy, search.sortOrder);
  const found = firstInOrder(terms, catalogue.findOfficers(search, { scored: search.sortBy === 'relevance' }), SEARCH_RESULTS_LIMIT);
  const officers = found.map((match) => match.officer);
  return { ids: officers.map((officer) => officer.id), json: catalogue.officerAnswersJson(officers) };
}

export interface OfficerSearchPageRequest extends OfficerSearch {
  /** Where the previous page ended; the first page without it. */
  after?: SearchCursor | undefined;
  limit: number;
}

/**
 * One page: the next `limit` officers after the cursor, the true total for the filters, and the
 * cursor of the page after it (null on the last page, so a client never asks for an empty one);
 * as JSON (an OfficerSearchPage) and with the ids of its officers.
 */
export function searchOfficerPage(
  catalogue: SearchCatalogue,
  request: OfficerSearchPageRequest,
): { ids: number[]; nextCursor: string | null; json: JsonBytes<OfficerSearchPage> } {
  const { after, limit, ...search } = request;
  const terms = searchOrder(search.sortBy, search.sortOrder);
  const matches = catalogue.findOfficers(search, { scored: search.sortBy === 'relevance' });
  const remaining = after ? matches.filter((match) => compareWithKey(terms, match, after.key) > 0) : matches;
  // One more than the page says whether another page exists.
  const found = firstInOrder(terms, remaining, limit + 1);
  const page = found.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    found.length > limit && last ? encodeSearchCursor({ sortBy: search.sortBy, sortOrder: search.sortOrder, key: sortKeyOf(terms, last) }) : null;
  const officers = page.map((match) => match.officer);
  const rest: Omit<OfficerSearchPage, 'officers'> = { totalCount: matches.length, nextCursor };
  const json = Buffer.concat([Buffer.from('{"officers":'), catalogue.officerAnswersJson(officers), Buffer.from(`,${JSON.stringify(rest).slice(1)}`)]);
  return { ids: officers.map((officer) => officer.id), nextCursor, json };
}
