import { queryOptions } from '@tanstack/react-query';
import type { RegimentChoices, Suggestions } from '#core/api';
import { apiPaths } from '#core/api-paths';
import { FRESHNESS } from '#core/constants';
import { api } from '#web/lib/api-client';

/** Every suggestion and regiment-choice answer is keyed under 'search': they show names, ranks and figures that writes change. */
export const searchKeys = {
  all: ['search'] as const,
  suggestions: (q: string, sideId: number | null) => [...searchKeys.all, 'suggestions', { q, sideId }] as const,
  regimentChoices: (q: string, sideId: number | null) => [...searchKeys.all, 'regiment-choices', { q, sideId }] as const,
};

/**
 * What the search boxes suggest for the text typed so far (GET /api/search/suggestions). The query
 * passes its AbortSignal on, so when a newer term replaces this one the request is aborted, and an
 * answer for an older term can never fill the list (each term is a query of its own).
 */
export const searchSuggestionsQueryOptions = (q: string, sideId: number | null) =>
  queryOptions({
    queryKey: searchKeys.suggestions(q, sideId),
    queryFn: ({ signal }) => api.get<Suggestions>(apiPaths.searchSuggestions(q, sideId), { signal }),
    staleTime: FRESHNESS.default,
  });

/**
 * A searchable regiment selector's choices (GET /api/search/regiments): the first ones by name while
 * nothing is typed, the best matches for the text otherwise, of one side when one is chosen.
 */
export const regimentChoicesQueryOptions = (q: string, sideId: number | null) =>
  queryOptions({
    queryKey: searchKeys.regimentChoices(q, sideId),
    queryFn: ({ signal }) => api.get<RegimentChoices>(apiPaths.regimentChoices({ q, sideId }), { signal }),
    staleTime: FRESHNESS.regiments,
  });
