import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { prefetchFirstScreen } from './app/first-screen';
import { keyFreshHistoryEntry } from './app/history-entry-key';
import { createQueryClient } from './app/query-client';
import { routes } from './app/routes';
import './styles.css';

const queryClient = createQueryClient();
// Before the router reads the entry: a fresh load must not reuse another page's scroll position.
keyFreshHistoryEntry(window.history);
// The first answers are asked for at once (their requests are already under way: the page's <head>
// preloads them); the router is made in a task of its own after this one. Together they were one
// long task of the first load, which a phone's blocking time counts whole (Lighthouse, issue 38).
const answers = prefetchFirstScreen(queryClient, window.location);

/** Past this, the page renders with skeletons rather than wait longer for its first answers. */
const FIRST_SCREEN_WAIT_MS = 3000;

/** The router has loaded the current route's code (pages other than home are loaded lazily). */
function routerReady(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// The first render waits for the page's code and first answers, so that it draws the page once,
// complete, instead of a skeleton the answers then fill in (src/web/app/first-screen.ts).
setTimeout(() => {
  const router = createBrowserRouter(routes);
  const root = createRoot(document.getElementById('root')!);
  const firstScreen = Promise.all([routerReady(router), answers]);
  void Promise.race([firstScreen, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]).then(() => {
    // A transition makes the first render concurrent: React renders in slices of a few milliseconds
    // and lets the browser in between, instead of one long task that blocks input.
    startTransition(() => {
      root.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            {/* flushSync lets a navigation commit synchronously when asked to (logout, use-sign-out.ts). */}
            <RouterProvider router={router} flushSync={(update) => void flushSync(update)} />
          </QueryClientProvider>
        </StrictMode>,
      );
    });
  });
}, 0);
