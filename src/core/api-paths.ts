/** The paths of the public API reads, as the client's queries ask for them and the server preloads them. */
import { REVIEW_PAGE_SIZE, type SideCode } from './constants.js';
import type { OfficerSearch } from './search-params.js';

export const apiPaths = {
  authStatus: '/api/auth/status',
  sides: '/api/sides',
  regiments: '/api/regiments',
  regiment: (id: number) => `/api/regiments/${id}`,
  regimentsBySide: (sideId: number) => `/api/regiments/side/${sideId}`,
  officer: (id: number) => `/api/officers/${id}`,
  topOfficers: (side?: SideCode) => (side ? `/api/officers/top?side=${side}` : '/api/officers/top'),
  regimentOfficers: (regimentId: number) => `/api/officers/regiment/${regimentId}`,
  officerSearch: (search: OfficerSearch) => {
    const params = new URLSearchParams();
    if (search.q) params.set('q', search.q);
    if (search.sideId) params.set('sideId', String(search.sideId));
    if (search.regimentId) params.set('regimentId', String(search.regimentId));
    params.set('sortBy', search.sortBy);
    params.set('sortOrder', search.sortOrder);
    return `/api/officers/search?${params.toString()}`;
  },
  recentReviews: '/api/reviews/recent',
  officerReviews: (officerId: number, page: number) => `/api/reviews/officer/${officerId}?page=${page}&limit=${REVIEW_PAGE_SIZE}`,
} as const;
