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
  /** The search boxes' suggestions while a person types (issue 15): the list's name and what a screen reader hears. */
  suggestions: 'Suggestions',
  suggestionCount: (count: number) =>
    count === 0 ? 'No matches' : `${count} ${count === 1 ? 'suggestion' : 'suggestions'}: use the up and down arrows to choose, Enter to open`,
  suggestionRegiment: 'Regiment',
  /** The searchable regiment selector (issue 15, item 5): its list's name and what a screen reader hears. */
  regimentChoices: 'Regiment choices',
  noRegimentChoices: 'No regiments match',
  regimentChoiceCount: (shown: number, total: number) =>
    total > shown ? `${shown} of ${total} regiments shown: type to narrow the list` : `${total} ${total === 1 ? 'regiment' : 'regiments'}`,
  queryTooLong: `Search text must be ${LIMITS.searchQueryMax} characters or less`,
} as const;
