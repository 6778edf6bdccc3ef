import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Side } from '#core/api';
import { apiPaths } from '#core/api-paths';
import { FRESHNESS } from '#core/constants';
import { api } from '#web/lib/api-client';

export const sidesQueryOptions = () =>
  queryOptions({
    queryKey: ['sides'],
    queryFn: () => api.get<Side[]>(apiPaths.sides),
    staleTime: FRESHNESS.sides,
  });

export const useSides = () => useQuery(sidesQueryOptions());
