/**
 * The login, registration and verification mutations of firebase mode: the identity service first,
 * then our server's calls (spec section 7). The Firebase SDK loads on the first use.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AuthUser } from '#core/api';
import { authApiPaths } from '#core/auth-api-paths';
import { authMessages } from '#core/messages/auth';
import { identityMessages } from '#core/messages/identity';
import type { LoginBody } from '#core/schemas/auth';
import type { SignInAnswer } from '#core/sign-in-answer';
import { api, resetCsrfToken } from '#web/lib/api-client';
import {
  checkPasswordResetCode,
  confirmEmailVerification,
  confirmPasswordReset,
  loadIdentityService,
  loginWithIdentityService,
  registerWithIdentityService,
  requestPasswordReset,
  resendVerificationEmail,
  type FirebaseRegistrationInput,
  type IdentityBackend,
  type IdentityDeps,
} from '#web/lib/firebase-auth';
import { toast } from '#web/lib/toast-store';
import { identityConfigQueryOptions } from './auth-config';

const backend: IdentityBackend = {
  firebaseLogin: (idToken) => api.post<SignInAnswer>(authApiPaths.firebaseLogin, { idToken }),
  firebaseRegister: (idToken, username) =>
    api.post<{ user: AuthUser; needsVerification: boolean; message: string }>(authApiPaths.firebaseRegister, { idToken, username }),
  updateVerification: (idToken) => api.post<{ emailVerified: boolean }>(authApiPaths.updateVerification, { idToken }),
  legacyLogin: (username, password) => api.post<SignInAnswer>(authApiPaths.legacyLogin, { username, password }),
};

async function identityDeps(queryClient: QueryClient): Promise<IdentityDeps> {
  const config = await queryClient.ensureQueryData(identityConfigQueryOptions());
  if (config.provider !== 'firebase' || !config.firebase) throw new Error(identityMessages.notConfigured);
  return { service: await loadIdentityService(config.firebase), backend };
}

/** A sign-in replaces the session (and its CSRF token): refetch who we are. */
async function afterSessionChange(queryClient: QueryClient) {
  resetCsrfToken();
  await queryClient.invalidateQueries();
}

export function useFirebaseLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => loginWithIdentityService(body, await identityDeps(queryClient)),
    onSuccess: (outcome) => {
      if (outcome.kind === 'signedIn') return afterSessionChange(queryClient);
      // Issue 34: a half-done sign-in is a pending session of its own, with its own CSRF token.
      if (outcome.kind === 'needsSecondFactor') resetCsrfToken();
    },
  });
}

export function useFirebaseRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: FirebaseRegistrationInput) => registerWithIdentityService(input, await identityDeps(queryClient)),
    onSuccess: (result) => (result.needsVerification ? undefined : afterSessionChange(queryClient)),
  });
}

/** The verification link in firebase mode (spec section 4, Email verification). */
export async function confirmFirebaseEmailVerification(queryClient: QueryClient, code: string): Promise<void> {
  return confirmEmailVerification(code, await identityDeps(queryClient));
}

/*
 * Password reset in firebase mode (spec sections 2, 4 and 8): the identity service mails the link,
 * checks the code and applies the new password; our server holds no password for these accounts.
 */

/** The continue address on our own origin: after the reset, the identity service's pages lead back to login. */
const resetContinueUrl = () => new URL('/login', window.location.origin).toString();

export async function requestFirebasePasswordReset(queryClient: QueryClient, email: string): Promise<void> {
  return requestPasswordReset(email, resetContinueUrl(), await identityDeps(queryClient));
}

export async function checkFirebasePasswordResetCode(queryClient: QueryClient, code: string): Promise<{ email: string }> {
  return { email: await checkPasswordResetCode(code, await identityDeps(queryClient)) };
}

export async function confirmFirebasePasswordReset(queryClient: QueryClient, code: string, password: string): Promise<void> {
  return confirmPasswordReset(code, password, await identityDeps(queryClient));
}

/**
 * 'Resend Email' on the login screen in firebase mode: through the identity service, whose account
 * stays signed in (in memory) after a refused login; `fallback` (the built-in request) otherwise,
 * e.g. for an unverified legacy account.
 */
export function useFirebaseResendVerification(fallback: (email: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => {
      const sent = await resendVerificationEmail(await identityDeps(queryClient), email);
      if (!sent) fallback(email);
      return sent;
    },
    onSuccess: (sent) => {
      if (sent) toast({ title: authMessages.verificationEmailSentTitle, description: authMessages.verifyEmailBeforeLogin });
    },
    onError: () => toast({ title: authMessages.emailNotSentTitle, description: authMessages.resendVerificationFailed, variant: 'destructive' }),
  });
}
