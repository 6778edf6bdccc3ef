/**
 * The fake Auth emulator against the real Firebase JS SDK (the browser's client, here in Node): the
 * calls of sign-up, verification and password reset must be the ones the SDK makes, answered in the
 * shapes it reads, or the firebase-mode browser test would test the fake instead of the app.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  applyActionCode,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  inMemoryPersistence,
  initializeAuth,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  verifyPasswordResetCode,
  type Auth,
} from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAuthEmulator, type FakeOobMail } from './fake-auth-emulator.js';

const PROJECT = 'demo-fake-emulator';
const ACTION_URL = 'http://localhost:3000/__/auth/action';
const emulator = new FakeAuthEmulator(PROJECT, { actionUrl: ACTION_URL });
let host: string;
let app: FirebaseApp;
let auth: Auth;

beforeAll(async () => {
  host = await emulator.start();
  app = initializeApp(
    { apiKey: 'fake-api-key', authDomain: `${PROJECT}.firebaseapp.com`, projectId: PROJECT, appId: '1:1:web:1' },
    'fake-emulator-test',
  );
  auth = initializeAuth(app, { persistence: inMemoryPersistence });
  connectAuthEmulator(auth, `http://${host}`, { disableWarnings: true });
});
afterAll(async () => {
  await deleteApp(app);
  await emulator.stop();
});

/** The mails as the emulator lists them over HTTP (what a test outside this process reads). */
async function listedMails(): Promise<FakeOobMail[]> {
  const response = await fetch(`http://${host}/emulator/v1/projects/${PROJECT}/oobCodes`);
  return ((await response.json()) as { oobCodes: FakeOobMail[] }).oobCodes;
}

const lastMailTo = async (email: string, requestType: FakeOobMail['requestType']) =>
  (await listedMails()).filter((mail) => mail.email === email && mail.requestType === requestType).at(-1);

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { code?: string }) => error.code,
  );

describe('the fake Auth emulator, driven by the Firebase JS SDK', () => {
  it('signs up, mails a verification link and applies its code', async () => {
    const { user } = await createUserWithEmailAndPassword(auth, 'Lee@Example.test', 'Traveller-1863');
    expect(user.email).toBe('lee@example.test');
    expect(user.emailVerified).toBe(false);
    await sendEmailVerification(user);
    const mail = await lastMailTo('lee@example.test', 'VERIFY_EMAIL');
    expect(mail?.oobLink).toMatch(/^http:\/\/localhost:3000\/__\/auth\/action\?mode=verifyEmail&oobCode=/);

    await applyActionCode(auth, mail!.oobCode);
    await user.reload();
    expect(auth.currentUser?.emailVerified).toBe(true);
    // The refreshed token says so too (the token refresh of securetoken.googleapis.com).
    const token = await user.getIdToken(true);
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())).toMatchObject({ email_verified: true, sub: user.uid });
    // A code works once.
    expect(await codeOf(applyActionCode(auth, mail!.oobCode))).toBe('auth/invalid-action-code');
    await signOut(auth);
  });

  it('mails a reset link to our action address with the continue address, checks its code, and applies it once', async () => {
    await createUserWithEmailAndPassword(auth, 'longstreet@example.test', 'OldWarhorse-1');
    await signOut(auth);
    await sendPasswordResetEmail(auth, 'longstreet@example.test', { url: 'http://localhost:3000/login' });
    const mail = await lastMailTo('longstreet@example.test', 'PASSWORD_RESET');
    const link = new URL(mail!.oobLink);
    expect(`${link.origin}${link.pathname}`).toBe(ACTION_URL);
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    expect(link.searchParams.get('oobCode')).toBe(mail!.oobCode);
    expect(link.searchParams.get('continueUrl')).toBe('http://localhost:3000/login');

    expect(await verifyPasswordResetCode(auth, mail!.oobCode)).toBe('longstreet@example.test');
    // Checking does not use the code; a weak password does not either.
    expect(await codeOf(confirmPasswordReset(auth, mail!.oobCode, 'short'))).toBe('auth/weak-password');
    await confirmPasswordReset(auth, mail!.oobCode, 'NewWarhorse-2');
    expect(await codeOf(verifyPasswordResetCode(auth, mail!.oobCode))).toBe('auth/invalid-action-code');
    expect(await codeOf(confirmPasswordReset(auth, mail!.oobCode, 'Another-3'))).toBe('auth/invalid-action-code');

    expect(await codeOf(signInWithEmailAndPassword(auth, 'longstreet@example.test', 'OldWarhorse-1'))).toBe('auth/invalid-credential');
    const { user } = await signInWithEmailAndPassword(auth, 'longstreet@example.test', 'NewWarhorse-2');
    expect(user.email).toBe('longstreet@example.test');
    await signOut(auth);
  });

  it('refuses reset requests as Firebase does, in codes the SDK maps', async () => {
    const url = 'http://localhost:3000/login';
    expect(await codeOf(sendPasswordResetEmail(auth, 'nobody@example.test', { url }))).toBe('auth/user-not-found');
    expect(await codeOf(sendPasswordResetEmail(auth, 'not-an-email', { url }))).toBe('auth/invalid-email');
    await createUserWithEmailAndPassword(auth, 'pickett@example.test', 'Charge-1863');
    await signOut(auth);
    expect(await codeOf(sendPasswordResetEmail(auth, 'pickett@example.test', { url: 'https://elsewhere.example/login' }))).toBe(
      'auth/unauthorized-continue-uri',
    );
    // An app that handles the code itself must say where to: the SDK checks that before sending, so ask directly.
    const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestType: 'PASSWORD_RESET', email: 'pickett@example.test', canHandleCodeInApp: true }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { message: 'MISSING_CONTINUE_URI' } });
    expect(await lastMailTo('pickett@example.test', 'PASSWORD_RESET')).toBeUndefined();
  });

  it('lets the browser call it from the site (CORS)', async () => {
    const preflight = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-client-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,x-client-version');
  });
});
