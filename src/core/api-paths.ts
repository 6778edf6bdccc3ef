/** The paths of the public API reads, as the client's queries ask for them and the server preloads them. */
import { REVIEW_PAGE_SIZE, type SideCode } from './constants.js';
import type { OfficerSearch } from './search.js';

export const apiPaths = {
  authStatus: '/api/auth/status',
  sides: '/api/sides',
  regiments: '/api/regiments',
  regiment: (id: number) => `/api/regiments/${id}`,
  regimentsBySide: (sideId: number) => `/api/regiments/side/${sideId}`,
  officer: (id: number) => `/api/officers/${id}`,
  topOfficers: (side?: SideCode) => (side ? `/api/officers/top?side=${side}` : '/api/officers/top'),
  regimentOfficers: (regimentId: number) => `/api/officers/regiment/${regimentId}`,
  officerSearch: (search: OfficerSearch) => `/api/officers/search?${officerSearchParams(search).toString()}`,
  /** A page of the paged search: the first without `after`, the next with the previous page's nextCursor. */
  officerSearchPage: (search: OfficerSearch, after?: string | null) => {
    const params = officerSearchParams(search);
    if (after) params.set('after', after);
    return `/api/search/officers?${params.toString()}`;
  },
  recentReviews: '/api/reviews/recent',
  officerReviews: (officerId: number, page: number) => `/api/reviews/officer/${officerId}?page=${page}&limit=${REVIEW_PAGE_SIZE}`,
} as const;

/** The filters and sort of an officer search, in the order both search calls take them. */
function officerSearchParams(search: OfficerSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.sideId) params.set('sideId', String(search.sideId));
  if (search.regimentId) params.set('regimentId', String(search.regimentId));
  params.set('sortBy', search.sortBy);
  params.set('sortOrder', search.sortOrder);
  return params;
}
