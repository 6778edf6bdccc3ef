import type { OfficerSearchPage } from '#core/api.js';
import type { Executor } from '#server/db/client.js';
import type { OfficerSearch } from '#core/search.js';
import { countOfficerMatches, findOfficerMatches } from './queries.js';
import { encodeSearchCursor, type SearchCursor } from './search-cursor.js';
import { searchOrder, sortKeyOf } from './search-order.js';

export interface OfficerSearchPageRequest extends OfficerSearch {
  /** Where the previous page ended; the first page without it. */
  after?: SearchCursor | undefined;
  limit: number;
}

/**
 * One page of GET /api/search/officers (docs/decisions/0019-search-paging.md): the next `limit`
 * officers of the search after the cursor, the true total for its filters, and the cursor of the
 * page after it. One officer more than the page is read to know whether another page exists, so
 * the last page has no cursor and a client never asks for an empty one. The page and the count are
 * independent queries: on PostgreSQL they run at once, on two connections of the pool.
 */
export async function searchOfficerPage(db: Executor, request: OfficerSearchPageRequest): Promise<OfficerSearchPage> {
  const { after, limit, ...search } = request;
  const [found, totalCount] = await Promise.all([
    findOfficerMatches(db, search, { after: after?.key, limit: limit + 1 }),
    countOfficerMatches(db, search),
  ]);
  const officers = found.slice(0, limit);
  const last = officers.at(-1);
  const nextCursor =
    found.length > limit && last
      ? encodeSearchCursor({ sortBy: search.sortBy, sortOrder: search.sortOrder, key: sortKeyOf(searchOrder(search.sortBy, search.sortOrder), last) })
      : null;
  return { officers, totalCount, nextCursor };
}
