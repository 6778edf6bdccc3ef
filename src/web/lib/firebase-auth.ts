/**
 * Sign-in through the hosted identity service when the server says IDENTITY_PROVIDER=firebase
 * (spec sections 4, 7 and 8; docs/decisions/0007-firebase-provider.md).
 *
 * The Firebase JS SDK is loaded with import() the first time it is needed, so it is a chunk of its
 * own that the built-in mode never downloads. The flows below talk to it through a small interface
 * (IdentityService), which is what the unit tests replace.
 */
import type { AuthUser } from '#core/api';
import { authMessages } from '#core/messages/auth';
import { forgotPasswordMessages } from '#core/messages/forgot-password';
import { identityMessages } from '#core/messages/identity';
import { resetPasswordMessages } from '#core/messages/reset-password';
import type { FirebaseWebConfig } from '#core/schemas/firebase-auth';
import type { SignInMethod } from '#core/second-factor';
import { needsSecondFactor, type SignInAnswer } from '#core/sign-in-answer';
import { ApiError } from './api-client';

/** A signed-in identity-service account. */
export interface IdentityAccount {
  readonly email: string | null;
  readonly emailVerified: boolean;
  getIdToken(forceRefresh?: boolean): Promise<string>;
  updateDisplayName(name: string): Promise<void>;
  sendVerificationEmail(): Promise<void>;
  reload(): Promise<IdentityAccount>;
  delete(): Promise<void>;
}

export interface IdentityService {
  signIn(email: string, password: string): Promise<IdentityAccount>;
  signUp(email: string, password: string): Promise<IdentityAccount | null>;
  currentAccount(): IdentityAccount | null;
  applyActionCode(code: string): Promise<void>;
  /** Mails a reset link; `continueUrl` is the address on our origin the identity service may send the user back to. */
  sendPasswordResetEmail(email: string, continueUrl: string): Promise<void>;
  /** The email of the account a reset code belongs to (the code is checked, not used). */
  verifyPasswordResetCode(code: string): Promise<string>;
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
  signOut(): Promise<void>;
}

/** Our server's calls of spec section 7 that the flows need. */
export interface IdentityBackend {
  firebaseLogin(idToken: string): Promise<SignInAnswer>;
  firebaseRegister(idToken: string, username: string): Promise<{ user: AuthUser; needsVerification: boolean; message: string }>;
  updateVerification(idToken: string): Promise<{ emailVerified: boolean }>;
  legacyLogin(username: string, password: string): Promise<SignInAnswer>;
}

export interface IdentityDeps {
  service: IdentityService;
  backend: IdentityBackend;
}

/** A failure whose message is already the text to show (spec section 8). */
export class IdentityFlowError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'IdentityFlowError';
  }
}

// ---------------------------------------------------------------------------------------------
// Identity-service error codes -> the spec's messages

/** The 'auth/...' code of an identity-service error, or null. */
function identityErrorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') ? code : null;
}

/** Spec section 4: these mean "not an account the identity service knows": try the legacy login. */
const LEGACY_FALLBACK_CODES = new Set(['auth/user-not-found', 'auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials']);

function shouldFallBackToLegacyLogin(code: string | null): boolean {
  return code !== null && LEGACY_FALLBACK_CODES.has(code);
}

const LOGIN_MESSAGES: Record<string, string> = {
  'auth/invalid-email': authMessages.invalidEmail,
  'auth/missing-password': identityMessages.invalidEmailOrPassword,
  'auth/user-disabled': identityMessages.invalidLoginCredentials,
  'auth/too-many-requests': authMessages.tooManyAttempts,
  'auth/network-request-failed': identityMessages.communicateFailed,
};

const REGISTRATION_MESSAGES: Record<string, string> = {
  'auth/email-already-in-use': identityMessages.emailInUse,
  'auth/weak-password': authMessages.weakPassword,
  'auth/invalid-email': authMessages.invalidEmail,
  'auth/too-many-requests': authMessages.tooManyAttempts,
  'auth/network-request-failed': identityMessages.communicateFailed,
};

const PASSWORD_RESET_REQUEST_MESSAGES: Record<string, string> = {
  'auth/user-not-found': forgotPasswordMessages.noUser,
  'auth/invalid-email': authMessages.invalidEmail,
  'auth/missing-email': authMessages.invalidEmail,
  // The continue address is missing, malformed or not an authorized domain: the deployment's fault.
  'auth/missing-continue-uri': forgotPasswordMessages.failed,
  'auth/invalid-continue-uri': forgotPasswordMessages.failed,
  'auth/unauthorized-continue-uri': forgotPasswordMessages.failed,
  'auth/too-many-requests': authMessages.tooManyAttempts,
  'auth/network-request-failed': identityMessages.communicateFailed,
};

/** A reset code the identity service will never accept again: the link is dead. */
const DEAD_LINK_CODES = new Set(['auth/invalid-action-code', 'auth/expired-action-code', 'auth/user-disabled', 'auth/user-not-found']);

/** The text for a failed identity-service sign-in (spec section 8, Login). */
export function loginErrorMessage(code: string | null): string {
  return (code && LOGIN_MESSAGES[code]) || authMessages.loginFailed;
}

/** The text for a failed identity-service sign-up (spec section 8, Registration). */
export function registrationErrorMessage(code: string | null): string {
  return (code && REGISTRATION_MESSAGES[code]) || authMessages.registrationFailed;
}

/** The text for a refused reset request (spec section 8, Password reset request). */
function passwordResetRequestErrorMessage(code: string | null): string {
  return (code && PASSWORD_RESET_REQUEST_MESSAGES[code]) || forgotPasswordMessages.failed;
}

/** The text for a reset code the identity service refused to check or apply (spec section 8, Reset page). */
function resetCodeErrorMessage(code: string | null): string {
  if (code !== null && DEAD_LINK_CODES.has(code)) return resetPasswordMessages.invalidLink;
  if (code === 'auth/weak-password' || code === 'auth/password-does-not-meet-requirements') return resetPasswordMessages.rule;
  return resetPasswordMessages.failed;
}

/** The legacy login takes the part of the email before '@' as username (spec section 5). */
function legacyUsername(email: string): string {
  return email.split('@')[0] ?? email;
}

// ---------------------------------------------------------------------------------------------
// Flows

type FirebaseLoginOutcome =
  | { kind: 'signedIn'; user: AuthUser; via: 'identityService' | 'legacy' }
  | { kind: 'needsRegistration'; email: string }
  /** Issue 34: our server took the identity, and the account's second factor comes next. */
  | { kind: 'needsSecondFactor'; methods: SignInMethod[] };

/** Our server's answer to a sign-in, as the login screen reads it. */
function outcomeOf(answer: SignInAnswer, via: 'identityService' | 'legacy'): FirebaseLoginOutcome {
  return needsSecondFactor(answer) ? { kind: 'needsSecondFactor', methods: answer.methods } : { kind: 'signedIn', user: answer.user, via };
}

/**
 * /login in firebase mode (spec section 4, Login). Resolves when signed in or when the identity
 * has no account yet; rejects with an ApiError from our server (403 needsVerification, 401) or an
 * IdentityFlowError whose message is the spec's text.
 */
export async function loginWithIdentityService(
  { email, password }: { email: string; password: string },
  { service, backend }: IdentityDeps,
): Promise<FirebaseLoginOutcome> {
  let account: IdentityAccount;
  try {
    account = await service.signIn(email, password);
  } catch (error) {
    const code = identityErrorCode(error);
    if (shouldFallBackToLegacyLogin(code)) return loginWithLegacyFallback(email, password, backend);
    throw new IdentityFlowError(loginErrorMessage(code), code ?? undefined);
  }

  let idToken: string;
  try {
    idToken = await account.getIdToken();
  } catch (error) {
    await service.signOut();
    throw new IdentityFlowError(identityMessages.authenticateFailed, identityErrorCode(error) ?? undefined);
  }
  try {
    return outcomeOf(await backend.firebaseLogin(idToken), 'identityService');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.body.needsRegistration === true) {
      const registrationEmail = typeof error.body.email === 'string' ? error.body.email : email;
      await service.signOut();
      return { kind: 'needsRegistration', email: registrationEmail };
    }
    if (error instanceof ApiError && error.status === 403 && error.body.needsVerification === true) {
      // Spec section 4: refused, with a new verification email sent. The account stays signed in
      // (in memory only) so that 'Resend Email' can send another.
      await account.sendVerificationEmail().catch(() => undefined);
      throw error;
    }
    await service.signOut();
    if (error instanceof ApiError) throw error;
    throw new IdentityFlowError(identityMessages.communicateFailed);
  }
}

async function loginWithLegacyFallback(email: string, password: string, backend: IdentityBackend): Promise<FirebaseLoginOutcome> {
  try {
    return outcomeOf(await backend.legacyLogin(legacyUsername(email), password), 'legacy');
  } catch (error) {
    // An unverified built-in account: the login screen's verification handling applies.
    if (error instanceof ApiError && error.status === 403 && error.body.needsVerification === true) throw error;
    if (error instanceof ApiError && error.status === 401) throw new IdentityFlowError(authMessages.invalidCredentials);
    throw new IdentityFlowError(authMessages.legacyLoginFailed);
  }
}

/**
 * 'Resend Email' after a refused login: through the identity service when its account is still
 * signed in; false when there is none (the caller then uses the built-in request).
 */
export async function resendVerificationEmail({ service }: Pick<IdentityDeps, 'service'>, email: string): Promise<boolean> {
  const account = service.currentAccount();
  if (!account || account.email?.toLowerCase() !== email.toLowerCase()) return false;
  await account.sendVerificationEmail();
  return true;
}

export interface FirebaseRegistrationInput {
  username: string;
  email: string;
  password: string;
  /** /register?email=: the identity-service account exists already (its login said needsRegistration). */
  isCompleting: boolean;
}

/**
 * /register in firebase mode (spec section 4, Account registration): account created at the
 * identity service, display name set, verification email sent, our registration called, then
 * signed out of the identity service (our session, if any, is the server's).
 */
export async function registerWithIdentityService(
  { username, email, password, isCompleting }: FirebaseRegistrationInput,
  { service, backend }: IdentityDeps,
): Promise<{ user: AuthUser; needsVerification: boolean; message: string }> {
  let account: IdentityAccount | null;
  try {
    account = isCompleting ? await service.signIn(email, password) : await service.signUp(email, password);
  } catch (error) {
    const code = identityErrorCode(error);
    const message = isCompleting && shouldFallBackToLegacyLogin(code) ? authMessages.invalidCredentials : registrationErrorMessage(code);
    throw new IdentityFlowError(message, code ?? undefined);
  }
  if (!account) throw new IdentityFlowError(identityMessages.userCreationIncomplete);

  try {
    try {
      await account.updateDisplayName(username);
    } catch {
      throw new IdentityFlowError(identityMessages.profileUpdateFailed);
    }
    // A lost mail is not fatal: the next login refuses the unverified account and sends another.
    if (!account.emailVerified) await account.sendVerificationEmail().catch(() => undefined);
    try {
      return await backend.firebaseRegister(await account.getIdToken(), username);
    } catch (error) {
      if (error instanceof ApiError && error.serverMessage === authMessages.usernameAlreadyTaken) {
        // Let the user pick another name: a fresh sign-up is undone so the email is free again.
        if (!isCompleting) await account.delete().catch(() => undefined);
        throw new IdentityFlowError(authMessages.usernameTaken);
      }
      throw new IdentityFlowError(identityMessages.backendRegistrationFailed);
    }
  } finally {
    await service.signOut().catch(() => undefined);
  }
}

/**
 * The verification link in firebase mode (spec section 4, Email verification): the action code is
 * applied, the user reloaded and, if verified, the backend told. An invalid-action-code error counts
 * as already verified. Without a signed-in account the next login tells the backend instead.
 */
export async function confirmEmailVerification(code: string, { service, backend }: IdentityDeps): Promise<void> {
  try {
    await service.applyActionCode(code);
  } catch (error) {
    if (identityErrorCode(error) !== 'auth/invalid-action-code') throw error;
  }
  const account = service.currentAccount();
  if (!account) return;
  const reloaded = await account.reload();
  if (reloaded.emailVerified) await backend.updateVerification(await reloaded.getIdToken(true));
}

/** Runs an identity-service call; its failure becomes an IdentityFlowError with the spec's text. */
async function withIdentityMessages<T>(call: () => Promise<T>, messageFor: (code: string | null) => string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const code = identityErrorCode(error);
    throw new IdentityFlowError(messageFor(code), code ?? undefined);
  }
}

/**
 * /forgot-password in firebase mode (spec sections 2 and 8): the identity service mails the link,
 * with a continue address on our own origin. Its mail template's action address is our
 * /__/auth/action, where the reset screen below takes over.
 */
export function requestPasswordReset(email: string, continueUrl: string, { service }: Pick<IdentityDeps, 'service'>): Promise<void> {
  return withIdentityMessages(() => service.sendPasswordResetEmail(email, continueUrl), passwordResetRequestErrorMessage);
}

/** The reset screen's first state (spec section 4, Password reset): the code is checked at the identity service. */
export function checkPasswordResetCode(code: string, { service }: Pick<IdentityDeps, 'service'>): Promise<string> {
  return withIdentityMessages(() => service.verifyPasswordResetCode(code), resetCodeErrorMessage);
}

/** The new password, applied at the identity service (which holds the passwords in this mode). */
export function confirmPasswordReset(code: string, newPassword: string, { service }: Pick<IdentityDeps, 'service'>): Promise<void> {
  return withIdentityMessages(() => service.confirmPasswordReset(code, newPassword), resetCodeErrorMessage);
}

// ---------------------------------------------------------------------------------------------
// The Firebase JS SDK behind IdentityService

let loaded: { key: string; service: Promise<IdentityService> } | null = null;

/** The identity service for this configuration; the SDK is downloaded on first use only. */
export function loadIdentityService(config: FirebaseWebConfig): Promise<IdentityService> {
  const key = JSON.stringify(config);
  if (loaded?.key !== key) loaded = { key, service: createFirebaseIdentityService(config) };
  return loaded.service;
}

async function createFirebaseIdentityService(config: FirebaseWebConfig): Promise<IdentityService> {
  const [appSdk, authSdk] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
  const { apiKey, authDomain, projectId, appId } = config;
  const app = appSdk.initializeApp({ apiKey, authDomain, projectId, appId }, 'wor-ratings');
  // In memory only: our server session is what keeps a user signed in, not a token in the browser.
  const auth = authSdk.initializeAuth(app, { persistence: authSdk.inMemoryPersistence });
  if (config.emulatorUrl) authSdk.connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });

  const wrap = (user: import('firebase/auth').User): IdentityAccount => ({
    email: user.email,
    emailVerified: user.emailVerified,
    getIdToken: (forceRefresh) => user.getIdToken(forceRefresh),
    updateDisplayName: (name) => authSdk.updateProfile(user, { displayName: name }),
    sendVerificationEmail: () => authSdk.sendEmailVerification(user),
    reload: async () => {
      await user.reload();
      return wrap(auth.currentUser ?? user);
    },
    delete: () => authSdk.deleteUser(user),
  });

  return {
    signIn: async (email, password) => wrap((await authSdk.signInWithEmailAndPassword(auth, email, password)).user),
    signUp: async (email, password) => {
      const credential = await authSdk.createUserWithEmailAndPassword(auth, email, password);
      return credential.user ? wrap(credential.user) : null;
    },
    currentAccount: () => (auth.currentUser ? wrap(auth.currentUser) : null),
    applyActionCode: (code) => authSdk.applyActionCode(auth, code),
    sendPasswordResetEmail: (email, continueUrl) => authSdk.sendPasswordResetEmail(auth, email, { url: continueUrl }),
    verifyPasswordResetCode: (code) => authSdk.verifyPasswordResetCode(auth, code),
    confirmPasswordReset: (code, newPassword) => authSdk.confirmPasswordReset(auth, code, newPassword),
    signOut: () => authSdk.signOut(auth),
  };
}
