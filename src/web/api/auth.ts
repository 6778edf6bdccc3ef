import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthStatus, AuthUser } from '#core/api';
import { apiPaths } from '#core/api-paths';
import { canAdminister, canModerate } from '#core/permissions';
import { FRESHNESS } from '#core/constants';
import type { LoginBody, RegisterBody } from '#core/schemas/auth';
import { api, resetCsrfToken } from '#web/lib/api-client';
import { isPersonalQuery } from './personal';

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

/**
 * Sign-in and sign-out replace the session (and its CSRF token): everything shown is asked again,
 * except the previous session's personal answers (personal.ts), which the server would now refuse
 * (401) while a screen still showing them is on its way out. Once the new session's answers are in,
 * the screens have changed with it, and those personal answers, no longer shown, are dropped.
 * (Dropping them at once would not do: a screen still mounted would ask for them again.)
 */
function useAfterSessionChange() {
  const queryClient = useQueryClient();
  return async () => {
    resetCsrfToken();
    await queryClient.invalidateQueries({ predicate: (query) => !isPersonalQuery(query) });
    queryClient.removeQueries({ predicate: isPersonalQuery, type: 'inactive' });
  };
}

export function useLogin() {
  const after = useAfterSessionChange();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<{ user: AuthUser }>(apiPaths.login, body),
    onSuccess: after,
  });
}

export interface RegisterResult {
  user: AuthUser;
  needsVerification: boolean;
  message: string;
}

export function useRegister() {
  const after = useAfterSessionChange();
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post<RegisterResult>(apiPaths.register, body),
    onSuccess: after,
  });
}

const SIGNED_OUT_STATUS: AuthStatus = { authenticated: false, user: null };

/**
 * POST /api/auth/logout. Everything after success lives in the mutation's own onSuccess, not in a
 * callback passed to mutate(): the user menu that starts a logout unmounts as soon as the user is
 * gone, and TanStack Query drops the callbacks of an unmounted caller (the browser then stayed on
 * the page). `leave` runs first, while the app still believes in the session: a page that needs a
 * user (My Reviews, the admin screens) must be gone before it learns of the sign-out, or it answers
 * with its own redirect toast or 'Access Denied'. Then the session is forgotten at once (the header
 * does not wait for a refetch) and everything is refetched as a visitor.
 */
export function useLogout({ leave }: { leave: () => Promise<void> | void }) {
  const queryClient = useQueryClient();
  const after = useAfterSessionChange();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>(apiPaths.logout, {}),
    onSuccess: async () => {
      await leave();
      queryClient.setQueryData(authStatusQueryOptions().queryKey, SIGNED_OUT_STATUS);
      await after();
    },
  });
}
