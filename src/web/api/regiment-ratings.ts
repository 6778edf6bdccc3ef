import { queryOptions } from '@tanstack/react-query';
import type { RegimentRatings } from '#core/api';
import { regimentRatingsPath } from '#core/compare';
import { FRESHNESS } from '#core/constants';
import { api } from '#web/lib/api-client';
import { regimentKeys } from './regiments';

/**
 * GET /api/regiments/{id}/ratings: the category averages and recent figures the comparison sets
 * beside the regiment's own (issue 36). Keyed under the regiment, so whatever refreshes the regiment
 * refreshes these too; a file of its own, since regiments.ts is in the first screen's bundle and
 * only the comparison reads this.
 */
export const regimentRatingsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...regimentKeys.detail(id), 'ratings'] as const,
    queryFn: () => api.get<RegimentRatings>(regimentRatingsPath(id)),
    staleTime: FRESHNESS.regiments,
  });
