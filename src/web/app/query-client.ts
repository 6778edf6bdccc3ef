import { QueryClient, type Query } from '@tanstack/react-query';
import { FRESHNESS } from '#core/constants';
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
  return new QueryClient({
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
}
