import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { authApiPaths } from '#core/auth-api-paths';
import { verifyEmailMessages } from '#core/messages/verify-email';
import { useIdentityProvider } from '#web/api/auth-config';
import { accountLinkKeys } from '#web/api/password-reset';
import { api } from '#web/lib/api-client';

/*
 * The mailed account links (spec sections 2 and 4). Their checks are queries keyed under
 * 'account-link': cached for good (staleTime Infinity, no refetch on focus), so a screen mounted
 * twice (React StrictMode) or focused again asks the server once per code.
 * They live with their screens, not in web/api/auth.ts: that module is part of the first screen (the
 * header reads the auth status), and every export another chunk imports from it stays in it.
 */

interface VerifyEmailResult {
  success: boolean;
  message: string;
}

const verifyEmailQueryOptions = (code: string, provider: 'builtin' | 'firebase' = 'builtin', queryClient?: QueryClient) =>
  queryOptions({
    queryKey: accountLinkKeys.verifyEmail(provider, code),
    queryFn: async (): Promise<VerifyEmailResult> => {
      if (provider === 'firebase' && queryClient) {
        // The identity service checks its own codes; its SDK loads only in firebase mode.
        const { confirmFirebaseEmailVerification } = await import('#web/api/firebase-auth');
        await confirmFirebaseEmailVerification(queryClient, code);
        return { success: true, message: verifyEmailMessages.verified };
      }
      return api.get<VerifyEmailResult>(authApiPaths.verifyEmail(code));
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** Verifies the link's code once the provider is known; nothing is asked without a code. */
export function useVerifyEmail(code: string | null) {
  const queryClient = useQueryClient();
  const identity = useIdentityProvider();
  return useQuery({
    ...verifyEmailQueryOptions(code ?? '', identity.provider, queryClient),
    enabled: code !== null && !identity.isLoading,
  });
}
