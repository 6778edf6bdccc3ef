/**
 * /login and /register when the server says IDENTITY_PROVIDER=firebase: the Firebase JS SDK is
 * replaced by a fake of the functions the app calls; our API is the usual canned table.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthStatus, AuthUser } from '#core/api';
import { authMessages } from '#core/messages/auth';
import { forgotPasswordMessages } from '#core/messages/forgot-password';
import { identityMessages } from '#core/messages/identity';
import { resetPasswordMessages } from '#core/messages/reset-password';
import { verifyEmailMessages } from '#core/messages/verify-email';
import type { IdentityConfig } from '#core/schemas/firebase-auth';
import { mockApi, renderRoute, reply } from '#web/test/render';

const sdk = vi.hoisted(() => {
  const user = {
    email: 'kilrain@example.test',
    emailVerified: true,
    getIdToken: async () => 'id-token-from-firebase',
    reload: async () => {},
  };
  const rejectWith = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });
  return {
    user,
    rejectWith,
    signInWithEmailAndPassword: vi.fn(async (..._args: unknown[]) => ({ user })),
    createUserWithEmailAndPassword: vi.fn(async (..._args: unknown[]) => ({ user })),
    updateProfile: vi.fn(async (..._args: unknown[]) => {}),
    sendEmailVerification: vi.fn(async (..._args: unknown[]) => {}),
    signOut: vi.fn(async (..._args: unknown[]) => {}),
    connectAuthEmulator: vi.fn(),
    applyActionCode: vi.fn(async (..._args: unknown[]) => {}),
    sendPasswordResetEmail: vi.fn(async (..._args: unknown[]) => {}),
    verifyPasswordResetCode: vi.fn(async (..._args: unknown[]) => 'kilrain@example.test'),
    confirmPasswordReset: vi.fn(async (..._args: unknown[]) => {}),
  };
});

vi.mock('firebase/app', () => ({ initializeApp: vi.fn(() => ({ name: 'wor-ratings' })) }));
vi.mock('firebase/auth', () => ({
  initializeAuth: vi.fn(() => ({ currentUser: null })),
  inMemoryPersistence: { type: 'NONE' },
  connectAuthEmulator: sdk.connectAuthEmulator,
  signInWithEmailAndPassword: sdk.signInWithEmailAndPassword,
  createUserWithEmailAndPassword: sdk.createUserWithEmailAndPassword,
  updateProfile: sdk.updateProfile,
  sendEmailVerification: sdk.sendEmailVerification,
  signOut: sdk.signOut,
  applyActionCode: sdk.applyActionCode,
  sendPasswordResetEmail: sdk.sendPasswordResetEmail,
  verifyPasswordResetCode: sdk.verifyPasswordResetCode,
  confirmPasswordReset: sdk.confirmPasswordReset,
  deleteUser: vi.fn(async () => {}),
}));

const soldier: AuthUser = { id: 7, username: 'kilrain', role: 'user', isAdmin: false, isOfficer: false, officerId: null, steamId: null };
const homeData = { '/api/sides': [], '/api/regiments': [], '/api/officers/top': [], '/api/reviews/recent': [] };
const firebaseMode: IdentityConfig = {
  provider: 'firebase',
  firebase: { apiKey: 'key', authDomain: 'demo.firebaseapp.com', projectId: 'demo-wor', appId: '1:1:web:1', emulatorUrl: 'http://127.0.0.1:9099' },
};

beforeEach(() => vi.clearAllMocks());

async function fillLogin(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('/login in firebase mode', () => {
  it('signs in at the identity service (emulator in development), then with our server, and goes home', async () => {
    let signedIn = false;
    const api = mockApi({
      ...homeData,
      '/api/auth/config': firebaseMode,
      '/api/auth/status': (): AuthStatus => (signedIn ? { authenticated: true, user: soldier } : { authenticated: false, user: null }),
      'POST /api/auth/firebase-login': () => {
        signedIn = true;
        return { user: soldier };
      },
    });
    const { router } = renderRoute('/login');
    await fillLogin('kilrain@example.test', 'correct horse');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sdk.connectAuthEmulator).toHaveBeenCalledWith(expect.anything(), 'http://127.0.0.1:9099', { disableWarnings: true });
    expect(sdk.signInWithEmailAndPassword).toHaveBeenCalledWith(expect.anything(), 'kilrain@example.test', 'correct horse');
    expect(api.calls.find((c) => c.url === '/api/auth/firebase-login')?.body).toEqual({ idToken: 'id-token-from-firebase' });
    expect(api.calls.some((c) => c.url === '/api/auth/login')).toBe(false);
  });

  it('sends an identity without an account to complete its registration', async () => {
    mockApi({
      '/api/auth/config': firebaseMode,
      'POST /api/auth/firebase-login': reply(404, {
        code: 'NOT_FOUND',
        needsRegistration: true,
        message: 'No account is registered for this sign-in yet.',
        email: 'kilrain@example.test',
        uid: 'uid-1',
      }),
    });
    const { router } = renderRoute('/login');
    await fillLogin('kilrain@example.test', 'correct horse');

    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(router.state.location.search).toBe('?email=kilrain%40example.test');
    expect(await screen.findByRole('heading', { name: 'Complete Your Registration' })).toBeInTheDocument();
  });

  it("falls back to the legacy login on user-not-found, and shows 'Invalid credentials' when that fails too", async () => {
    sdk.signInWithEmailAndPassword.mockRejectedValueOnce(sdk.rejectWith('auth/user-not-found'));
    const api = mockApi({
      '/api/auth/config': firebaseMode,
      'POST /api/auth/legacy-login': reply(401, { message: 'Invalid credentials', code: 'UNAUTHENTICATED' }),
    });
    renderRoute('/login');
    await fillLogin('kilrain@example.test', 'old password');

    expect(await screen.findByText(authMessages.loginFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(authMessages.invalidCredentials)).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/auth/legacy-login')?.body).toEqual({ username: 'kilrain', password: 'old password' });
  });

  it("shows the spec's Firebase text and sends a new verification email through the identity service when the email is not verified", async () => {
    mockApi({
      '/api/auth/config': firebaseMode,
      'POST /api/auth/firebase-login': reply(403, { needsVerification: true, message: identityMessages.emailNotVerified, code: 'FORBIDDEN' }),
    });
    renderRoute('/login');
    await fillLogin('kilrain@example.test', 'correct horse');

    expect(await screen.findByText(identityMessages.emailNotVerified)).toBeInTheDocument();
    expect(screen.getAllByText(authMessages.verifyEmailBeforeLogin).length).toBeGreaterThan(0);
    expect(sdk.sendEmailVerification).toHaveBeenCalledTimes(1);
  });
});

describe('/register in firebase mode', () => {
  async function fillRegistration() {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'kilrain');
    await user.type(screen.getByLabelText('Email'), 'kilrain@example.test');
    await user.type(screen.getByLabelText('Password'), 'gettysburg63');
    await user.type(screen.getByLabelText('Confirm Password'), 'gettysburg63');
    await user.click(screen.getByRole('button', { name: 'Register' }));
  }

  it('creates the identity-service account, registers it here, and goes to /login to verify', async () => {
    const api = mockApi({
      '/api/auth/config': firebaseMode,
      'POST /api/auth/firebase-register': reply(201, { user: soldier, needsVerification: true, message: authMessages.registrationSuccess }),
    });
    const { router } = renderRoute('/register');
    await fillRegistration();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sdk.createUserWithEmailAndPassword).toHaveBeenCalledWith(expect.anything(), 'kilrain@example.test', 'gettysburg63');
    expect(sdk.updateProfile).toHaveBeenCalledWith(sdk.user, { displayName: 'kilrain' });
    expect(api.calls.find((c) => c.url === '/api/auth/firebase-register')?.body).toEqual({
      idToken: 'id-token-from-firebase',
      username: 'kilrain',
    });
    expect(api.calls.some((c) => c.url === '/api/auth/register')).toBe(false);
    expect(sdk.signOut).toHaveBeenCalled();
  });

  it("shows the identity service's refusal in the spec's words", async () => {
    sdk.createUserWithEmailAndPassword.mockRejectedValueOnce(sdk.rejectWith('auth/email-already-in-use'));
    mockApi({ '/api/auth/config': firebaseMode });
    renderRoute('/register');
    await fillRegistration();
    expect(await screen.findByText('This email is already in use. Please try logging in.')).toBeInTheDocument();
  });
});

describe('the verification link in firebase mode', () => {
  it('applies the code at the identity service, not at our server', async () => {
    const api = mockApi({ '/api/auth/config': firebaseMode });
    renderRoute('/__/auth/action?mode=verifyEmail&oobCode=firebase-code-123');
    expect(await screen.findByText(verifyEmailMessages.verified)).toBeInTheDocument();
    expect(sdk.applyActionCode).toHaveBeenCalledWith(expect.anything(), 'firebase-code-123');
    expect(api.calls.some((c) => c.url.startsWith('/api/auth/verify-email'))).toBe(false);
  });
});

describe('password reset in firebase mode', () => {
  async function askForLink(email: string) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  }

  it('has the identity service mail the link, with a continue address on our own origin', async () => {
    const api = mockApi({ '/api/auth/config': firebaseMode });
    renderRoute('/forgot-password');
    await askForLink('kilrain@example.test');

    expect(await screen.findByText(forgotPasswordMessages.sent)).toBeInTheDocument();
    expect(screen.getByText(forgotPasswordMessages.sentTitle)).toBeInTheDocument();
    expect(sdk.sendPasswordResetEmail).toHaveBeenCalledWith(expect.anything(), 'kilrain@example.test', {
      url: `${window.location.origin}/login`,
    });
    expect(api.calls.some((c) => c.url === '/api/auth/forgot-password')).toBe(false);
  });

  it.each([
    ['auth/user-not-found', forgotPasswordMessages.noUser],
    ['auth/invalid-email', authMessages.invalidEmail],
    ['auth/missing-continue-uri', forgotPasswordMessages.failed],
  ])("shows the identity service's refusal %s in the spec's words", async (code, message) => {
    sdk.sendPasswordResetEmail.mockRejectedValueOnce(sdk.rejectWith(code));
    mockApi({ '/api/auth/config': firebaseMode });
    renderRoute('/forgot-password');
    await askForLink('nobody@example.test');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(forgotPasswordMessages.sentTitle)).not.toBeInTheDocument();
  });

  it("checks the link at the identity service, shows the account's email, and applies the new password there", async () => {
    const api = mockApi({ '/api/auth/config': firebaseMode });
    renderRoute('/__/auth/action?mode=resetPassword&oobCode=firebase-reset-1&apiKey=key&lang=en');
    expect(await screen.findByText('kilrain@example.test')).toBeInTheDocument();
    expect(sdk.verifyPasswordResetCode).toHaveBeenCalledWith(expect.anything(), 'firebase-reset-1');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password'), 'Skirmisher-1864');
    await user.type(screen.getByLabelText('Confirm Password'), 'Skirmisher-1864');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(resetPasswordMessages.successTitle)).toBeInTheDocument();
    expect(sdk.confirmPasswordReset).toHaveBeenCalledWith(expect.anything(), 'firebase-reset-1', 'Skirmisher-1864');
    expect(api.calls.some((c) => c.url.startsWith('/api/auth/reset-password'))).toBe(false);
  });

  it('says the link is invalid or expired when the identity service refuses the code', async () => {
    sdk.verifyPasswordResetCode.mockRejectedValueOnce(sdk.rejectWith('auth/expired-action-code'));
    mockApi({ '/api/auth/config': firebaseMode });
    renderRoute('/__/auth/action?mode=resetPassword&oobCode=old-code');
    expect(await screen.findByText(resetPasswordMessages.invalidLink)).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it("says 'Failed to reset password.' and keeps the form when applying fails for another reason", async () => {
    sdk.confirmPasswordReset.mockRejectedValueOnce(sdk.rejectWith('auth/network-request-failed'));
    mockApi({ '/api/auth/config': firebaseMode });
    renderRoute('/__/auth/action?mode=resetPassword&oobCode=firebase-reset-2');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'Skirmisher-1864');
    await user.type(screen.getByLabelText('Confirm Password'), 'Skirmisher-1864');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(resetPasswordMessages.failed)).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toBeInTheDocument();
  });
});
