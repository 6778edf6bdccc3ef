import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Officer } from '../../core/api';
import type { SideCode } from '../../core/constants';
import { FRESHNESS } from '../../core/constants';
import { apiPaths } from '../../core/api-paths';
import type { OfficerSearch } from '../../core/search-params';
import { api } from '../lib/api-client';

export const officersQueryOptions = () =>
  queryOptions({ queryKey: ['officers'], queryFn: () => api.get<Officer[]>('/api/officers') });

export const officerQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['officers', id], queryFn: () => api.get<Officer>(apiPaths.officer(id)) });

export const topOfficersQueryOptions = (side?: SideCode) =>
  queryOptions({
    queryKey: ['officers', 'top', side ?? 'all'],
    queryFn: () => api.get<Officer[]>(apiPaths.topOfficers(side)),
    staleTime: FRESHNESS.topOfficers,
  });

export const regimentOfficersQueryOptions = (regimentId: number) =>
  queryOptions({
    queryKey: ['officers', 'regiment', regimentId],
    queryFn: () => api.get<Officer[]>(apiPaths.regimentOfficers(regimentId)),
  });

export const officerSearchQueryOptions = (search: OfficerSearch) =>
  queryOptions({
    queryKey: ['officers', 'search', search],
    queryFn: () => api.get<Officer[]>(apiPaths.officerSearch(search)),
  });

export const useOfficer = (id: number) => useQuery(officerQueryOptions(id));
