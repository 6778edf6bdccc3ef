import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Side } from '../../core/api';
import { FRESHNESS } from '../../core/constants';
import { api } from '../lib/api-client';

export const sidesQueryOptions = () =>
  queryOptions({
    queryKey: ['sides'],
    queryFn: () => api.get<Side[]>('/api/sides'),
    staleTime: FRESHNESS.sides,
  });

export const useSides = () => useQuery(sidesQueryOptions());
