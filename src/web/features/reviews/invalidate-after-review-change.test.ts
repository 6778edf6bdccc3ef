/**
 * Tests `invalidateAfterReviewChange` and `myReviewsQueryOptions` of src/web/api/reviews.ts. They sit
 * with the review pages that use them (src/web/api has no test file of its own yet).
 */
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRESHNESS } from '#core/constants';
import { DEFAULT_REVIEW_SORT } from '#core/review-sort';
import { authKeys } from '#web/api/auth';
import { officerKeys } from '#web/api/officers';
import { regimentKeys } from '#web/api/regiments';
import { invalidateAfterReviewChange, myReviewsQueryOptions, reviewKeys } from '#web/api/reviews';
import { sideKeys } from '#web/api/sides';

describe('invalidateAfterReviewChange', () => {
  it("refreshes the recent, my-reviews and top-officers lists plus that officer's reviews, detail and trend, the edit histories and the reviewers' profiles, nothing else", async () => {
    const queryClient = new QueryClient();
    const refreshed: QueryKey[] = [
      reviewKeys.recent(),
      reviewKeys.mine(),
      officerKeys.topOfSide(),
      officerKeys.topOfSide('USA'),
      officerKeys.topOfSide('CSA'),
      reviewKeys.ofOfficerSorted(7, DEFAULT_REVIEW_SORT),
      officerKeys.detail(7),
      officerKeys.trend(7),
      reviewKeys.revisionsOf(12),
      [...reviewKeys.reviewers(), 101],
    ];
    const untouched: QueryKey[] = [
      reviewKeys.ofOfficerSorted(8, DEFAULT_REVIEW_SORT),
      officerKeys.detail(8),
      officerKeys.trend(8),
      officerKeys.list(),
      officerKeys.ofRegiment(3),
      regimentKeys.list(),
      sideKeys.all,
      authKeys.status(),
    ];
    for (const key of [...refreshed, ...untouched]) queryClient.setQueryData(key, []);

    await invalidateAfterReviewChange(queryClient, 7);

    const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated;
    expect(refreshed.filter((key) => !invalidated(key))).toEqual([]);
    expect(untouched.filter(invalidated)).toEqual([]);
  });
});

describe('myReviewsQueryOptions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('polls every 5 seconds (spec section 4)', () => {
    const options = myReviewsQueryOptions();
    expect(options.queryKey).toEqual(reviewKeys.mine());
    expect(options.refetchInterval).toBe(FRESHNESS.myReviewsRefetch);
    expect(FRESHNESS.myReviewsRefetch).toBe(5000);
  });

  it('fails on a 401 instead of answering an empty list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Not signed in","code":"UNAUTHORIZED"}', { status: 401 })),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(queryClient.fetchQuery(myReviewsQueryOptions())).rejects.toThrow('Authentication required');
  });
});
