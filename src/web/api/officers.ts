import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Officer, OfficerDetail, OfficerSearchPage, OfficerTrend, RankedOfficer } from '#core/api';
import type { SideCode } from '#core/constants';
import { FRESHNESS } from '#core/constants';
import { apiPaths } from '#core/api-paths';
import type { OfficerSearch } from '#core/search';
import { api } from '#web/lib/api-client';

/**
 * Every officer answer is keyed under 'officers', so a regiment delete can mark them all stale at
 * once. The full list's key is that prefix itself: refresh it alone with `exact: true`.
 */
export const officerKeys = {
  all: ['officers'] as const,
  list: () => officerKeys.all,
  detail: (id: number) => [...officerKeys.all, id] as const,
  trend: (id: number) => [...officerKeys.detail(id), 'trend'] as const,
  /** Every side filter of the top officers. */
  top: () => [...officerKeys.all, 'top'] as const,
  topOfSide: (side?: SideCode) => [...officerKeys.top(), side ?? 'all'] as const,
  ofRegiment: (regimentId: number) => [...officerKeys.all, 'regiment', regimentId] as const,
  searchPages: (search: OfficerSearch) => [...officerKeys.all, 'search-pages', search] as const,
};

export const officersQueryOptions = () => queryOptions({ queryKey: officerKeys.list(), queryFn: () => api.get<Officer[]>(apiPaths.officers) });

/** GET /api/officers/{id}: the officer page's officer, with the star distributions of its reviews. */
export const officerQueryOptions = (id: number) =>
  queryOptions({ queryKey: officerKeys.detail(id), queryFn: () => api.get<OfficerDetail>(apiPaths.officer(id)) });

/** GET /api/officers/{id}/trend: the officer's last 12 months, refreshed after a review of it (invalidateAfterReviewChange). */
export const officerTrendQueryOptions = (id: number) =>
  queryOptions({ queryKey: officerKeys.trend(id), queryFn: () => api.get<OfficerTrend>(apiPaths.officerTrend(id)) });

export const topOfficersQueryOptions = (side?: SideCode) =>
  queryOptions({
    queryKey: officerKeys.topOfSide(side),
    queryFn: () => api.get<RankedOfficer[]>(apiPaths.topOfficers(side)),
    staleTime: FRESHNESS.topOfficers,
  });

export const regimentOfficersQueryOptions = (regimentId: number) =>
  queryOptions({
    queryKey: officerKeys.ofRegiment(regimentId),
    queryFn: () => api.get<Officer[]>(apiPaths.regimentOfficers(regimentId)),
  });

/**
 * The search screen's officers, a page at a time (GET /api/search/officers): the next page is asked
 * for with the last one's nextCursor, until a page has none (docs/decisions/0019-search-paging.md).
 */
export const officerSearchPagesQueryOptions = (search: OfficerSearch) =>
  infiniteQueryOptions({
    queryKey: officerKeys.searchPages(search),
    queryFn: ({ pageParam }) => api.get<OfficerSearchPage>(apiPaths.officerSearchPage(search, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
