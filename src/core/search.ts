export const SORT_OPTIONS = [
  { value: 'rating-desc', label: 'Highest Average Rating', sortBy: 'rating', sortOrder: 'desc' },
  { value: 'rating-asc', label: 'Lowest Average Rating', sortBy: 'rating', sortOrder: 'asc' },
  { value: 'name-asc', label: 'Alphabetical A-Z', sortBy: 'name', sortOrder: 'asc' },
  { value: 'name-desc', label: 'Alphabetical Z-A', sortBy: 'name', sortOrder: 'desc' },
  { value: 'reviews-desc', label: 'Most Reviews', sortBy: 'reviews', sortOrder: 'desc' },
  { value: 'reviews-asc', label: 'Least Reviews', sortBy: 'reviews', sortOrder: 'asc' },
  /**
   * Beside the spec's six (issue 15): the officers that match the typed words best first (name before
   * regiment before rank, whole words before prefixes before near-misses), then by rating. Offered,
   * never the default. Its sortOrder is always desc; asc is read as desc.
   */
  { value: 'relevance-desc', label: 'Best Match', sortBy: 'relevance', sortOrder: 'desc' },
] as const;

export const SORT_BY_VALUES = ['rating', 'name', 'reviews', 'relevance'] as const;
export const SORT_ORDER_VALUES = ['asc', 'desc'] as const;
export type SortBy = (typeof SORT_BY_VALUES)[number];
export type SortOrder = (typeof SORT_ORDER_VALUES)[number];
export const DEFAULT_SORT = { sortBy: 'rating', sortOrder: 'desc' } as const satisfies { sortBy: SortBy; sortOrder: SortOrder };

/**
 * The filters and sort of an officer search, as GET /api/officers/search and GET /api/search/officers
 * take them and the server runs them: the one shape the web app, the API paths and the queries share.
 */
export interface OfficerSearch {
  q?: string | undefined;
  sideId?: number | undefined;
  regimentId?: number | undefined;
  sortBy: SortBy;
  sortOrder: SortOrder;
}

export interface SearchFilters {
  q?: string | null;
  sideId?: string | number | null;
  regimentId?: string | number | null;
}

/**
 * The Find an Officer form goes to /search with q, sideId and regimentId, including only those
 * that are set and not 'all' (spec section 2, Home).
 */
export function buildSearchUrl(filters: SearchFilters): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'sideId', 'regimentId'] as const) {
    const raw = filters[key];
    if (raw === null || raw === undefined) continue;
    const value = String(raw).trim();
    if (value === '' || value === 'all') continue;
    params.set(key, value);
  }
  const query = params.toString();
  return query ? `/search?${query}` : '/search';
}
