import { LIMITS } from '../constants.js';

export const searchMessages = {
  noRegiments: 'No Regiments Found',
  loadOfficersFailed: 'Could not load officers',
  loadRegimentsFailed: 'Could not load regiments',
  loadFiltersFailed: 'Could not load the side and regiment filters',
  loadMoreOfficers: 'Load more officers',
  loadMoreRegiments: 'Load more regiments',
  loadingMoreOfficers: 'Loading more officers…',
  /** The paged search's `after` (docs/decisions/0019-search-paging.md): a 400 from the API. */
  badCursor:
    "The page cursor (after) is not one this search gave out. Ask for the first page again without after, then pass on each page's nextCursor.",
  cursorOfAnotherSort: 'The page cursor (after) belongs to another sort order. Ask for the first page of this sort again without after.',
  queryTooLong: `Search text must be ${LIMITS.searchQueryMax} characters or less`,
} as const;
