import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RankedRegiment, Regiment } from '#core/api';
import { apiPaths } from '#core/api-paths';
import { FRESHNESS } from '#core/constants';
import { api } from '#web/lib/api-client';

export const regimentsQueryOptions = () =>
  queryOptions({
    queryKey: ['regiments'],
    queryFn: () => api.get<RankedRegiment[]>(apiPaths.regiments),
    staleTime: FRESHNESS.regiments,
  });

/** Home's 'Featured Regiments': the best-rated regiment of each side, chosen by the server. */
export const featuredRegimentsQueryOptions = () =>
  queryOptions({
    queryKey: ['regiments', 'featured'],
    queryFn: () => api.get<RankedRegiment[]>(apiPaths.featuredRegiments),
    staleTime: FRESHNESS.regiments,
  });

export const regimentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['regiments', id],
    queryFn: () => api.get<Regiment>(apiPaths.regiment(id)),
    staleTime: FRESHNESS.regiments,
  });

export const regimentsBySideQueryOptions = (sideId: number) =>
  queryOptions({
    queryKey: ['regiments', 'side', sideId],
    queryFn: () => api.get<Regiment[]>(apiPaths.regimentsBySide(sideId)),
    staleTime: FRESHNESS.regiments,
  });

export const useRegiments = () => useQuery(regimentsQueryOptions());
export const useRegiment = (id: number) => useQuery(regimentQueryOptions(id));
