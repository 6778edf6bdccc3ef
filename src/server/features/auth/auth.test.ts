import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestContext, type TestContext } from '#server/test/app.js';
import { Mailbox, actionCodeOf } from '#server/test/mailbox.js';

let ctx: TestContext;
const mailbox = new Mailbox();
beforeAll(async () => {
  const smtpUrl = await mailbox.start();
  ctx = await createTestContext({ adminEmails: new Set(['chief@example.test']), smtpUrl });
});
afterAll(async () => {
  await ctx.close();
  await mailbox.stop();
});

/** Follows the verification link of the newest mail to `email`. */
async function verifyThroughMail(email: string) {
  const mail = await mailbox.waitFor(email);
  const response = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email/${actionCodeOf(mail, 'verifyEmail')}` });
  expect(response.statusCode).toBe(200);
}

const good = { username: 'Buford', email: 'buford@example.test', password: 'gettysburg63' };

describe('CSRF', () => {
  it('refuses a write without a token with a message naming the CSRF token', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co', password: 'x' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('CSRF token');
  });

  it('refuses a token from another session', async () => {
    const a = new TestClient(ctx.app);
    const b = new TestClient(ctx.app);
    await a.fetchCsrfToken();
    await b.fetchCsrfToken();
    a.csrfToken = b.csrfToken;
    const response = await a.post('/api/auth/logout', {});
    expect(response.statusCode).toBe(403);
  });

  it('hands out a token bound to an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/csrf-token' });
    expect(response.json().csrfToken).toMatch(/^[\w-]{43}$/);
    const cookie = response.cookies.find((c) => c.name === 'wor_sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeFalsy();
  });
});

describe('registration', () => {
  it('creates the account, mails a verification link, and keeps the user signed out until verified', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.post('/api/auth/register', good);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      needsVerification: true,
      message: 'Registration successful! Please check your email to verify your account.',
      user: { username: 'Buford', isAdmin: false, officerId: null, steamId: null },
    });
    expect((await client.get('/api/auth/status')).json()).toEqual({ authenticated: false, user: null });

    const login = await client.post('/api/auth/login', { email: good.email, password: good.password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ needsVerification: true });

    await verifyThroughMail(good.email);
    const afterVerification = await client.post('/api/auth/login', { email: good.email, password: good.password });
    expect(afterVerification.statusCode).toBe(200);
    expect((await client.get('/api/auth/status')).json()).toMatchObject({ authenticated: true, user: { username: 'Buford', isOfficer: false } });
  });

  it('refuses a taken username and a taken email, whatever their case', async () => {
    const client = new TestClient(ctx.app);
    const byName = await client.post('/api/auth/register', { ...good, username: 'BUFORD', email: 'other@example.test' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().message).toMatch(/username.*taken/i);
    const byEmail = await client.post('/api/auth/register', { ...good, username: 'Reynolds', email: 'Buford@Example.test' });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().message).toMatch(/email.*in use/i);
  });

  it.each([
    [{ ...good, username: 'ab' }, 'Username must be at least 3 characters'],
    [{ ...good, email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ ...good, password: 'short' }, 'Password must be at least 8 characters'],
  ])('validates with the spec messages (%#)', async (body, message) => {
    const response = await new TestClient(ctx.app).post('/api/auth/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('makes an account listed in ADMIN_EMAILS an admin', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.post('/api/auth/register', { username: 'Chief', email: 'chief@example.test', password: 'password123' });
    expect(response.json().user.isAdmin).toBe(true);
    await verifyThroughMail('chief@example.test');
  });
});

describe('login and logout', () => {
  it('signs in with a new session id and out again', async () => {
    const client = new TestClient(ctx.app);
    await client.fetchCsrfToken();
    const anonymousCookie = client.cookie;
    const login = await client.post('/api/auth/login', { email: 'BUFORD@example.test', password: good.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.username).toBe('Buford');
    expect(client.cookie).not.toBe(anonymousCookie);

    const signedInCookie = client.cookie;
    const logout = await client.post('/api/auth/logout', {});
    expect(logout.statusCode).toBe(200);
    expect((await client.get('/api/auth/status')).json()).toEqual({ authenticated: false, user: null });
    // The old cookie is dead on the server, not just forgotten by the browser.
    const replay = await ctx.app.inject({ method: 'GET', url: '/api/auth/status', headers: { cookie: signedInCookie } });
    expect(replay.json().authenticated).toBe(false);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const client = new TestClient(ctx.app);
    const wrong = await client.post('/api/auth/login', { email: good.email, password: 'wrong-password' });
    const unknown = await client.post('/api/auth/login', { email: 'nobody@example.test', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('accepts the legacy username login', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.post('/api/auth/legacy-login', { username: 'buford', password: good.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    const bad = await client.post('/api/auth/legacy-login', { username: 'buford', password: 'nope-nope' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Invalid credentials');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const client = new TestClient(ctx.app);
    await client.fetchCsrfToken();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: client.cookie, 'csrf-token': client.csrfToken, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('unknown API paths', () => {
  it('answer 404 with a JSON message', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBeTruthy();
  });
});
