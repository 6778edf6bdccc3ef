import type { RouteObject } from 'react-router';
import { CLIENT_ROUTES, type ClientRoute } from '../../core/client-routes';
import { HomePage } from '../features/home/home-page';
import { Layout, LayoutFallback } from './shell/layout';
import { RouteError } from './route-error';

type LazyScreen = NonNullable<Extract<RouteObject, { index?: false }>['lazy']>;

/**
 * The code of each screen but Home, by route (CLIENT_ROUTES in src/core holds their paths, which
 * the server reads too): every route has one, or this does not compile.
 */
const LAZY_SCREENS: Record<Exclude<ClientRoute, 'home'>, LazyScreen> = {
  login: () => import('../features/auth/login-page'),
  register: () => import('../features/auth/register-page'),
  verifyEmail: () => import('../features/auth/verify-email-page'),
  forgotPassword: () => import('../features/auth/forgot-password-page'),
  resetPassword: () => import('../features/auth/reset-password-page'),
  authAction: () => import('../features/auth/auth-action-page'),
  officer: () => import('../features/officers/officer-page'),
  regiment: () => import('../features/regiments/regiment-page'),
  search: () => import('../features/search/search-page'),
  createReview: () => import('../features/reviews/create-review-page'),
  myReviews: () => import('../features/reviews/my-reviews-page'),
  myStats: () => import('../features/stats/my-stats-page'),
  registerRegiment: () => import('../features/registrations/register-regiment-page'),
  registerOfficer: () => import('../features/registrations/register-officer-page'),
  admin: () => import('../features/admin/admin-dashboard-page'),
  adminOfficers: () => import('../features/admin/admin-officers-page'),
  adminAllOfficers: () => import('../features/admin/admin-all-officers-page'),
  adminRegiments: () => import('../features/admin/admin-regiments-page'),
  adminAllRegiments: () => import('../features/admin/admin-all-regiments-page'),
  adminManageUsers: () => import('../features/admin/manage-users-page'),
  adminReviews: () => import('../features/admin/review-moderation-page'),
  privacyPolicy: () => import('../features/legal/privacy-page'),
  termsOfService: () => import('../features/legal/terms-page'),
};

/**
 * The screens of spec section 2. React Router matches paths case-insensitively and ignores a
 * trailing slash. Each screen is its own chunk (`lazy`), so the first page loads only what it needs;
 * Home, the first screen of most visits, is imported statically instead: it renders without a second
 * round trip for its code (vite.config.ts bundles it with the entry).
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    // Shown while the first screen's chunk loads: the page frame, not a blank screen.
    HydrateFallback: LayoutFallback,
    children: [
      { index: true, Component: HomePage },
      ...(Object.entries(LAZY_SCREENS) as Array<[Exclude<ClientRoute, 'home'>, LazyScreen]>).map(([route, lazy]) => ({
        // Relative to the layout route: 'officer/:id'.
        path: CLIENT_ROUTES[route].slice(1),
        lazy,
      })),
      // Any other path: the not-found screen (the server answers it with 404).
      { path: '*', lazy: () => import('./not-found') },
    ],
  },
];
