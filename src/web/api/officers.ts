import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import type { Officer, OfficerDetail, OfficerSearchPage, OfficerTrend, RankedOfficer } from '#core/api';
import type { SideCode } from '#core/constants';
import { FRESHNESS } from '#core/constants';
import { apiPaths } from '#core/api-paths';
import type { OfficerSearch } from '#core/search';
import { api } from '#web/lib/api-client';

export const officersQueryOptions = () => queryOptions({ queryKey: ['officers'], queryFn: () => api.get<Officer[]>(apiPaths.officers) });

/** GET /api/officers/{id}: the officer page's officer, with the star distributions of its reviews. */
export const officerQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['officers', id], queryFn: () => api.get<OfficerDetail>(apiPaths.officer(id)) });

/** GET /api/officers/{id}/trend: the officer's last 12 months, refreshed after a review of it (invalidateAfterReviewChange). */
export const officerTrendQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['officers', id, 'trend'], queryFn: () => api.get<OfficerTrend>(apiPaths.officerTrend(id)) });

export const topOfficersQueryOptions = (side?: SideCode) =>
  queryOptions({
    queryKey: ['officers', 'top', side ?? 'all'],
    queryFn: () => api.get<RankedOfficer[]>(apiPaths.topOfficers(side)),
    staleTime: FRESHNESS.topOfficers,
  });

export const regimentOfficersQueryOptions = (regimentId: number) =>
  queryOptions({
    queryKey: ['officers', 'regiment', regimentId],
    queryFn: () => api.get<Officer[]>(apiPaths.regimentOfficers(regimentId)),
  });

/**
 * The search screen's officers, a page at a time (GET /api/search/officers): the next page is asked
 * for with the last one's nextCursor, until a page has none (docs/decisions/0019-search-paging.md).
 */
export const officerSearchPagesQueryOptions = (search: OfficerSearch) =>
  infiniteQueryOptions({
    queryKey: ['officers', 'search-pages', search],
    queryFn: ({ pageParam }) => api.get<OfficerSearchPage>(apiPaths.officerSearchPage(search, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export const useOfficer = (id: number) => useQuery(officerQueryOptions(id));
