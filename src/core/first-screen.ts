/**
 * The API answers the first screen of a page shows: the client fetches them before its first
 * render (src/web/app/first-screen.ts) and the server names them in the page's HTML as preloads, so
 * the browser asks for them while it is still downloading the app's code. Both sides build the
 * same URLs from the same paths (api-paths.ts); src/web/app/first-screen.test.ts checks they agree.
 *
 * Only the public pages people land on are listed; any other page has none but the auth status.
 */
import { apiPaths } from './api-paths.js';
import { matchClientRoute, type ClientRouteMatch } from './client-routes.js';
import { parsePositiveId } from './parse-id.js';
import { officerSearchOf, parseSearchParams } from './search-params.js';

/** A page of the router (client-routes.ts): paths match case-insensitively, with or without a trailing slash. */
export type FirstScreenPage =
  | { page: 'home' }
  | { page: 'officer'; id: number }
  | { page: 'regiment'; id: number }
  | { page: 'search'; search: ReturnType<typeof parseSearchParams> }
  | { page: 'other' };

export function firstScreenPage(pathname: string, search: string): FirstScreenPage {
  return firstScreenPageOf(matchClientRoute(pathname), search);
}

/** The page of a path already matched against the routes (null: no screen of the app). */
export function firstScreenPageOf(match: ClientRouteMatch | null, search: string): FirstScreenPage {
  switch (match?.route) {
    case 'home':
      return { page: 'home' };
    case 'officer': {
      const id = parsePositiveId(match.params.id);
      return id === null ? { page: 'other' } : { page: 'officer', id };
    }
    case 'regiment': {
      const id = parsePositiveId(match.params.id);
      return id === null ? { page: 'other' } : { page: 'regiment', id };
    }
    case 'search':
      return { page: 'search', search: parseSearchParams(new URLSearchParams(search)) };
    default:
      return { page: 'other' };
  }
}

/** The paths the page's first screen asks the API for, the auth status first. */
export function firstScreenRequests(pathname: string, search: string): string[] {
  return firstScreenRequestsOf(firstScreenPage(pathname, search));
}

export function firstScreenRequestsOf(page: FirstScreenPage): string[] {
  const paths: string[] = [apiPaths.authStatus];
  switch (page.page) {
    case 'home':
      paths.push(apiPaths.topOfficers(), apiPaths.featuredRegiments, apiPaths.recentReviews, apiPaths.sides);
      break;
    case 'officer':
      paths.push(apiPaths.officer(page.id), apiPaths.officerReviews(page.id));
      break;
    case 'regiment':
      paths.push(apiPaths.regiment(page.id), apiPaths.regimentOfficers(page.id));
      break;
    case 'search': {
      const { search } = page;
      paths.push(apiPaths.sides);
      // The Regiments tab lists every regiment; the Officers tab's regiment filter loads its choices
      // on demand and needs only the chosen regiment's name.
      if (search.showRegiments) paths.push(apiPaths.regiments);
      else if (search.regimentId !== null) paths.push(apiPaths.regiment(search.regimentId));
      if (!search.showRegiments) paths.push(apiPaths.officerSearchPage(officerSearchOf(search)));
      break;
    }
    case 'other':
      break;
  }
  return paths;
}
