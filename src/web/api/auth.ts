import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthStatus, AuthUser } from '#core/api';
import { apiPaths } from '#core/api-paths';
import { canAdminister, canModerate } from '#core/permissions';
import { FRESHNESS } from '#core/constants';
import { api } from '#web/lib/api-client';

export const authKeys = {
  status: () => ['auth', 'status'] as const,
  /** The identity provider's configuration (auth-config.ts). */
  config: () => ['auth', 'config'] as const,
};

export const authStatusQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.status(),
    queryFn: () => api.get<AuthStatus>(apiPaths.authStatus),
    // Spec section 4: auth status refreshes every 10 seconds and on window focus. Between polls an
    // answer counts as fresh: with staleTime 0, every reader that mounted (the header, the page)
    // asked again for the answer the first screen had just fetched (issue 13, item 16).
    refetchInterval: FRESHNESS.authStatusRefetch,
    refetchOnWindowFocus: 'always',
    staleTime: FRESHNESS.authStatusRefetch,
  });

/** The signed-in user, or null; `isLoading` while the first answer is pending. */
export function useAuth(): { user: AuthUser | null; isLoading: boolean } {
  const { data, isLoading } = useQuery(authStatusQueryOptions());
  return { user: data?.authenticated ? (data.user ?? null) : null, isLoading };
}

/** Admin screens and actions request nothing unless this is true (spec section 2, Access control). */
export function useIsAdmin(): boolean {
  return canAdminister(useAuth().user);
}

/** The moderation screens and actions (issue 33): moderators and admins. */
export function useIsStaff(): boolean {
  return canModerate(useAuth().user);
}
