import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '#core/api-paths';
import type { FirebaseWebConfig, IdentityConfig } from '#core/schemas/firebase-auth';
import { api } from '#web/lib/api-client';
import { authKeys } from './auth';

/** GET /api/auth/config: changes only when the server restarts, so it is fetched once per visit. */
export const identityConfigQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.config(),
    queryFn: () => api.get<IdentityConfig>(apiPaths.authConfig),
    staleTime: Infinity,
    gcTime: Infinity,
  });

interface IdentityProvider {
  /** 'builtin' until the server says otherwise (also when it cannot be asked). */
  provider: IdentityConfig['provider'];
  firebase: FirebaseWebConfig | null;
  isLoading: boolean;
}

/** Which identity provider the login and register pages use (IDENTITY_PROVIDER on the server). */
export function useIdentityProvider(): IdentityProvider {
  const { data, isLoading } = useQuery(identityConfigQueryOptions());
  const isFirebase = data?.provider === 'firebase' && data.firebase !== undefined;
  return { provider: isFirebase ? 'firebase' : 'builtin', firebase: isFirebase ? data.firebase! : null, isLoading };
}
