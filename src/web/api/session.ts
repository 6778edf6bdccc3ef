/**
 * Signing in, registering and signing out (spec section 4; issue 34's second step). Not in auth.ts:
 * that module is part of the first screen (the header reads the auth status), and only the login,
 * register and security screens and the user menu, all loaded on demand, change the session.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthStatus, AuthUser } from '#core/api';
import { apiPaths } from '#core/api-paths';
import { authApiPaths } from '#core/auth-api-paths';
import type { LoginBody, RegisterBody } from '#core/schemas/auth';
import type { SignInAnswer } from '#core/sign-in-answer';
import { api, resetCsrfToken } from '#web/lib/api-client';
import { authStatusQueryOptions } from './auth';
import { isPersonalQuery } from './personal';

/**
 * Sign-in and sign-out replace the session (and its CSRF token): everything shown is asked again,
 * except the previous session's personal answers (personal.ts), which the server would now refuse
 * (401) while a screen still showing them is on its way out. Once the new session's answers are in,
 * the screens have changed with it, and those personal answers, no longer shown, are dropped.
 * (Dropping them at once would not do: a screen still mounted would ask for them again.)
 */
export function useAfterSessionChange() {
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
    mutationFn: (body: LoginBody) => api.post<SignInAnswer>(authApiPaths.login, body),
    // A half-done sign-in (issue 34) replaces the session too: a pending one, with its own CSRF token.
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
    mutationFn: (body: RegisterBody) => api.post<RegisterResult>(authApiPaths.register, body),
    onSuccess: after,
  });
}

const SIGNED_OUT_STATUS: AuthStatus = { authenticated: false, user: null };

/**
 * What follows the end of this browser's session, by a logout or by the account's deletion (issue
 * 35), once the server has answered: `leave` runs first, while the app still believes in the
 * session: a page that needs a user (My Reviews, the admin screens) must be gone before it learns of
 * the sign-out, or it answers with its own redirect toast or 'Access Denied'. Then the session is
 * forgotten at once (the header does not wait for a refetch) and everything is refetched as a visitor.
 * Call it from the mutation's own onSuccess, not from a callback passed to mutate(): the control
 * that starts it unmounts as soon as the user is gone, and TanStack Query drops the callbacks of an
 * unmounted caller (the browser then stayed on the page).
 */
export function useAfterSignOut<Answer>({ leave }: { leave: (answer: Answer) => Promise<void> | void }) {
  const queryClient = useQueryClient();
  const after = useAfterSessionChange();
  return async (answer: Answer) => {
    await leave(answer);
    queryClient.setQueryData(authStatusQueryOptions().queryKey, SIGNED_OUT_STATUS);
    await after();
  };
}

/** POST /api/auth/logout, then `leave` and the visitor's view (useAfterSignOut). */
export function useLogout({ leave }: { leave: () => Promise<void> | void }) {
  const afterSignOut = useAfterSignOut<void>({ leave });
  return useMutation({
    mutationFn: () => api.post<{ message: string }>(apiPaths.logout, {}),
    onSuccess: () => afterSignOut(),
  });
}
