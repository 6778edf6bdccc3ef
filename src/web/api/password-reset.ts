/**
 * The password reset calls of /forgot-password and the reset screen (spec sections 2, 4 and 8), in
 * either mode: the built-in accounts ask our server; in firebase mode the identity service mails the
 * link, checks the code and applies the password (its SDK loads only then).
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { authApiPaths } from '#core/auth-api-paths';
import { resetPasswordMessages } from '#core/messages/reset-password';
import { api, resetCsrfToken } from '#web/lib/api-client';
import { identityConfigQueryOptions, useIdentityProvider } from './auth-config';

type Provider = 'builtin' | 'firebase';

/** The mailed account links' checks (reset here, verification in features/auth/api.ts), keyed under 'account-link'. */
export const accountLinkKeys = {
  all: ['account-link'] as const,
  resetPassword: (provider: Provider, code: string) => [...accountLinkKeys.all, 'reset-password', provider, code] as const,
  verifyEmail: (provider: Provider, code: string) => [...accountLinkKeys.all, 'verify-email', provider, code] as const,
};

/**
 * The provider, asked once per visit: a form sent before the answer came still goes the right way.
 * Built-in when the server cannot say, as for useIdentityProvider.
 */
async function providerOf(queryClient: QueryClient): Promise<Provider> {
  try {
    return (await queryClient.ensureQueryData(identityConfigQueryOptions())).provider;
  } catch {
    return 'builtin';
  }
}

const passwordResetLinkQueryOptions = (code: string, provider: Provider = 'builtin', queryClient?: QueryClient) =>
  queryOptions({
    queryKey: accountLinkKeys.resetPassword(provider, code),
    queryFn: async (): Promise<{ email: string }> => {
      if (provider === 'firebase' && queryClient) {
        const { checkFirebasePasswordResetCode } = await import('./firebase-auth');
        return checkFirebasePasswordResetCode(queryClient, code);
      }
      return api.get<{ email: string }>(authApiPaths.resetPasswordLink(code));
    },
    // Cached for good: a screen mounted twice (StrictMode) or focused again checks the code once.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** The account the link belongs to (GET /api/auth/reset-password/{code}, or the identity service's check). */
export function usePasswordResetLink(code: string | null) {
  const queryClient = useQueryClient();
  const identity = useIdentityProvider();
  return useQuery({
    ...passwordResetLinkQueryOptions(code ?? '', identity.provider, queryClient),
    enabled: code !== null && !identity.isLoading,
  });
}

/** POST /api/auth/forgot-password {email} (the same answer whether or not the account exists), or the identity service's mail. */
export function useForgotPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string): Promise<void> => {
      if ((await providerOf(queryClient)) === 'firebase') {
        const { requestFirebasePasswordReset } = await import('./firebase-auth');
        return requestFirebasePasswordReset(queryClient, email);
      }
      await api.post<{ message: string }>(authApiPaths.forgotPassword, { email });
    },
  });
}

/**
 * POST /api/auth/reset-password {code, password}, or the identity service's reset. The built-in
 * server ends every session of the account and this browser's cookie, so everything user-specific
 * is refetched; the link checks are not (the used code would now be refused on a screen that
 * already shows success).
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, password }: { code: string; password: string }): Promise<{ message: string }> => {
      if ((await providerOf(queryClient)) === 'firebase') {
        const { confirmFirebasePasswordReset } = await import('./firebase-auth');
        await confirmFirebasePasswordReset(queryClient, code, password);
        return { message: resetPasswordMessages.done };
      }
      return api.post<{ message: string }>(authApiPaths.resetPassword, { code, password });
    },
    onSuccess: async () => {
      resetCsrfToken();
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== accountLinkKeys.all[0] });
    },
  });
}
