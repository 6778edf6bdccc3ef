import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#core/messages.js';
import { authTokens, sessions, users } from '#server/platform/db/schema.js';
import { TestClient, createTestContext, type TestContext } from '#server/test/app.js';
import { Mailbox, actionCodeOf } from '#server/test/mailbox.js';

let ctx: TestContext;
const mailbox = new Mailbox();
beforeAll(async () => {
  ctx = await createTestContext({ smtpUrl: await mailbox.start(), publicUrl: 'http://ratings.test:3000' });
});
afterAll(async () => {
  await ctx.close();
  await mailbox.stop();
});

let n = 0;
async function registered(verified: boolean) {
  n += 1;
  const account = { username: `Cavalry${n}`, email: `cavalry${n}@example.test`, password: 'Stuart-1863' };
  const client = new TestClient(ctx.app);
  expect((await client.post('/api/auth/register', account)).statusCode).toBe(201);
  const mail = await mailbox.waitFor(account.email);
  if (verified) {
    const code = actionCodeOf(mail, 'verifyEmail');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email/${code}` })).statusCode).toBe(200);
  }
  return { ...account, client, mail };
}

describe('email verification', () => {
  it('mails a link of the spec shape, on our own origin, with plain text and HTML', async () => {
    const { mail, username } = await registered(false);
    const link = mail.links.find((l) => l.includes('/__/auth/action'))!;
    expect(link).toMatch(/^http:\/\/ratings\.test:3000\/__\/auth\/action\?mode=verifyEmail&oobCode=[\w-]{43}$/);
    expect(mail.subject).toContain('War of Rights Officer Ratings');
    expect(mail.raw).toContain('text/plain');
    expect(mail.raw).toContain('text/html');
    expect(mail.raw).toContain(username);
  });

  it('verifies once, and a used link still counts as verified', async () => {
    const { mail, email } = await registered(false);
    const code = actionCodeOf(mail, 'verifyEmail');
    const first = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email/${code}` });
    expect(first.json()).toEqual({ success: true, message: MSG.verifyEmail.verified });
    const second = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email/${code}` });
    expect(second.json()).toEqual({ success: true, message: MSG.verifyEmail.alreadyVerified });
    const [user] = await ctx.db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
  });

  it('refuses an unknown or expired code with the spec message', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/auth/verify-email/not-a-real-code-0123456789abcdef' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false, message: 'Failed to verify your email. The link may have expired or already been used.' });

    const { mail } = await registered(false);
    await ctx.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(authTokens.purpose, 'verify_email'));
    const expired = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email/${actionCodeOf(mail, 'verifyEmail')}` });
    expect(expired.statusCode).toBe(400);
  });

  it('stores only a hash of each code', async () => {
    const { mail } = await registered(false);
    const code = actionCodeOf(mail, 'verifyEmail');
    const rows = await ctx.db.select({ tokenHash: authTokens.tokenHash }).from(authTokens);
    expect(rows.some((r) => r.tokenHash === code)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('sends a new mail when an unverified account tries to log in', async () => {
    const { email, password, client } = await registered(false);
    const before = mailbox.countFor(email);
    const login = await client.post('/api/auth/login', { email, password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ needsVerification: true, message: 'Please check your email to verify your account before logging in.' });
    await mailbox.waitFor(email, { after: mailbox.messages.length - 1 });
    await expect.poll(() => mailbox.countFor(email)).toBe(before + 1);
  });

  it('answers request-verification the same way whether or not the account exists', async () => {
    const { email } = await registered(false);
    const verified = await registered(true);
    const client = new TestClient(ctx.app);
    const answers = await Promise.all(
      [email, verified.email, 'nobody@example.test'].map((address) => client.post('/api/auth/request-verification', { email: address })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    await expect.poll(() => mailbox.countFor(email)).toBe(2);
    expect(mailbox.countFor('nobody@example.test')).toBe(0);
    // An already verified account gets no new verification mail.
    expect(mailbox.countFor(verified.email)).toBe(1);
  });
});

describe('password reset', () => {
  it('mails a link, shows the account, sets the new password and ends every session', async () => {
    const account = await registered(true);
    const signedIn = new TestClient(ctx.app);
    expect((await signedIn.post('/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(200);

    const asker = new TestClient(ctx.app);
    const answer = await asker.post('/api/auth/forgot-password', { email: account.email });
    expect(answer.json()).toEqual({ success: true, message: MSG.forgotPassword.requested });
    const mail = await mailbox.waitFor(account.email, { after: mailbox.messages.length });
    const code = actionCodeOf(mail, 'resetPassword');

    const shown = await asker.get(`/api/auth/reset-password/${code}`);
    expect(shown.json()).toEqual({ email: account.email });

    const weak = await asker.post('/api/auth/reset-password', { code, password: 'alllowercase1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MSG.resetPassword.rule);

    const done = await asker.post('/api/auth/reset-password', { code, password: 'NewPassword9' });
    expect(done.json()).toEqual({ success: true, message: MSG.resetPassword.done });

    // The session signed in before the reset is over.
    expect((await signedIn.get('/api/auth/status')).json().authenticated).toBe(false);
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);

    const fresh = new TestClient(ctx.app);
    expect((await fresh.post('/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(401);
    expect((await fresh.post('/api/auth/login', { email: account.email, password: 'NewPassword9' })).statusCode).toBe(200);

    // The link is single use.
    const again = await asker.post('/api/auth/reset-password', { code, password: 'OtherPassword9' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid or expired password reset link. Please request a new one.');
    expect((await asker.get(`/api/auth/reset-password/${code}`)).statusCode).toBe(400);
  });

  it('expires after an hour', async () => {
    const account = await registered(true);
    await new TestClient(ctx.app).post('/api/auth/forgot-password', { email: account.email });
    const mail = await mailbox.waitFor(account.email, { after: mailbox.messages.length });
    await ctx.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.purpose, 'reset_password'));
    const response = await new TestClient(ctx.app).post('/api/auth/reset-password', {
      code: actionCodeOf(mail, 'resetPassword'),
      password: 'NewPassword9',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const account = await registered(true);
    const client = new TestClient(ctx.app);
    const known = await client.post('/api/auth/forgot-password', { email: account.email });
    const unknown = await client.post('/api/auth/forgot-password', { email: 'ghost@example.test' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await mailbox.waitFor(account.email, { after: mailbox.messages.length - 1 });
    expect(mailbox.countFor('ghost@example.test')).toBe(0);
  });
});

describe('sessions', () => {
  it('end when idle or past their absolute lifetime, and a used session is extended', async () => {
    const account = await registered(true);
    const client = new TestClient(ctx.app);
    await client.post('/api/auth/login', { email: account.email, password: account.password });
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    const byUser = eq(sessions.userId, user!.id);

    // Close to its idle end: a request pushes the end forward.
    await ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 minute'` })
      .where(byUser);
    expect((await client.get('/api/auth/status')).json().authenticated).toBe(true);
    const [extended] = await ctx.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(byUser);
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 3_600_000);

    // Idle past its end.
    await ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(byUser);
    expect((await client.get('/api/auth/status')).json().authenticated).toBe(false);

    // Past its absolute end, however recently used.
    await client.post('/api/auth/login', { email: account.email, password: account.password });
    await ctx.db
      .update(sessions)
      .set({ absoluteExpiresAt: sql`now() - interval '1 second'` })
      .where(byUser);
    expect((await client.get('/api/auth/status')).json().authenticated).toBe(false);
  });
});
