import type { RouteObject } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { Layout, LayoutFallback } from './shell/layout';
import { RouteError } from './route-error';

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
      { path: 'login', lazy: () => import('../features/auth/login-page') },
      { path: 'register', lazy: () => import('../features/auth/register-page') },
      { path: 'verify-email', lazy: () => import('../features/auth/verify-email-page') },
      { path: 'forgot-password', lazy: () => import('../features/auth/forgot-password-page') },
      { path: 'reset-password', lazy: () => import('../features/auth/reset-password-page') },
      // The mailed links' callback: mode picks the verification or the reset screen.
      { path: '__/auth/action', lazy: () => import('../features/auth/auth-action-page') },
      { path: 'officer/:id', lazy: () => import('../features/officers/officer-page') },
      { path: 'regiment/:id', lazy: () => import('../features/regiments/regiment-page') },
      { path: 'search', lazy: () => import('../features/search/search-page') },
      { path: 'create-review/:officerId', lazy: () => import('../features/reviews/create-review-page') },
      { path: 'my-reviews', lazy: () => import('../features/reviews/my-reviews-page') },
      { path: 'my-stats', lazy: () => import('../features/stats/my-stats-page') },
      { path: 'register-regiment', lazy: () => import('../features/registrations/register-regiment-page') },
      { path: 'register-officer', lazy: () => import('../features/registrations/register-officer-page') },
      { path: 'admin', lazy: () => import('../features/admin/admin-dashboard-page') },
      { path: 'admin/officers', lazy: () => import('../features/admin/admin-officers-page') },
      { path: 'admin/officers/all', lazy: () => import('../features/admin/admin-all-officers-page') },
      { path: 'admin/regiments', lazy: () => import('../features/admin/admin-regiments-page') },
      { path: 'admin/regiments/all', lazy: () => import('../features/admin/admin-all-regiments-page') },
      { path: 'admin/manage-users', lazy: () => import('../features/admin/manage-users-page') },
      { path: 'admin/reviews', lazy: () => import('../features/admin/review-moderation-page') },
      { path: 'privacy-policy', lazy: () => import('../features/legal/privacy-page') },
      { path: 'terms-of-service', lazy: () => import('../features/legal/terms-page') },
      { path: '*', lazy: () => import('./not-found') },
    ],
  },
];
