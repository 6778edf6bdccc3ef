/**
 * The sign-in's second step and the passkey sign-in on /login (issue 34). The browser's WebAuthn
 * library is replaced by a fake of the two calls the app makes; our API is the usual canned table.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthStatus, AuthUser } from '#core/api';
import { securityMessages } from '#core/messages/security';
import { yourDataMessages } from '#core/messages/your-data';
import type { IdentityConfig } from '#core/schemas/firebase-auth';
import { resetCsrfToken } from '#web/lib/api-client';
import { mockApi, renderRoute, reply, type MockApi } from '#web/test/render';

const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(async (..._args: unknown[]) => ({
    id: 'credential-1',
    rawId: 'credential-1',
    type: 'public-key',
    response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    clientExtensionResults: {},
  })),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);
// Firebase mode's identity service: it takes the password, then our server asks for the second factor.
const identityAccount = vi.hoisted(() => ({
  email: 'kilrain@example.com',
  emailVerified: true,
  getIdToken: async () => 'id-token',
  reload: async () => {},
}));
vi.mock('firebase/app', () => ({ initializeApp: vi.fn(() => ({ name: 'wor-ratings' })) }));
vi.mock('firebase/auth', () => ({
  initializeAuth: vi.fn(() => ({ currentUser: null })),
  inMemoryPersistence: { type: 'NONE' },
  signInWithEmailAndPassword: vi.fn(async () => ({ user: identityAccount })),
  signOut: vi.fn(async () => {}),
}));

const soldier: AuthUser = {
  id: 7,
  username: 'kilrain',
  role: 'user',
  isAdmin: false,
  isOfficer: false,
  officerId: null,
  steamId: null,
  secondFactor: { enrolled: true, methods: ['totp'] },
};
const homeData = { '/api/sides': [], '/api/regiments': [], '/api/officers/top': [], '/api/reviews/recent': [] };
const REQUEST_OPTIONS = { challenge: 'c2lnbi1pbg', rpId: 'localhost', allowCredentials: [], userVerification: 'preferred' };

beforeEach(() => {
  vi.clearAllMocks();
  // Each test starts as a fresh page: without the previous test's CSRF token.
  resetCsrfToken();
});

/**
 * The API of an account with a second factor (`account`, kilrain by default): the password answers
 * the second step, which `finish` calls sign in.
 */
function twoStepApi(methods: Array<'totp' | 'passkey' | 'recovery'>, more: Record<string, unknown> = {}, account: AuthUser = soldier) {
  let isSignedIn = false;
  const signIn = () => {
    isSignedIn = true;
    return { user: account };
  };
  const api = mockApi({
    ...homeData,
    '/api/auth/status': (): AuthStatus => (isSignedIn ? { authenticated: true, user: account } : { authenticated: false, user: null }),
    'POST /api/auth/login': { needsSecondFactor: true, methods },
    'POST /api/auth/second-factor': ({ body }: { body: { code?: string; recoveryCode?: string } }) =>
      body.code === '123456' || body.recoveryCode === 'abcde-fghjk'
        ? signIn()
        : reply(401, { message: body.code ? securityMessages.invalidCode : securityMessages.invalidRecoveryCode, code: 'UNAUTHENTICATED' }),
    'POST /api/auth/passkeys/authentication-options': REQUEST_OPTIONS,
    'POST /api/auth/passkeys/authenticate': signIn,
    ...more,
  });
  return api;
}

async function logIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'kilrain@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

const writes = (api: MockApi) =>
  api.calls.filter((call) => call.method !== 'GET' || call.url === '/api/csrf-token').map((call) => `${call.method} ${call.url}`);

describe('/login with a second factor', () => {
  it('asks for the authenticator code after the password, says so when it is wrong, and signs in with a right one', async () => {
    const api = twoStepApi(['totp', 'recovery']);
    const { router } = renderRoute('/login');
    const user = await logIn();

    expect(await screen.findByRole('heading', { level: 1, name: securityMessages.secondFactorTitle })).toBeInTheDocument();
    expect(screen.getByText(securityMessages.secondFactorIntro)).toBeInTheDocument();
    const code = screen.getByLabelText(securityMessages.codeLabel);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();
    // No passkey on this account: no passkey button.
    expect(screen.queryByRole('button', { name: securityMessages.usePasskey })).not.toBeInTheDocument();

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: securityMessages.verify }));
    expect(await screen.findByText(securityMessages.invalidCode)).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription(securityMessages.invalidCode);
    expect(router.state.location.pathname).toBe('/login');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: securityMessages.verify }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, kilrain' })).toBeInTheDocument();
    // The half-done sign-in has a session of its own: its CSRF token is fetched before the code is sent.
    expect(writes(api)).toEqual([
      'GET /api/csrf-token',
      'POST /api/auth/login',
      'GET /api/csrf-token',
      'POST /api/auth/second-factor',
      'POST /api/auth/second-factor',
    ]);
    expect(api.calls.filter((call) => call.url === '/api/auth/second-factor').map((call) => call.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('takes a recovery code instead, and goes back to the password when asked', async () => {
    const api = twoStepApi(['totp', 'recovery']);
    const { router } = renderRoute('/login?next=%2Fmy-reviews');
    const user = await logIn();

    await user.click(await screen.findByRole('button', { name: securityMessages.useRecoveryCode }));
    const field = screen.getByLabelText(securityMessages.recoveryCodeLabel);
    expect(field).not.toHaveAttribute('inputmode');
    expect(field).toHaveFocus();
    await user.type(field, 'zzzzz-zzzzz');
    await user.click(screen.getByRole('button', { name: securityMessages.verify }));
    expect(await screen.findByText(securityMessages.invalidRecoveryCode)).toBeInTheDocument();

    // Back to the app's code, then to the password.
    await user.click(screen.getByRole('button', { name: securityMessages.useAuthenticatorCode }));
    expect(screen.getByLabelText(securityMessages.codeLabel)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: securityMessages.backToPassword }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(await screen.findByRole('button', { name: securityMessages.useRecoveryCode }));
    await user.type(screen.getByLabelText(securityMessages.recoveryCodeLabel), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: securityMessages.verify }));
    // Where the login was asked from.
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-reviews'));
    expect(api.calls.filter((call) => call.url === '/api/auth/second-factor').map((call) => call.body)).toEqual([
      { recoveryCode: 'zzzzz-zzzzz' },
      { recoveryCode: 'abcde-fghjk' },
    ]);
  });

  it('finishes with a passkey when the account has one', async () => {
    const api = twoStepApi(['passkey', 'recovery']);
    const { router } = renderRoute('/login');
    const user = await logIn();

    // A passkey account without the app: no code field until a recovery code is asked for.
    await screen.findByRole('heading', { level: 1, name: securityMessages.secondFactorTitle });
    expect(screen.queryByLabelText(securityMessages.codeLabel)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: securityMessages.useRecoveryCode })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: securityMessages.usePasskey }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: REQUEST_OPTIONS });
    const authenticate = api.calls.find((call) => call.url === '/api/auth/passkeys/authenticate');
    expect(authenticate?.body).toEqual({ response: await webauthn.startAuthentication.mock.results[0]!.value });
  });

  it('sends an account waiting to be deleted (issue 35) to /settings, not where it was going', async () => {
    twoStepApi(['totp'], {}, { ...soldier, deleteAfter: '2025-04-01T12:00:00.000Z' });
    const { router } = renderRoute('/login?next=%2Fmy-reviews');
    const user = await logIn();

    await user.type(await screen.findByLabelText(securityMessages.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: securityMessages.verify }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { level: 2, name: yourDataMessages.pendingTitle })).toBeInTheDocument();
  });

  it('says so when the passkey prompt is closed, and stays on the step', async () => {
    webauthn.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    const api = twoStepApi(['passkey', 'recovery']);
    const { router } = renderRoute('/login');
    const user = await logIn();

    await user.click(await screen.findByRole('button', { name: securityMessages.usePasskey }));
    expect(await screen.findByText(securityMessages.passkeyCancelled)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls.some((call) => call.url === '/api/auth/passkeys/authenticate')).toBe(false);
  });

  it('tells a user whose half-done sign-in expired to start again', async () => {
    twoStepApi(['totp'], {
      'POST /api/auth/second-factor': reply(401, { message: securityMessages.noSignInInProgress, code: 'UNAUTHENTICATED' }),
    });
    renderRoute('/login');
    const user = await logIn();

    await user.type(await screen.findByLabelText(securityMessages.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: securityMessages.verify }));
    expect(await screen.findByText(securityMessages.noSignInInProgress)).toBeInTheDocument();
  });
});

describe('Sign in with a passkey', () => {
  it('signs a visitor in with a passkey alone, without the password', async () => {
    const api = twoStepApi([]);
    const { router } = renderRoute('/login');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: securityMessages.signInWithPasskey }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, kilrain' })).toBeInTheDocument();
    expect(api.calls.some((call) => call.url === '/api/auth/login')).toBe(false);
    expect(writes(api)).toEqual(['GET /api/csrf-token', 'POST /api/auth/passkeys/authentication-options', 'POST /api/auth/passkeys/authenticate']);
  });

  it('says why when the passkey is not one the site knows, or the browser has no passkeys', async () => {
    twoStepApi([], {
      'POST /api/auth/passkeys/authenticate': reply(401, { message: securityMessages.passkeyUnknown, code: 'UNAUTHENTICATED' }),
    });
    renderRoute('/login');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: securityMessages.signInWithPasskey });

    await user.click(button);
    expect(await screen.findByText(securityMessages.passkeyUnknown)).toBeInTheDocument();

    webauthn.browserSupportsWebAuthn.mockReturnValueOnce(false);
    await user.click(button);
    expect(await screen.findByText(securityMessages.passkeyUnsupported)).toBeInTheDocument();
  });
});

describe('/login in firebase mode with a second factor', () => {
  const firebaseMode: IdentityConfig = {
    provider: 'firebase',
    firebase: { apiKey: 'key', authDomain: 'demo.firebaseapp.com', projectId: 'demo-wor', appId: '1:1:web:1' },
  };

  it('asks for the second factor after the identity service and our server took the password', async () => {
    const api = twoStepApi(['totp'], {
      '/api/auth/config': firebaseMode,
      'POST /api/auth/firebase-login': { needsSecondFactor: true, methods: ['totp'] },
    });
    const { router } = renderRoute('/login');
    const user = await logIn();

    await user.type(await screen.findByLabelText(securityMessages.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: securityMessages.verify }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(writes(api)).toEqual(['GET /api/csrf-token', 'POST /api/auth/firebase-login', 'GET /api/csrf-token', 'POST /api/auth/second-factor']);
  });
});
