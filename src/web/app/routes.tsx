import type { RouteObject } from 'react-router';
import { CLIENT_ROUTES, SCREEN_MODULES, type ClientRoute } from '#core/client-routes';
import { HomePage } from '#web/features/home/home-page';
import { Layout, LayoutFallback } from './shell/layout';
import { RouteError } from './route-error';

type LazyScreen = Extract<NonNullable<Extract<RouteObject, { index?: false }>['lazy']>, () => unknown>;
type ScreenModule = Awaited<ReturnType<LazyScreen>>;

/**
 * Every screen file, by its path from here: Vite makes each one a chunk of its own. The files are
 * named `*-page.tsx` under a feature's folder; Home is left out (imported above, with the entry).
 */
const SCREEN_FILES = import.meta.glob<ScreenModule>(['../features/*/*-page.tsx', '!../features/home/home-page.tsx']);

/**
 * The code of each screen but Home, loaded from the module SCREEN_MODULES names (src/core, which the
 * server reads for the page's preloads): a screen file renamed without that table stops the app
 * here, at once, rather than dropping the preloads quietly (routes.test.ts names the file).
 */
export function lazyScreen(route: Exclude<ClientRoute, 'home'>): LazyScreen {
  const load = SCREEN_FILES[`../${SCREEN_MODULES[route]}`];
  if (!load)
    throw new Error(`The ${route} screen's module, src/web/${SCREEN_MODULES[route]}, does not exist (SCREEN_MODULES in src/core/client-routes.ts)`);
  return load;
}

/** The screen files found on disk, relative to src/web, as SCREEN_MODULES names them. */
export const screenFiles = (): string[] => Object.keys(SCREEN_FILES).map((file) => file.replace(/^\.\.\//, ''));

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
      ...(Object.keys(SCREEN_MODULES) as Array<Exclude<ClientRoute, 'home'>>).map((route) => ({
        // Relative to the layout route: 'officer/:id'.
        path: CLIENT_ROUTES[route].slice(1),
        lazy: lazyScreen(route),
      })),
      // Any other path: the not-found screen (the server answers it with 404).
      { path: '*', lazy: () => import('./not-found') },
    ],
  },
];
