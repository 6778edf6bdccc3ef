import { queryOptions } from '@tanstack/react-query';
import type { Side } from '#core/api';
import { apiPaths } from '#core/api-paths';
import { FRESHNESS } from '#core/constants';
import { api } from '#web/lib/api-client';

export const sideKeys = {
  all: ['sides'] as const,
};

export const sidesQueryOptions = () =>
  queryOptions({
    queryKey: sideKeys.all,
    queryFn: () => api.get<Side[]>(apiPaths.sides),
    staleTime: FRESHNESS.sides,
  });
