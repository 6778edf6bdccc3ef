import { QueryClient, type Query } from '@tanstack/react-query';
import type { AuthStatus } from '#core/api';
import { FRESHNESS } from '#core/constants';
import { authKeys } from '#web/api/auth';
import { isPersonalQuery } from '#web/api/personal';
import { ApiError } from '#web/lib/api-client';

/**
 * A 404 is an answer ("no such officer"), not a failure: for as long as data would stay fresh, a
 * page that mounts does not ask again. Otherwise the page of a missing officer asked twice on a first
 * load: once for the first screen (src/web/app/first-screen.ts), and again when its query mounted,
 * since a query in error is retried on mount by default (issue 13, item 16). Any other failure
 * (5xx, network) is still retried when a page mounts, as before.
 */
function isFreshNotFound(query: Query, now = Date.now()): boolean {
  const { error, errorUpdatedAt } = query.state;
  return error instanceof ApiError && error.status === 404 && now - errorUpdatedAt < FRESHNESS.default;
}

/**
 * The only server-data cache. Defaults from spec section 9: data is fresh for 30 s, refetched on
 * window focus, never polled, kept 5 minutes when unused, and never retried automatically.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FRESHNESS.default,
        gcTime: FRESHNESS.gcTime,
        refetchOnWindowFocus: true,
        refetchInterval: false,
        retry: false,
        retryOnMount: (query) => !isFreshNotFound(query),
      },
      mutations: { retry: false },
    },
  });
  // Signed out, nothing personal is kept (web/api/personal.ts): a personal answer still shown when
  // the session ended goes as soon as its last screen has. Signed in, it is kept as every answer.
  const isSignedIn = () => client.getQueryData<AuthStatus>(authKeys.status())?.authenticated === true;
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'observerRemoved' && isPersonalQuery(event.query) && event.query.getObserversCount() === 0 && !isSignedIn()) {
      client.getQueryCache().remove(event.query);
    }
  });
  return client;
}
