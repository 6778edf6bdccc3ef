/**
 * The /search screen's state lives in the URL (spec section 2, /search): q, sideId, regimentId,
 * showRegiments, sortBy and sortOrder. A URL is typed, pasted and bookmarked by people, so parsing
 * never throws: a value that is not valid is ignored and its default used instead.
 */
import { LIMITS } from './constants.js';
import { DEFAULT_SORT, SORT_BY_VALUES, SORT_OPTIONS, SORT_ORDER_VALUES, type OfficerSearch, type SortBy, type SortOrder } from './search.js';
import { parsePositiveId } from './parse-id.js';

export interface SearchState {
  /** Trimmed free text; '' means no text filter. */
  q: string;
  sideId: number | null;
  regimentId: number | null;
  showRegiments: boolean;
  sortBy: SortBy;
  sortOrder: SortOrder;
}

export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

export const DEFAULT_SEARCH_STATE: SearchState = {
  q: '',
  sideId: null,
  regimentId: null,
  showRegiments: false,
  sortBy: DEFAULT_SORT.sortBy,
  sortOrder: DEFAULT_SORT.sortOrder,
};

function isOneOf<T extends string>(values: readonly T[], raw: string | null): raw is T {
  return raw !== null && (values as readonly string[]).includes(raw);
}

/** Text longer than the server accepts would only earn a 400, so it is cut to the limit. */
export function normalizeQuery(raw: string | null | undefined): string {
  return (raw ?? '').trim().slice(0, LIMITS.searchQueryMax).trim();
}

export function parseSearchParams(params: URLSearchParams): SearchState {
  const sortBy = params.get('sortBy');
  const sortOrder = params.get('sortOrder');
  return {
    q: normalizeQuery(params.get('q')),
    // 'all', '', '-1', '1.5', 'abc' or an id beyond int4 all mean "no filter".
    sideId: parsePositiveId(params.get('sideId') ?? undefined),
    regimentId: parsePositiveId(params.get('regimentId') ?? undefined),
    showRegiments: params.get('showRegiments') === 'true',
    sortBy: isOneOf(SORT_BY_VALUES, sortBy) ? sortBy : DEFAULT_SEARCH_STATE.sortBy,
    // Relevance has one direction, best first.
    sortOrder: sortBy === 'relevance' ? 'desc' : isOneOf(SORT_ORDER_VALUES, sortOrder) ? sortOrder : DEFAULT_SEARCH_STATE.sortOrder,
  };
}

/** The officer search a state asks the API for (GET /api/officers/search). */
export function officerSearchOf(state: SearchState): OfficerSearch {
  return {
    q: state.q || undefined,
    sideId: state.sideId ?? undefined,
    regimentId: state.regimentId ?? undefined,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
  };
}

/** The canonical query string of a state: defaults are left out, so /search stays short and shareable. */
export function serializeSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  const q = normalizeQuery(state.q);
  if (q) params.set('q', q);
  if (state.sideId !== null) params.set('sideId', String(state.sideId));
  if (state.regimentId !== null) params.set('regimentId', String(state.regimentId));
  if (state.showRegiments) params.set('showRegiments', 'true');
  if (state.sortBy !== DEFAULT_SEARCH_STATE.sortBy || state.sortOrder !== DEFAULT_SEARCH_STATE.sortOrder) {
    params.set('sortBy', state.sortBy);
    params.set('sortOrder', state.sortOrder);
  }
  return params;
}

/** The sort select's value ('rating-desc') for a state. */
export function toSortValue(state: Pick<SearchState, 'sortBy' | 'sortOrder'>): SortValue {
  return state.sortBy === 'relevance' ? 'relevance-desc' : `${state.sortBy}-${state.sortOrder}`;
}

/** The sortBy and sortOrder of a sort select value; the default sort for an unknown value. */
export function fromSortValue(value: string): Pick<SearchState, 'sortBy' | 'sortOrder'> {
  const option = SORT_OPTIONS.find((o) => o.value === value);
  return option ? { sortBy: option.sortBy, sortOrder: option.sortOrder } : { ...DEFAULT_SORT };
}
