import { SECURITY_SETTINGS_PATH } from './second-factor.js';

/**
 * The web app's screens: the route list of spec section 2, in one place. The router
 * (src/web/app/routes.tsx) builds its routes from it, and the server (read-cache/page-shell.ts) answers a path
 * on it with the app and 200, and any other path with the app's not-found screen and 404, so that
 * search engines and link previews see the truth.
 *
 * Paths match case-insensitively and with or without a trailing slash; `:name` is a parameter of
 * one path segment, as in React Router.
 */
export const CLIENT_ROUTES = {
  home: '/',
  login: '/login',
  register: '/register',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  // The mailed links' callback: its mode picks the verification or the reset screen.
  authAction: '/__/auth/action',
  resetPassword: '/reset-password',
  officer: '/officer/:id',
  regiment: '/regiment/:id',
  // Issue 36, item 3: who wrote a review.
  reviewer: '/reviewer/:id',
  search: '/search',
  // Issue 36: two to four officers or regiments side by side (?officers=12,40,7 or ?regiments=...).
  compare: '/compare',
  createReview: '/create-review/:officerId',
  myReviews: '/my-reviews',
  registerRegiment: '/register-regiment',
  registerOfficer: '/register-officer',
  myStats: '/my-stats',
  settings: '/settings',
  standing: '/settings/standing',
  // Issue 34: the second factor (authenticator app, passkeys, recovery codes).
  security: SECURITY_SETTINGS_PATH,
  moderationLog: '/moderation',
  transparency: '/transparency',
  myRegistrations: '/my-registrations',
  notifications: '/notifications',
  // Issue 36: what the user follows.
  following: '/following',
  admin: '/admin',
  adminOfficers: '/admin/officers',
  adminRegiments: '/admin/regiments',
  adminAllOfficers: '/admin/officers/all',
  adminAllRegiments: '/admin/regiments/all',
  adminManageUsers: '/admin/manage-users',
  adminReviews: '/admin/reviews',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
} as const;

export type ClientRoute = keyof typeof CLIENT_ROUTES;

/**
 * The module of each screen the router loads on demand, relative to src/web (as Vite's manifest
 * names it), in one table: the router imports each screen from this path (src/web/app/routes.tsx),
 * and the server names the same module's chunks as preloads in the page's HTML (page-shell.ts). A
 * page file renamed without this table fails the router's test and the server's. Home is bundled
 * with the entry (vite.config.ts): it has no module of its own here.
 */
export const SCREEN_MODULES: Readonly<Record<Exclude<ClientRoute, 'home'>, `features/${string}/${string}-page.tsx`>> = {
  login: 'features/auth/login-page.tsx',
  register: 'features/auth/register-page.tsx',
  verifyEmail: 'features/auth/verify-email-page.tsx',
  forgotPassword: 'features/auth/forgot-password-page.tsx',
  resetPassword: 'features/auth/reset-password-page.tsx',
  authAction: 'features/auth/auth-action-page.tsx',
  officer: 'features/officers/officer-page.tsx',
  regiment: 'features/regiments/regiment-page.tsx',
  reviewer: 'features/reviewers/reviewer-page.tsx',
  search: 'features/search/search-page.tsx',
  compare: 'features/compare/compare-page.tsx',
  createReview: 'features/reviews/create-review-page.tsx',
  myReviews: 'features/reviews/my-reviews-page.tsx',
  myStats: 'features/stats/my-stats-page.tsx',
  myRegistrations: 'features/registrations/my-registrations-page.tsx',
  notifications: 'features/notifications/notifications-page.tsx',
  // The settings' module too (the digest's frequency is set there): one entry fewer on the first screen.
  following: 'features/settings/settings-page.tsx',
  settings: 'features/settings/settings-page.tsx',
  // Sharing the settings' module keeps the first screen's route table one entry shorter.
  security: 'features/settings/settings-page.tsx',
  standing: 'features/moderation/moderation-page.tsx',
  // One module for the pages of due process (moderation-page.tsx), standing above among them.
  moderationLog: 'features/moderation/moderation-page.tsx',
  transparency: 'features/moderation/moderation-page.tsx',
  registerRegiment: 'features/registrations/register-regiment-page.tsx',
  registerOfficer: 'features/registrations/register-officer-page.tsx',
  admin: 'features/admin/admin-dashboard-page.tsx',
  adminOfficers: 'features/admin/admin-officers-page.tsx',
  adminAllOfficers: 'features/admin/admin-all-officers-page.tsx',
  adminRegiments: 'features/admin/admin-regiments-page.tsx',
  adminAllRegiments: 'features/admin/admin-all-regiments-page.tsx',
  adminManageUsers: 'features/admin/manage-users-page.tsx',
  adminReviews: 'features/admin/review-moderation-page.tsx',
  privacyPolicy: 'features/legal/privacy-page.tsx',
  termsOfService: 'features/legal/terms-page.tsx',
};

export interface ClientRouteMatch {
  route: ClientRoute;
  /** The path's parameters, percent-decoded as the router decodes them. */
  params: Record<string, string>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Each route's pattern as a regular expression, with its parameters' names in order. */
const MATCHERS = (Object.entries(CLIENT_ROUTES) as Array<[ClientRoute, string]>).map(([route, path]) => {
  const names: string[] = [];
  const pattern = path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${escapeRegExp(segment)}`;
      names.push(segment.slice(1));
      return '/([^/]+)';
    })
    .join('');
  return { route, names, regExp: new RegExp(`^${pattern}/*$`, 'i') };
});

/**
 * The path as React Router reads it: each segment percent-decoded, an encoded slash kept as %2F (it
 * does not separate segments); a malformed escape leaves the path as it is.
 */
function decodePath(pathname: string): string {
  // Nearly every path has nothing to decode (the officer page's HTML is a hot path).
  if (!pathname.includes('%')) return pathname;
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The screen at this path (no query string), or null when the app has none: its not-found screen. */
export function matchClientRoute(pathname: string): ClientRouteMatch | null {
  const decoded = decodePath(pathname);
  for (const { route, names, regExp } of MATCHERS) {
    const found = regExp.exec(decoded);
    if (!found) continue;
    const params: Record<string, string> = {};
    for (const [index, name] of names.entries()) params[name] = found[index + 1]!.replace(/%2F/g, '/');
    return { route, params };
  }
  return null;
}
