import { queryOptions } from '@tanstack/react-query';
import type { RankedRegiment, Regiment } from '#core/api';
import { apiPaths } from '#core/api-paths';
import { FRESHNESS } from '#core/constants';
import { api } from '#web/lib/api-client';

/**
 * Every regiment answer is keyed under 'regiments', the signed-in user's own list included
 * (registrations.ts), so a regiment change can refresh the lists together. The full list's key is
 * that prefix itself: refresh it alone with `exact: true`.
 */
export const regimentKeys = {
  all: ['regiments'] as const,
  list: () => regimentKeys.all,
  featured: () => [...regimentKeys.all, 'featured'] as const,
  detail: (id: number) => [...regimentKeys.all, id] as const,
  /**
   * Every side's list (GET /api/regiments/side/{id}). No screen reads one now; the refreshes the
   * spec names for it (section 4) still go out under this key.
   */
  bySide: () => [...regimentKeys.all, 'side'] as const,
  ofSide: (sideId: number) => [...regimentKeys.bySide(), sideId] as const,
  /** Every user's own list. */
  owned: () => [...regimentKeys.all, 'owned'] as const,
  ownedBy: (userId: number) => [...regimentKeys.owned(), userId] as const,
};

export const regimentsQueryOptions = () =>
  queryOptions({
    queryKey: regimentKeys.list(),
    queryFn: () => api.get<RankedRegiment[]>(apiPaths.regiments),
    staleTime: FRESHNESS.regiments,
  });

/** Home's 'Featured Regiments': the best-rated regiment of each side, chosen by the server. */
export const featuredRegimentsQueryOptions = () =>
  queryOptions({
    queryKey: regimentKeys.featured(),
    queryFn: () => api.get<RankedRegiment[]>(apiPaths.featuredRegiments),
    staleTime: FRESHNESS.regiments,
  });

export const regimentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: regimentKeys.detail(id),
    queryFn: () => api.get<Regiment>(apiPaths.regiment(id)),
    staleTime: FRESHNESS.regiments,
  });
