import { QueryClient } from '@tanstack/react-query';
import { FRESHNESS } from '../../core/constants';

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
      },
      mutations: { retry: false },
    },
  });
}
