/**
 * The API answers the first screen of a page shows: the client fetches them before its first
 * render (src/web/app/first-screen.ts) and the server names them in the page's HTML as preloads, so
 * the browser asks for them while it is still downloading the app's code. Both sides build the
 * same URLs from the same paths below; src/web/app/first-screen.test.ts checks they agree.
 *
 * Only the public pages people land on are listed; any other page has none but the auth status.
 */
import { REVIEW_PAGE_SIZE, type SideCode } from './constants.js';
import { parsePositiveId } from './parse-id.js';
import { officerSearchOf, parseSearchParams, type OfficerSearch } from './search-params.js';

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

/** A page of the router: paths match case-insensitively, with or without a trailing slash. */
export type FirstScreenPage =
  | { page: 'home' }
  | { page: 'officer'; id: number }
  | { page: 'regiment'; id: number }
  | { page: 'search'; search: ReturnType<typeof parseSearchParams> }
  | { page: 'other' };

const pagePath = (pattern: string) => new RegExp(`^${pattern}/?$`, 'i');
const HOME = pagePath('');
const OFFICER = pagePath('/officer/([^/]+)');
const REGIMENT = pagePath('/regiment/([^/]+)');
const SEARCH = pagePath('/search');

export function firstScreenPage(pathname: string, search: string): FirstScreenPage {
  if (HOME.test(pathname)) return { page: 'home' };
  const officerId = parsePositiveId(OFFICER.exec(pathname)?.[1]);
  if (officerId !== null) return { page: 'officer', id: officerId };
  const regimentId = parsePositiveId(REGIMENT.exec(pathname)?.[1]);
  if (regimentId !== null) return { page: 'regiment', id: regimentId };
  if (SEARCH.test(pathname)) return { page: 'search', search: parseSearchParams(new URLSearchParams(search)) };
  return { page: 'other' };
}

/** The paths the page's first screen asks the API for, the auth status first. */
export function firstScreenRequests(pathname: string, search: string): string[] {
  return firstScreenRequestsOf(firstScreenPage(pathname, search));
}

export function firstScreenRequestsOf(page: FirstScreenPage): string[] {
  const paths: string[] = [apiPaths.authStatus];
  switch (page.page) {
    case 'home':
      paths.push(apiPaths.topOfficers(), apiPaths.regiments, apiPaths.recentReviews, apiPaths.sides);
      break;
    case 'officer':
      paths.push(apiPaths.officer(page.id), apiPaths.officerReviews(page.id, 1));
      break;
    case 'regiment':
      paths.push(apiPaths.regiment(page.id), apiPaths.regimentOfficers(page.id));
      break;
    case 'search': {
      const { search } = page;
      paths.push(apiPaths.sides);
      paths.push(search.showRegiments || search.sideId === null ? apiPaths.regiments : apiPaths.regimentsBySide(search.sideId));
      if (!search.showRegiments) paths.push(apiPaths.officerSearch(officerSearchOf(search)));
      break;
    }
    case 'other':
      break;
  }
  return paths;
}
