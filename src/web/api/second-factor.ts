/**
 * The second factor's calls (issue 34): the sign-in's second step and the passkey sign-in, the
 * step-up check, and the security settings (authenticator app, passkeys, recovery codes). Loaded
 * only by the screens and the dialog that use them.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { AuthUser } from '#core/api';
import type { Passkey, SecondFactorBody, SecurityState } from '#core/schemas/second-factor';
import { secondFactorApiPaths as paths } from '#core/second-factor-api-paths';
import { api } from '#web/lib/api-client';
import { createPasskey, signWithPasskey } from '#web/lib/passkeys';
import { authKeys } from './auth';
import { PERSONAL } from './personal';
import { withStepUp } from './step-up';

/** Recovery codes, in the one answer that shows them. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

const securityKeys = {
  all: ['security'] as const,
  /** Keyed by user, so another sign-in never sees the previous one's. */
  state: (userId: number) => [...securityKeys.all, userId] as const,
};

// ---- Checking a factor ----

/**
 * A code from the authenticator app or a recovery code: finishes a half-done sign-in (a new session)
 * or, signed in, passes a step-up.
 */
export function verifySecondFactor(body: SecondFactorBody): Promise<{ user: AuthUser }> {
  return api.post<{ user: AuthUser }>(paths.verify, body);
}

/**
 * A passkey's signature of the server's challenge: finishes a half-done sign-in, signs a visitor in
 * by passkey alone (a new session either way), or, signed in, passes a step-up.
 */
export async function authenticateWithPasskey(): Promise<{ user: AuthUser }> {
  const options = await api.post<PublicKeyCredentialRequestOptionsJSON>(paths.passkeyAuthenticationOptions);
  const response = await signWithPasskey(options);
  return api.post<{ user: AuthUser }>(paths.passkeyAuthenticate, { response });
}

// ---- The security settings ----

/** GET /api/auth/security: the settings page's whole state. */
export const securityStateQueryOptions = (userId: number) =>
  queryOptions({ queryKey: securityKeys.state(userId), queryFn: () => api.get<SecurityState>(paths.security), ...PERSONAL });

export function useSecurityState(userId: number) {
  return useQuery(securityStateQueryOptions(userId));
}

/**
 * After a factor changes: the settings, and the auth status, whose `secondFactor` opens the staff
 * screens and tells the step-up dialog whether to offer a passkey.
 */
function refreshFactors(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: securityKeys.all }),
    queryClient.invalidateQueries({ queryKey: authKeys.status() }),
  ]).then(() => undefined);
}

/** POST /api/auth/totp/setup: a new key, pending until a code from the app proves it. */
export function useStartTotpSetup() {
  return useMutation({ mutationFn: () => api.post<{ secret: string; otpauthUrl: string }>(paths.totpSetup) });
}

/** POST /api/auth/totp/enable {code}: the app is on; the answer holds the recovery codes, shown once. */
export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodes>(paths.totpEnable, { code }),
    onSuccess: () => refreshFactors(queryClient),
  });
}

/** POST /api/auth/totp/disable {code}: turning the app off needs one of its codes. */
export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ message: string }>(paths.totpDisable, { code }),
    onSuccess: () => refreshFactors(queryClient),
  });
}

/** POST /api/auth/recovery-codes: a new set (a dangerous action: step-up); the old set stops working. */
export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withStepUp(() => api.post<RecoveryCodes>(paths.recoveryCodes)),
    onSuccess: () => refreshFactors(queryClient),
  });
}

/**
 * A passkey named by its owner: the server's options, the browser's ceremony, then the server's
 * check. The account's first factor brings the recovery codes, shown once.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await api.post<PublicKeyCredentialCreationOptionsJSON>(paths.passkeyRegistrationOptions);
      const response = await createPasskey(options);
      return api.post<{ passkey: Passkey } & Partial<RecoveryCodes>>(paths.passkeys, { name, response });
    },
    onSuccess: () => refreshFactors(queryClient),
  });
}

/** DELETE /api/auth/passkeys/{id} (a dangerous action: step-up). */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkey: Pick<Passkey, 'id'>) => withStepUp(() => api.delete<{ message: string }>(paths.passkey(passkey.id))),
    onSuccess: () => refreshFactors(queryClient),
  });
}
