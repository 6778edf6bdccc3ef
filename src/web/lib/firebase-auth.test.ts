import { describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '#core/api';
import { authMessages } from '#core/messages/auth';
import { identityMessages } from '#core/messages/identity';
import { ApiError } from './api-client';
import {
  IdentityFlowError,
  checkPasswordResetCode,
  confirmEmailVerification,
  confirmPasswordReset,
  loginErrorMessage,
  loginWithIdentityService,
  registerWithIdentityService,
  registrationErrorMessage,
  requestPasswordReset,
  resendVerificationEmail,
  type IdentityAccount,
  type IdentityBackend,
  type IdentityService,
} from './firebase-auth';

const soldier: AuthUser = { id: 7, username: 'kilrain', role: 'user', isAdmin: false, isOfficer: false, officerId: null, steamId: null };

/** What the Firebase SDK throws: a FirebaseError carries an 'auth/...' code. */
const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });
const apiError = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), 'Error');

function fakeAccount(overrides: Partial<IdentityAccount> = {}): IdentityAccount {
  const account: IdentityAccount = {
    email: 'kilrain@example.test',
    emailVerified: true,
    getIdToken: vi.fn(async () => 'id-token'),
    updateDisplayName: vi.fn(async () => {}),
    sendVerificationEmail: vi.fn(async () => {}),
    reload: vi.fn(async () => account),
    delete: vi.fn(async () => {}),
    ...overrides,
  };
  return account;
}

function fakeService(overrides: Partial<IdentityService> = {}, account = fakeAccount()): IdentityService {
  return {
    signIn: vi.fn(async () => account),
    signUp: vi.fn(async () => account),
    currentAccount: vi.fn(() => account),
    applyActionCode: vi.fn(async () => {}),
    sendPasswordResetEmail: vi.fn(async () => {}),
    verifyPasswordResetCode: vi.fn(async () => 'kilrain@example.test'),
    confirmPasswordReset: vi.fn(async () => {}),
    signOut: vi.fn(async () => {}),
    ...overrides,
  };
}

function fakeBackend(overrides: Partial<IdentityBackend> = {}): IdentityBackend {
  return {
    firebaseLogin: vi.fn(async () => ({ user: soldier })),
    firebaseRegister: vi.fn(async () => ({ user: soldier, needsVerification: true, message: authMessages.registrationSuccess })),
    updateVerification: vi.fn(async () => ({ emailVerified: true })),
    legacyLogin: vi.fn(async () => ({ user: soldier })),
    ...overrides,
  };
}

const credentials = { email: 'kilrain@example.test', password: 'gettysburg63' };

describe('identity-service error codes -> spec section 8 messages', () => {
  it.each([
    ['auth/email-already-in-use', 'This email is already in use. Please try logging in.'],
    ['auth/weak-password', 'Password is too weak. Please use a stronger password.'],
    ['auth/invalid-email', 'Invalid email address. Please check and try again.'],
    ['auth/too-many-requests', 'Too many failed login attempts. Please try again later.'],
    ['auth/something-else', 'Could not create your account. Please try again.'],
  ])('registration: %s', (code, message) => {
    expect(registrationErrorMessage(code)).toBe(message);
  });

  it.each([
    ['auth/too-many-requests', 'Too many failed login attempts. Please try again later.'],
    ['auth/invalid-email', 'Invalid email address. Please check and try again.'],
    ['auth/network-request-failed', 'Failed to communicate with server'],
    [null, 'Login failed'],
  ])('login: %s', (code, message) => {
    expect(loginErrorMessage(code)).toBe(message);
  });

  it('shows the mapped message when the identity service refuses a sign-in', async () => {
    const service = fakeService({ signIn: vi.fn(async () => Promise.reject(firebaseError('auth/too-many-requests'))) });
    const backend = fakeBackend();
    await expect(loginWithIdentityService(credentials, { service, backend })).rejects.toEqual(
      new IdentityFlowError('Too many failed login attempts. Please try again later.', 'auth/too-many-requests'),
    );
    expect(backend.legacyLogin).not.toHaveBeenCalled();
  });

  it.each([
    ['auth/email-already-in-use', 'This email is already in use. Please try logging in.'],
    ['auth/weak-password', 'Password is too weak. Please use a stronger password.'],
    ['auth/invalid-email', 'Invalid email address. Please check and try again.'],
  ])('shows the mapped message when the identity service refuses a sign-up (%s)', async (code, message) => {
    const service = fakeService({ signUp: vi.fn(async () => Promise.reject(firebaseError(code))) });
    const backend = fakeBackend();
    await expect(registerWithIdentityService({ username: 'kilrain', ...credentials, isCompleting: false }, { service, backend })).rejects.toThrow(
      message,
    );
    expect(backend.firebaseRegister).not.toHaveBeenCalled();
  });
});

describe('login in firebase mode', () => {
  it('signs in with the identity service, then with our server using the ID token', async () => {
    const service = fakeService();
    const backend = fakeBackend();
    await expect(loginWithIdentityService(credentials, { service, backend })).resolves.toEqual({
      kind: 'signedIn',
      user: soldier,
      via: 'identityService',
    });
    expect(service.signIn).toHaveBeenCalledWith('kilrain@example.test', 'gettysburg63');
    expect(backend.firebaseLogin).toHaveBeenCalledWith('id-token');
  });

  it.each(['auth/user-not-found', 'auth/wrong-password', 'auth/invalid-credential'])(
    'falls back to the legacy login with the part of the email before @ on %s',
    async (code) => {
      const service = fakeService({ signIn: vi.fn(async () => Promise.reject(firebaseError(code))) });
      const backend = fakeBackend();
      await expect(loginWithIdentityService(credentials, { service, backend })).resolves.toMatchObject({ kind: 'signedIn', via: 'legacy' });
      expect(backend.legacyLogin).toHaveBeenCalledWith('kilrain', 'gettysburg63');
      expect(backend.firebaseLogin).not.toHaveBeenCalled();
    },
  );

  it("says 'Invalid credentials' when the legacy login refuses, and 'Login failed. Please try again.' when it fails", async () => {
    const service = fakeService({ signIn: vi.fn(async () => Promise.reject(firebaseError('auth/invalid-credential'))) });
    const refused = fakeBackend({ legacyLogin: vi.fn(async () => Promise.reject(apiError(401, { message: 'Invalid credentials' }))) });
    await expect(loginWithIdentityService(credentials, { service, backend: refused })).rejects.toThrow(new IdentityFlowError('Invalid credentials'));
    const broken = fakeBackend({ legacyLogin: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) });
    await expect(loginWithIdentityService(credentials, { service, backend: broken })).rejects.toThrow(
      new IdentityFlowError('Login failed. Please try again.'),
    );
  });

  it('passes a 404 needsRegistration on as the email to register, signed out of the identity service', async () => {
    const service = fakeService();
    const backend = fakeBackend({
      firebaseLogin: vi.fn(async () =>
        Promise.reject(apiError(404, { needsRegistration: true, message: 'register', email: 'kilrain@example.test', uid: 'u1' })),
      ),
    });
    await expect(loginWithIdentityService(credentials, { service, backend })).resolves.toEqual({
      kind: 'needsRegistration',
      email: 'kilrain@example.test',
    });
    expect(service.signOut).toHaveBeenCalled();
  });

  it('sends a new verification email when the server refuses an unverified email, and lets the page handle the 403', async () => {
    const account = fakeAccount({ emailVerified: false });
    const service = fakeService({}, account);
    const refusal = apiError(403, { needsVerification: true, message: identityMessages.emailNotVerified });
    const backend = fakeBackend({ firebaseLogin: vi.fn(async () => Promise.reject(refusal)) });
    await expect(loginWithIdentityService(credentials, { service, backend })).rejects.toBe(refusal);
    expect(account.sendVerificationEmail).toHaveBeenCalledTimes(1);
    // 'Resend Email' sends another through the still signed-in account.
    await expect(resendVerificationEmail({ service }, 'Kilrain@example.test')).resolves.toBe(true);
    expect(account.sendVerificationEmail).toHaveBeenCalledTimes(2);
  });

  it("says 'Failed to communicate with server' when our server cannot be reached", async () => {
    const service = fakeService();
    const backend = fakeBackend({ firebaseLogin: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) });
    await expect(loginWithIdentityService(credentials, { service, backend })).rejects.toThrow('Failed to communicate with server');
    expect(service.signOut).toHaveBeenCalled();
  });
});

describe('registration in firebase mode', () => {
  const input = { username: 'kilrain', ...credentials, isCompleting: false };

  it('creates the account, sets the display name, sends the verification email, registers, and signs out', async () => {
    const account = fakeAccount({ emailVerified: false });
    const service = fakeService({}, account);
    const backend = fakeBackend();
    await expect(registerWithIdentityService(input, { service, backend })).resolves.toMatchObject({ needsVerification: true });
    expect(service.signUp).toHaveBeenCalledWith('kilrain@example.test', 'gettysburg63');
    expect(account.updateDisplayName).toHaveBeenCalledWith('kilrain');
    expect(account.sendVerificationEmail).toHaveBeenCalled();
    expect(backend.firebaseRegister).toHaveBeenCalledWith('id-token', 'kilrain');
    expect(service.signOut).toHaveBeenCalled();
  });

  it('completes a registration by signing in to the existing identity-service account', async () => {
    const service = fakeService();
    await registerWithIdentityService({ ...input, isCompleting: true }, { service, backend: fakeBackend() });
    expect(service.signIn).toHaveBeenCalled();
    expect(service.signUp).not.toHaveBeenCalled();
  });

  it('reports an incomplete user creation and a failed profile update with the spec texts', async () => {
    const incomplete = fakeService({ signUp: vi.fn(async () => null) });
    await expect(registerWithIdentityService(input, { service: incomplete, backend: fakeBackend() })).rejects.toThrow(
      'Registration failed: User creation was incomplete.',
    );
    const account = fakeAccount({ updateDisplayName: vi.fn(async () => Promise.reject(firebaseError('auth/internal-error'))) });
    await expect(registerWithIdentityService(input, { service: fakeService({}, account), backend: fakeBackend() })).rejects.toThrow(
      'Registration failed: Could not update profile. Please try again.',
    );
  });

  it('undoes the new identity-service account when the username is taken, so the user can choose another', async () => {
    const account = fakeAccount();
    const backend = fakeBackend({
      firebaseRegister: vi.fn(async () => Promise.reject(apiError(409, { message: 'Username is already taken', code: 'CONFLICT' }))),
    });
    await expect(registerWithIdentityService(input, { service: fakeService({}, account), backend })).rejects.toThrow(
      'This username is already taken. Please choose another one.',
    );
    expect(account.delete).toHaveBeenCalled();
  });

  it('says the account was created when only our server failed', async () => {
    const backend = fakeBackend({ firebaseRegister: vi.fn(async () => Promise.reject(apiError(500, { message: 'boom' }))) });
    await expect(registerWithIdentityService(input, { service: fakeService(), backend })).rejects.toThrow(
      'Your account was created, but there was an issue with registration. Please verify your email and try logging in.',
    );
  });
});

describe('email verification in firebase mode', () => {
  it('applies the code, reloads the user and tells the backend with a fresh token', async () => {
    const account = fakeAccount();
    const service = fakeService({}, account);
    const backend = fakeBackend();
    await confirmEmailVerification('oob-code', { service, backend });
    expect(service.applyActionCode).toHaveBeenCalledWith('oob-code');
    expect(account.reload).toHaveBeenCalled();
    expect(account.getIdToken).toHaveBeenCalledWith(true);
    expect(backend.updateVerification).toHaveBeenCalledWith('id-token');
  });

  it('treats an invalid action code as already verified, and needs no signed-in account', async () => {
    const service = fakeService({
      applyActionCode: vi.fn(async () => Promise.reject(firebaseError('auth/invalid-action-code'))),
      currentAccount: vi.fn(() => null),
    });
    const backend = fakeBackend();
    await expect(confirmEmailVerification('used-code', { service, backend })).resolves.toBeUndefined();
    expect(backend.updateVerification).not.toHaveBeenCalled();
  });

  it('fails on other errors', async () => {
    const service = fakeService({ applyActionCode: vi.fn(async () => Promise.reject(firebaseError('auth/expired-action-code'))) });
    await expect(confirmEmailVerification('old-code', { service, backend: fakeBackend() })).rejects.toMatchObject({
      code: 'auth/expired-action-code',
    });
  });
});

describe('password reset in firebase mode', () => {
  const rejecting = (code: string) => vi.fn(async () => Promise.reject(firebaseError(code)));

  it('asks the identity service to mail the link, with the continue address given', async () => {
    const service = fakeService();
    await requestPasswordReset('kilrain@example.test', 'http://localhost:3000/login', { service });
    expect(service.sendPasswordResetEmail).toHaveBeenCalledWith('kilrain@example.test', 'http://localhost:3000/login');
  });

  it.each([
    ['auth/user-not-found', 'No user found with this email address.'],
    ['auth/invalid-email', 'Invalid email address. Please check and try again.'],
    ['auth/missing-continue-uri', 'Password reset failed. Please contact support.'],
    ['auth/unauthorized-continue-uri', 'Password reset failed. Please contact support.'],
    ['auth/too-many-requests', 'Too many failed login attempts. Please try again later.'],
  ])('says why a reset request failed: %s', async (code, message) => {
    const service = fakeService({ sendPasswordResetEmail: rejecting(code) });
    const failure = requestPasswordReset('kilrain@example.test', 'http://localhost:3000/login', { service });
    await expect(failure).rejects.toBeInstanceOf(IdentityFlowError);
    await expect(failure).rejects.toMatchObject({ message, code });
  });

  it("checks the code at the identity service and gives the account's email", async () => {
    const service = fakeService();
    await expect(checkPasswordResetCode('oob', { service })).resolves.toBe('kilrain@example.test');
    expect(service.verifyPasswordResetCode).toHaveBeenCalledWith('oob');
  });

  it.each([
    ['auth/invalid-action-code', 'Invalid or expired password reset link. Please request a new one.'],
    ['auth/expired-action-code', 'Invalid or expired password reset link. Please request a new one.'],
    ['auth/network-request-failed', 'Failed to reset password.'],
  ])('says why a code was refused: %s', async (code, message) => {
    await expect(checkPasswordResetCode('oob', { service: fakeService({ verifyPasswordResetCode: rejecting(code) }) })).rejects.toMatchObject({
      message,
    });
    await expect(
      confirmPasswordReset('oob', 'Skirmisher-1864', { service: fakeService({ confirmPasswordReset: rejecting(code) }) }),
    ).rejects.toMatchObject({
      message,
    });
  });

  it('applies the new password at the identity service', async () => {
    const service = fakeService();
    await confirmPasswordReset('oob', 'Skirmisher-1864', { service });
    expect(service.confirmPasswordReset).toHaveBeenCalledWith('oob', 'Skirmisher-1864');
  });
});
