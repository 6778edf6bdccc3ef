/**
 * The Firebase provider through the real stack: firebase-admin in emulator mode (unsigned tokens),
 * a fake Auth emulator answering the accounts:lookup call firebase-admin makes, the real database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#core/messages.js';
import { FakeAuthEmulator, mintEmulatorIdToken, type IdTokenClaims } from '#server/test-doubles/fake-auth-emulator.js';
import { createFirebaseIdTokenVerifier, IdentityServiceUnavailableError } from '#server/adapters/firebase/id-token-verifier.js';
import { ConfigError, loadConfig, type FirebaseConfig } from '#server/platform/config.js';
import { users } from '#server/platform/db/schema.js';
import { TestClient, createTestContext, type TestContext } from '#server/test/app.js';
import { codeFor, enrolTotp } from '#server/test/second-factor.js';
import { hashPassword } from './accounts.js';

const PROJECT = 'demo-wor-ratings';
const emulator = new FakeAuthEmulator(PROJECT);
let firebase: FirebaseConfig;
let ctx: TestContext;
let builtin: TestContext;
const previousEmulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;

beforeAll(async () => {
  const emulatorHost = await emulator.start();
  // firebase-admin reads the emulator address from the environment (the verifier checks they agree).
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  firebase = { projectId: PROJECT, apiKey: 'fake-api-key', authDomain: `${PROJECT}.firebaseapp.com`, appId: '1:123:web:abc', emulatorHost };
  ctx = await createTestContext({ identityProvider: 'firebase', firebase, adminEmails: new Set(['chief@example.test']) });
  builtin = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
  await builtin?.close();
  await emulator.stop();
  if (previousEmulatorHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousEmulatorHost;
});

let counter = 0;
/** A Firebase user in the (fake) emulator and an ID token for it, as the web SDK would hold after signing in. */
function firebaseUser(options: Partial<IdTokenClaims> & { disabled?: boolean } = {}) {
  counter += 1;
  const uid = options.uid ?? `uid-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const email = options.email ?? `soldier${counter}@example.test`;
  const emailVerified = options.emailVerified ?? true;
  emulator.putUser({ uid, email, emailVerified, disabled: options.disabled });
  const token = (claims: Partial<IdTokenClaims> = {}) => mintEmulatorIdToken(PROJECT, { uid, email, emailVerified, ...options, ...claims });
  return { uid, email, token };
}

/** Sign-ins replace the session and with it the CSRF token, as a browser would find. */
async function post(client: TestClient, url: string, payload: unknown) {
  const response = await client.post(url, payload);
  if (/firebase-(login|register)$/.test(url)) client.csrfToken = '';
  return response;
}

const minutesAgo = (minutes: number) => Math.floor(Date.now() / 1000) - minutes * 60;

describe('GET /api/auth/config', () => {
  it('names the built-in provider by default, and serves no firebase-* call', async () => {
    const response = await builtin.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ provider: 'builtin' });
    const login = await new TestClient(builtin.app).post('/api/auth/firebase-login', { idToken: firebaseUser().token() });
    expect(login.statusCode).toBe(404);
    expect(login.json()).not.toHaveProperty('needsRegistration');
  });

  it('gives the web app the Firebase web configuration and the emulator address in firebase mode', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      provider: 'firebase',
      firebase: {
        apiKey: 'fake-api-key',
        authDomain: `${PROJECT}.firebaseapp.com`,
        projectId: PROJECT,
        appId: '1:123:web:abc',
        emulatorUrl: `http://${firebase.emulatorHost}`,
      },
    });
  });

  it('lets the browser reach the identity service (CSP connect-src) in firebase mode only', async () => {
    const connectSrc = async (app: TestContext['app']) => {
      const response = await app.inject({ method: 'GET', url: '/api/auth/config' });
      return /connect-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
    };
    expect(await connectSrc(ctx.app)).toBe(`'self' http://${firebase.emulatorHost}`);
    expect(await connectSrc(builtin.app)).toBe("'self'");
  });
});

describe('firebase-login and firebase-register', () => {
  it('answers 404 needsRegistration with the email and uid when no account exists', async () => {
    const person = firebaseUser();
    const response = await post(new TestClient(ctx.app), '/api/auth/firebase-login', { idToken: person.token() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ needsRegistration: true, email: person.email, uid: person.uid });
    expect(response.json().message).toEqual(expect.any(String));
    // It asked the emulator about exactly this user, as firebase-admin does in emulator mode.
    expect(emulator.calls.at(-1)).toMatchObject({ authorization: 'Bearer owner', body: { localId: [person.uid] } });
  });

  it('registers a verified identity, signs it in, and signs it in again with a new session', async () => {
    const person = firebaseUser();
    const client = new TestClient(ctx.app);
    const registered = await post(client, '/api/auth/firebase-register', { idToken: person.token(), username: 'Chamberlain' });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ needsVerification: false, user: { username: 'Chamberlain', isAdmin: false, steamId: null } });
    expect((await client.get('/api/auth/status')).json()).toMatchObject({ authenticated: true, user: { username: 'Chamberlain' } });

    const [row] = await ctx.db.select().from(users).where(eq(users.firebaseUid, person.uid));
    expect(row).toMatchObject({ email: person.email, emailVerified: true, passwordHash: null });

    const firstCookie = client.cookie;
    const login = await post(client, '/api/auth/firebase-login', { idToken: person.token() });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ user: expect.objectContaining({ id: row!.id, username: 'Chamberlain' }) });
    expect(client.cookie).not.toBe(firstCookie);
    expect((await client.get('/api/auth/status')).json()).toMatchObject({ authenticated: true });
    // The old session id is dead (no fixation).
    const old = await ctx.app.inject({ method: 'GET', url: '/api/auth/status', headers: { cookie: firstCookie } });
    expect(old.json()).toEqual({ authenticated: false, user: null });
  });

  it('asks an account with a second factor for it after the token exchange (issue 34, item 3)', async () => {
    const person = firebaseUser();
    const client = new TestClient(ctx.app);
    const registered = await post(client, '/api/auth/firebase-register', { idToken: person.token(), username: 'Warren' });
    const secret = await enrolTotp(ctx.db, ctx.app.config, registered.json().user.id);

    const login = await post(client, '/api/auth/firebase-login', { idToken: person.token() });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ needsSecondFactor: true, methods: ['totp'] });
    expect((await client.get('/api/auth/status')).json()).toEqual({ authenticated: false, user: null });
    const second = await post(client, '/api/auth/second-factor', { code: codeFor(secret) });
    expect(second.statusCode).toBe(200);
    expect((await client.get('/api/auth/status')).json()).toMatchObject({ authenticated: true, user: { username: 'Warren' } });
  });

  it('takes the email from the token, not from the request', async () => {
    const person = firebaseUser({ email: 'Mixed.Case@Example.test' });
    const client = new TestClient(ctx.app);
    const response = await post(client, '/api/auth/firebase-register', {
      idToken: person.token(),
      username: 'Hancock',
      email: 'someone-else@example.test',
    });
    expect(response.statusCode).toBe(201);
    const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.firebaseUid, person.uid));
    expect(row!.email).toBe('mixed.case@example.test');
  });

  it('keeps an unverified registration signed out, refuses its login with the spec message, until update-verification', async () => {
    const person = firebaseUser({ emailVerified: false });
    const client = new TestClient(ctx.app);
    const registered = await post(client, '/api/auth/firebase-register', { idToken: person.token(), username: 'Pickett' });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ needsVerification: true, message: MSG.auth.registrationSuccess });
    expect((await client.get('/api/auth/status')).json()).toEqual({ authenticated: false, user: null });

    const refused = await post(client, '/api/auth/firebase-login', { idToken: person.token() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ needsVerification: true, message: MSG.identity.emailNotVerified });

    // The link in Firebase's mail was followed; the web app reloads the user and sends a fresh token.
    emulator.putUser({ uid: person.uid, email: person.email, emailVerified: true });
    const update = await post(client, '/api/auth/update-verification', { idToken: person.token({ emailVerified: true }) });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ success: true, emailVerified: true });
    const [row] = await ctx.db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.firebaseUid, person.uid));
    expect(row!.emailVerified).toBe(true);
    // update-verification signs nobody in.
    expect((await client.get('/api/auth/status')).json()).toEqual({ authenticated: false, user: null });

    const login = await post(client, '/api/auth/firebase-login', { idToken: person.token({ emailVerified: true }) });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a duplicate username (any case), an email with an account, and a second registration', async () => {
    const first = firebaseUser();
    expect((await post(new TestClient(ctx.app), '/api/auth/firebase-register', { idToken: first.token(), username: 'Longstreet' })).statusCode).toBe(
      201,
    );

    const byName = await post(new TestClient(ctx.app), '/api/auth/firebase-register', { idToken: firebaseUser().token(), username: 'LONGSTREET' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().message).toMatch(/username.*taken/i);

    const sameEmail = firebaseUser({ email: first.email });
    const byEmail = await post(new TestClient(ctx.app), '/api/auth/firebase-register', { idToken: sameEmail.token(), username: 'Armistead' });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().message).toMatch(/email.*in use/i);

    const again = await post(new TestClient(ctx.app), '/api/auth/firebase-register', { idToken: first.token(), username: 'Kemper' });
    expect(again.statusCode).toBe(409);
  });

  it('applies the built-in username rules', async () => {
    const response = await post(new TestClient(ctx.app), '/api/auth/firebase-register', { idToken: firebaseUser().token(), username: 'ab' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.validation.usernameMin);
  });

  it('makes ADMIN_EMAILS accounts administrators once the address is verified', async () => {
    const chief = firebaseUser({ email: 'chief@example.test', emailVerified: false });
    const client = new TestClient(ctx.app);
    const registered = await post(client, '/api/auth/firebase-register', { idToken: chief.token(), username: 'Meade' });
    expect(registered.json()).toMatchObject({ needsVerification: true, user: { isAdmin: false } });

    emulator.putUser({ uid: chief.uid, email: chief.email, emailVerified: true });
    const login = await post(client, '/api/auth/firebase-login', { idToken: chief.token({ emailVerified: true }) });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.isAdmin).toBe(true);
    expect((await client.get('/api/auth/status')).json().user.isAdmin).toBe(true);
  });

  it('refuses a request without the CSRF token', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/firebase-login', payload: { idToken: firebaseUser().token() } });
    expect(response.statusCode).toBe(403);
  });
});

describe('ID token checks', () => {
  it('refuses a sign-in older than 5 minutes for login and register (spec section 9)', async () => {
    const person = firebaseUser();
    const stale = person.token({ authTime: minutesAgo(6), issuedAt: minutesAgo(1) });
    const register = await post(new TestClient(ctx.app), '/api/auth/firebase-register', { idToken: stale, username: 'Stale' });
    expect(register.statusCode).toBe(401);
    const login = await post(new TestClient(ctx.app), '/api/auth/firebase-login', { idToken: stale });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toMatch(/5 minutes/);
    // Four minutes is recent enough.
    const recent = person.token({ authTime: minutesAgo(4) });
    expect((await post(new TestClient(ctx.app), '/api/auth/firebase-register', { idToken: recent, username: 'Recent' })).statusCode).toBe(201);
  });

  it('lets update-verification use an old sign-in with a freshly issued token, but not an old token', async () => {
    const person = firebaseUser({ emailVerified: false });
    expect((await post(new TestClient(ctx.app), '/api/auth/firebase-register', { idToken: person.token(), username: 'Early' })).statusCode).toBe(201);
    emulator.putUser({ uid: person.uid, email: person.email, emailVerified: true });
    const oldToken = person.token({ emailVerified: true, authTime: minutesAgo(120), issuedAt: minutesAgo(10) });
    expect((await post(new TestClient(ctx.app), '/api/auth/update-verification', { idToken: oldToken })).statusCode).toBe(401);
    const refreshed = person.token({ emailVerified: true, authTime: minutesAgo(120), issuedAt: minutesAgo(0) });
    expect((await post(new TestClient(ctx.app), '/api/auth/update-verification', { idToken: refreshed })).statusCode).toBe(200);
  });

  it('answers update-verification for an identity without an account with 404 needsRegistration', async () => {
    const response = await post(new TestClient(ctx.app), '/api/auth/update-verification', { idToken: firebaseUser().token() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ needsRegistration: true });
  });

  it.each([
    ['another project (audience)', { audience: 'someone-elses-project' }],
    ['another issuer', { issuer: 'https://securetoken.google.com/someone-elses-project' }],
    ['an expired token', { issuedAt: minutesAgo(120), expiresAt: minutesAgo(60), authTime: minutesAgo(120) }],
  ])('refuses a token for %s', async (_what, claims) => {
    const response = await post(new TestClient(ctx.app), '/api/auth/firebase-login', { idToken: firebaseUser().token(claims) });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Your sign-in could not be verified. Please sign in again.');
  });

  it('refuses a disabled Firebase user, one the identity service does not know, and a token that is not a JWT', async () => {
    const disabled = firebaseUser({ disabled: true });
    expect((await post(new TestClient(ctx.app), '/api/auth/firebase-login', { idToken: disabled.token() })).statusCode).toBe(401);
    const ghost = mintEmulatorIdToken(PROJECT, { uid: 'never-created', email: 'ghost@example.test', emailVerified: true });
    expect((await post(new TestClient(ctx.app), '/api/auth/firebase-login', { idToken: ghost })).statusCode).toBe(401);
    const garbage = 'not-a-jwt-at-all-but-long-enough';
    expect((await post(new TestClient(ctx.app), '/api/auth/firebase-login', { idToken: garbage })).statusCode).toBe(401);
  });

  it('refuses a token whose signature was tampered with', async () => {
    const token = firebaseUser().token();
    const response = await post(new TestClient(ctx.app), '/api/auth/firebase-login', { idToken: `${token}c2lnbmF0dXJl` });
    expect(response.statusCode).toBe(401);
  });
});

describe('linking an existing account by verified email', () => {
  async function insertAccount(email: string, username: string, emailVerified: boolean) {
    const [row] = await ctx.db
      .insert(users)
      .values({ username, email, passwordHash: await hashPassword('gettysburg63'), emailVerified })
      .returning({ id: users.id });
    return row!.id;
  }

  it('links a verified built-in account once; its legacy password keeps working', async () => {
    const id = await insertAccount('reynolds@example.test', 'Reynolds', true);
    const person = firebaseUser({ email: 'reynolds@example.test' });
    const login = await post(new TestClient(ctx.app), '/api/auth/firebase-login', { idToken: person.token() });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(id);
    const [row] = await ctx.db.select({ firebaseUid: users.firebaseUid }).from(users).where(eq(users.id, id));
    expect(row!.firebaseUid).toBe(person.uid);
    const legacy = await new TestClient(ctx.app).post('/api/auth/legacy-login', { username: 'Reynolds', password: 'gettysburg63' });
    expect(legacy.statusCode).toBe(200);

    // Another Firebase identity with the same email does not take the account over.
    const other = firebaseUser({ email: 'reynolds@example.test' });
    expect((await post(new TestClient(ctx.app), '/api/auth/firebase-login', { idToken: other.token() })).statusCode).toBe(409);
  });

  it('ends the password and sessions of an unverified account it links (pre-hijacking)', async () => {
    const id = await insertAccount('buford@example.test', 'Buford', false);
    const person = firebaseUser({ email: 'buford@example.test' });
    const login = await post(new TestClient(ctx.app), '/api/auth/firebase-login', { idToken: person.token() });
    expect(login.statusCode).toBe(200);
    const [row] = await ctx.db.select({ passwordHash: users.passwordHash, emailVerified: users.emailVerified }).from(users).where(eq(users.id, id));
    expect(row).toEqual({ passwordHash: null, emailVerified: true });
    const legacy = await new TestClient(ctx.app).post('/api/auth/legacy-login', { username: 'Buford', password: 'gettysburg63' });
    expect(legacy.statusCode).toBe(401);
  });

  it('does not link by an unverified email', async () => {
    await insertAccount('hood@example.test', 'Hood', true);
    const person = firebaseUser({ email: 'hood@example.test', emailVerified: false });
    const response = await post(new TestClient(ctx.app), '/api/auth/firebase-login', { idToken: person.token() });
    expect(response.statusCode).toBe(403);
  });
});

describe('email changes made at the identity service', () => {
  async function registerAs(username: string) {
    const person = firebaseUser();
    const client = new TestClient(ctx.app);
    expect((await post(client, '/api/auth/firebase-register', { idToken: person.token(), username })).statusCode).toBe(201);
    return person;
  }
  const emailOf = async (uid: string) => (await ctx.db.select({ email: users.email }).from(users).where(eq(users.firebaseUid, uid)))[0]?.email;

  it("reach the account at the next sign-in: the token's verified email wins", async () => {
    const person = await registerAs('Sickles');
    emulator.putUser({ uid: person.uid, email: 'dan.sickles@example.test', emailVerified: true });
    const client = new TestClient(ctx.app);
    const login = await post(client, '/api/auth/firebase-login', { idToken: person.token({ email: 'Dan.Sickles@Example.test' }) });
    expect(login.statusCode).toBe(200);
    expect(await emailOf(person.uid)).toBe('dan.sickles@example.test');
    // The new address is the account's now: a new identity with the old one finds no account.
    const stranger = firebaseUser({ email: person.email });
    expect((await post(new TestClient(ctx.app), '/api/auth/firebase-login', { idToken: stranger.token() })).statusCode).toBe(404);
  });

  it('are not taken from an unverified address', async () => {
    const person = await registerAs('Slocum');
    const login = await post(new TestClient(ctx.app), '/api/auth/firebase-login', {
      idToken: person.token({ email: 'slocum.new@example.test', emailVerified: false }),
    });
    expect(login.statusCode).toBe(403);
    expect(await emailOf(person.uid)).toBe(person.email);
  });

  it('are refused with a clear message when another account here has the address, and change nothing', async () => {
    const person = await registerAs('Howard-XI');
    const other = await registerAs('Buford-Cavalry');
    const client = new TestClient(ctx.app);
    const login = await post(client, '/api/auth/firebase-login', { idToken: person.token({ email: other.email }) });
    expect(login.statusCode).toBe(409);
    expect(login.json().message).toBe(MSG.identity.changedEmailTaken);
    expect(await emailOf(person.uid)).toBe(person.email);
    expect(await emailOf(other.uid)).toBe(other.email);
    expect((await client.get('/api/auth/status')).json()).toEqual({ authenticated: false, user: null });
  });
});

describe('the verifier', () => {
  it('reports an unreachable identity service as unavailable, not as a bad token', async () => {
    const closed = new FakeAuthEmulator(PROJECT);
    const host = await closed.start();
    await closed.stop();
    process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
    try {
      const verifier = await createFirebaseIdTokenVerifier({ ...firebase, emulatorHost: host });
      await expect(verifier.verify(mintEmulatorIdToken(PROJECT, { uid: 'x', email: 'x@example.test' }))).rejects.toBeInstanceOf(
        IdentityServiceUnavailableError,
      );
      await verifier.close();
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = firebase.emulatorHost!;
    }
  });

  it('refuses to start when the environment names an emulator the configuration does not', async () => {
    await expect(createFirebaseIdTokenVerifier({ ...firebase, emulatorHost: null })).rejects.toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
  });
});

describe('configuration', () => {
  const secret = { SESSION_SECRET: 'a-production-secret-of-at-least-32-characters' };
  const firebaseEnv = {
    IDENTITY_PROVIDER: 'firebase',
    FIREBASE_PROJECT_ID: PROJECT,
    FIREBASE_API_KEY: 'key',
    FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
    FIREBASE_APP_ID: '1:123:web:abc',
  };

  function configError(env: Record<string, string>): string {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('expected a ConfigError');
  }

  it('refuses to start in production (a public PUBLIC_URL) with the emulator variable set', () => {
    const message = configError({
      ...secret,
      ...firebaseEnv,
      PUBLIC_URL: 'https://ratings.example.org',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    expect(message).toContain('FIREBASE_AUTH_EMULATOR_HOST');
    // Whatever the provider: firebase-admin would read the variable anyway.
    expect(configError({ ...secret, PUBLIC_URL: 'https://ratings.example.org', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toContain(
      'FIREBASE_AUTH_EMULATOR_HOST',
    );
  });

  it('accepts the emulator on a loopback PUBLIC_URL', () => {
    const config = loadConfig({ ...secret, ...firebaseEnv, PUBLIC_URL: 'http://127.0.0.1:3000', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(config.identityProvider).toBe('firebase');
    expect(config.firebase).toMatchObject({ projectId: PROJECT, emulatorHost: '127.0.0.1:9099' });
  });

  it('needs the project id and the web configuration in firebase mode, and nothing in the default mode', () => {
    const message = configError({ ...secret, IDENTITY_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: PROJECT });
    for (const name of ['FIREBASE_API_KEY', 'FIREBASE_AUTH_DOMAIN', 'FIREBASE_APP_ID']) expect(message).toContain(name);
    expect(configError({ ...secret, ...firebaseEnv, FIREBASE_PROJECT_ID: '' })).toContain('FIREBASE_PROJECT_ID');
    expect(configError({ ...secret, IDENTITY_PROVIDER: 'auth0' })).toContain('IDENTITY_PROVIDER');
    const config = loadConfig({ ...secret, FIREBASE_API_KEY: 'ignored' });
    expect(config).toMatchObject({ identityProvider: 'builtin', firebase: null });
  });
});
