import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Officer } from '../../core/api';
import type { SideCode } from '../../core/constants';
import { FRESHNESS } from '../../core/constants';
import type { SortBy, SortOrder } from '../../core/search';
import { api } from '../lib/api-client';

export const officersQueryOptions = () =>
  queryOptions({ queryKey: ['officers'], queryFn: () => api.get<Officer[]>('/api/officers') });

export const officerQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['officers', id], queryFn: () => api.get<Officer>(`/api/officers/${id}`) });

export const topOfficersQueryOptions = (side?: SideCode) =>
  queryOptions({
    queryKey: ['officers', 'top', side ?? 'all'],
    queryFn: () => api.get<Officer[]>(side ? `/api/officers/top?side=${side}` : '/api/officers/top'),
    staleTime: FRESHNESS.topOfficers,
  });

export const regimentOfficersQueryOptions = (regimentId: number) =>
  queryOptions({
    queryKey: ['officers', 'regiment', regimentId],
    queryFn: () => api.get<Officer[]>(`/api/officers/regiment/${regimentId}`),
  });

export interface OfficerSearch {
  q?: string;
  sideId?: number;
  regimentId?: number;
  sortBy: SortBy;
  sortOrder: SortOrder;
}

export const officerSearchQueryOptions = (search: OfficerSearch) => {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.sideId) params.set('sideId', String(search.sideId));
  if (search.regimentId) params.set('regimentId', String(search.regimentId));
  params.set('sortBy', search.sortBy);
  params.set('sortOrder', search.sortOrder);
  return queryOptions({
    queryKey: ['officers', 'search', search],
    queryFn: () => api.get<Officer[]>(`/api/officers/search?${params.toString()}`),
  });
};

export const useOfficer = (id: number) => useQuery(officerQueryOptions(id));
