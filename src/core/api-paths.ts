/**
 * The path of every API endpoint the web app calls, written once: the client's queries and
 * mutations ask for them and the server preloads the public reads (first-screen.ts). Tests may still
 * write literal URLs where they check the wire format.
 */
import { REVIEW_PAGE_SIZE, type SideCode } from './constants.js';
import { DEFAULT_REVIEW_SORT, type ReviewSort } from './review-sort.js';
import type { OfficerSearch } from './search.js';

/** The two kinds of registration request an admin decides. */
export type RegistrationKind = 'regiments' | 'officers';

export const apiPaths = {
  csrfToken: '/api/csrf-token',
  authStatus: '/api/auth/status',
  authConfig: '/api/auth/config',
  logout: '/api/auth/logout',
  /**
   * Where the browser goes to link a Steam account (a navigation, not a fetch), coming back to
   * `redirect` or to the officer page for `officerId`.
   */
  steamSignIn: (target: { officerId: number } | { redirect: string }) => {
    const query = new URLSearchParams('officerId' in target ? { officerId: String(target.officerId) } : { redirect: target.redirect });
    // Slashes are legal in a query string; keeping them makes the link readable (/my-stats).
    return `/api/auth/steam?${query.toString().replaceAll('%2F', '/')}`;
  },
  mySteamStats: '/api/users/me/steam-stats',
  mySettings: '/api/users/me/settings',
  officerSteamStats: (officerId: number) => `/api/officers/${officerId}/steam-stats`,
  notifications: (cursor?: string) => (cursor ? `/api/notifications?cursor=${encodeURIComponent(cursor)}` : '/api/notifications'),
  notificationsRead: '/api/notifications/read',
  sides: '/api/sides',
  regiments: '/api/regiments',
  /** Home's 'Featured Regiments': the best-rated regiment of each side (not the whole list). */
  featuredRegiments: '/api/regiments/featured',
  regiment: (id: number) => `/api/regiments/${id}`,
  regimentsBySide: (sideId: number) => `/api/regiments/side/${sideId}`,
  /** The link-preview cards, 1200x630 PNG (issue 19, item 1): an officer's, a regiment's, the site's. */
  officerCard: (id: number) => `/api/cards/officer/${id}.png`,
  regimentCard: (id: number) => `/api/cards/regiment/${id}.png`,
  siteCard: '/api/cards/site.png',
  officers: '/api/officers',
  officer: (id: number) => `/api/officers/${id}`,
  /** The officer's last 12 months, month by month (issue 16). */
  officerTrend: (id: number) => `/api/officers/${id}/trend`,
  topOfficers: (side?: SideCode) => (side ? `/api/officers/top?side=${side}` : '/api/officers/top'),
  regimentOfficers: (regimentId: number) => `/api/officers/regiment/${regimentId}`,
  officerSearch: (search: OfficerSearch) => `/api/officers/search?${officerSearchParams(search).toString()}`,
  /** A page of the paged search: the first without `after`, the next with the previous page's nextCursor. */
  officerSearchPage: (search: OfficerSearch, after?: string | null) => {
    const params = officerSearchParams(search);
    if (after) params.set('after', after);
    return `/api/search/officers?${params.toString()}`;
  },
  /** What the search boxes suggest while a person types: the best 8 officers and regiments. */
  searchSuggestions: (q: string, sideId?: number | null) => {
    const params = new URLSearchParams({ q });
    if (sideId) params.set('sideId', String(sideId));
    return `/api/search/suggestions?${params.toString()}`;
  },
  /** A searchable regiment selector's choices: the first `limit` by name without q, the best matches with it. */
  regimentChoices: ({ q, sideId, limit }: { q?: string | undefined; sideId?: number | null | undefined; limit?: number | undefined }) => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (sideId) params.set('sideId', String(sideId));
    if (limit) params.set('limit', String(limit));
    const query = params.toString();
    return query ? `/api/search/regiments?${query}` : '/api/search/regiments';
  },
  reviews: '/api/reviews',
  review: (id: number) => `/api/reviews/${id}`,
  myReviews: '/api/reviews/my',
  reviewVote: (reviewId: number) => `/api/reviews/${reviewId}/vote`,
  reviewFlag: (reviewId: number) => `/api/reviews/${reviewId}/flag`,
  /** A review's versions, newest first (issue 18, item 2). */
  reviewRevisions: (reviewId: number) => `/api/reviews/${reviewId}/revisions`,
  /** The officer's reply (issue 18): PUT, DELETE; `/flag` flags it. */
  reviewReply: (reviewId: number) => `/api/reviews/${reviewId}/reply`,
  reviewResolved: (reviewId: number) => `/api/reviews/${reviewId}/resolved`,
  recentReviews: '/api/reviews/recent',
  /**
   * The first page by number (the spec's call; the default order's URL is the one the HTML preloads),
   * every later page by the previous page's nextCursor (docs/decisions/0027-review-helpfulness.md).
   */
  officerReviews: (officerId: number, { sort = DEFAULT_REVIEW_SORT, cursor = null }: { sort?: ReviewSort; cursor?: string | null } = {}) => {
    const params = new URLSearchParams(cursor === null ? { page: '1' } : { cursor });
    params.set('limit', String(REVIEW_PAGE_SIZE));
    if (sort !== DEFAULT_REVIEW_SORT) params.set('sort', sort);
    return `/api/reviews/officer/${officerId}?${params}`;
  },
  /** A reviewer's profile and a page of the reviews they wrote that count (issue 36, item 3). */
  reviewer: (userId: number, page = 1) => `/api/reviewers/${userId}?page=${page}`,
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
