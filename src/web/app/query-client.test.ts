/**
 * What a page's query does when it mounts after the first-screen prefetch (issue 13, item 16): a
 * 404 the prefetch got is used, not asked for again; other failures are still retried on mount.
 */
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRESHNESS } from '#core/constants';
import { officerKeys } from '#web/api/officers';
import { ApiError } from '#web/lib/api-client';
import { createQueryClient } from './query-client';

afterEach(() => {
  vi.useRealTimers();
});

/** Prefetches a query that fails with `status`, then mounts a reader of it; answers how often it was fetched. */
async function fetchesAfterMount(status: number, { mountAfterMs = 0 } = {}): Promise<number> {
  const queryClient = createQueryClient();
  let fetches = 0;
  const options = {
    queryKey: officerKeys.detail(99999999),
    queryFn: async () => {
      fetches += 1;
      throw new ApiError(status, '{"message":"Officer not found"}', 'Not Found');
    },
  };
  await queryClient.prefetchQuery(options);
  if (mountAfterMs) vi.setSystemTime(Date.now() + mountAfterMs);
  const observer = new QueryObserver(queryClient, options);
  const unsubscribe = observer.subscribe(() => {});
  // A fetch on mount starts synchronously; let it settle.
  await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
  unsubscribe();
  return fetches;
}

describe('query client: a failed answer when a page mounts', () => {
  it('keeps a fresh 404 from the first screen instead of asking again', async () => {
    expect(await fetchesAfterMount(404)).toBe(1);
  });

  it('asks again for a 404 older than the freshness of data', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await fetchesAfterMount(404, { mountAfterMs: FRESHNESS.default + 1 })).toBe(2);
  });

  it('still retries any other failure when a page mounts', async () => {
    expect(await fetchesAfterMount(500)).toBe(2);
  });
});
