/**
 * Issue 34 through the HTTP API: authenticator codes (good once, within one step), recovery codes,
 * the sign-in's second step on every way in, the throttle, staff tools closed without a factor,
 * step-up for the dangerous actions, the mails, and an admin's reset.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { AuthStatus } from '#core/api.js';
import { DEFAULT_RATE_LIMITS } from '#server/platform/config.js';
import { adminAuditLog, notifications, reviews, users } from '#server/platform/db/schema.js';
import { createOfficer, createRegiment, createReview, createUser } from '#server/test/fixtures.js';
import { TestClient, createTestContext, signedInClient, type TestContext } from '#server/test/app.js';
import { codeFor } from '#server/test/second-factor.js';
import { issueToken } from '../tokens.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

const PASSWORD = 'correct horse battery';

/** The codes an authenticator app would show for the secret the set-up call answered. */
function appFor(secret: string) {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
}

/** A member who sets up an authenticator app through the settings calls; answers its secret and codes. */
async function memberWithApp() {
  const member = await signedInClient(ctx);
  const setup = await member.client.post('/api/auth/totp/setup');
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  expect(otpauthUrl).toContain('period=30');
  const enabled = await member.client.post('/api/auth/totp/enable', { code: appFor(secret).generate() });
  expect(enabled.statusCode).toBe(200);
  const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
  return { ...member, secret, recoveryCodes };
}

async function passwordLogin(email: string) {
  const client = new TestClient(ctx.app);
  const response = await client.post('/api/auth/login', { email, password: PASSWORD });
  return { client, response };
}

async function statusOf(client: TestClient) {
  return (await client.get('/api/auth/status')).json<AuthStatus>();
}

async function securityNotices(userId: number) {
  const rows = await ctx.db
    .select({ data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'account_security')));
  return rows.map((row) => (row.data as { event: string }).event);
}

describe('authenticator codes (issue 34, item 1)', () => {
  it('enrols with a code from the app, answers ten recovery codes once, and the status names the factor', async () => {
    const member = await memberWithApp();
    expect(member.recoveryCodes).toHaveLength(10);
    expect(new Set(member.recoveryCodes).size).toBe(10);
    for (const code of member.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await statusOf(member.client)).user?.secondFactor).toEqual({ enrolled: true, methods: ['totp'] });
    const security = (await member.client.get('/api/auth/security')).json();
    expect(security).toMatchObject({ totp: { enabled: true }, passkeys: [], recoveryCodesRemaining: 10, required: false });
    expect(await securityNotices(member.userId)).toEqual(['factor_added']);
  });

  it('refuses a wrong code at enrolment and leaves the app off', async () => {
    const member = await signedInClient(ctx);
    await member.client.post('/api/auth/totp/setup');
    const wrong = await member.client.post('/api/auth/totp/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That code is not right, or it was already used. Wait for a new code and try again.');
    expect((await statusOf(member.client)).user?.secondFactor?.enrolled).toBe(false);
  });

  it('asks for the factor after the right password: not signed in until the code', async () => {
    const member = await memberWithApp();
    const { client, response } = await passwordLogin(member.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ needsSecondFactor: true, methods: ['totp', 'recovery'] });
    expect((await statusOf(client)).authenticated).toBe(false);
    expect((await client.get('/api/users/me/settings')).statusCode).toBe(401);

    const pendingCookie = client.cookie;
    const second = await client.post('/api/auth/second-factor', { code: appFor(member.secret).generate({ timestamp: Date.now() + 30_000 }) });
    expect(second.statusCode).toBe(200);
    expect(second.json().user).toMatchObject({ id: member.userId, secondFactor: { enrolled: true, methods: ['totp'] } });
    expect(client.cookie).not.toBe(pendingCookie);
    expect((await statusOf(client)).authenticated).toBe(true);
  });

  it('refuses a code used once already, even within its 30 seconds', async () => {
    const member = await memberWithApp();
    const code = appFor(member.secret).generate({ timestamp: Date.now() + 30_000 });
    const first = await passwordLogin(member.email);
    expect((await first.client.post('/api/auth/second-factor', { code })).statusCode).toBe(200);
    const second = await passwordLogin(member.email);
    const replay = await second.client.post('/api/auth/second-factor', { code });
    expect(replay.statusCode).toBe(401);
    expect((await statusOf(second.client)).authenticated).toBe(false);
  });

  it("refuses a code two steps old, and takes one a step old (the server's clock may lead the phone's)", async () => {
    const member = await memberWithApp();
    const { client } = await passwordLogin(member.email);
    // The enrolment used the current step: a code of an earlier step than the last one used is refused too.
    expect((await client.post('/api/auth/second-factor', { code: codeFor(member.secret, 2) })).statusCode).toBe(401);

    const fresh = await signedInClient(ctx);
    const setup = (await fresh.client.post('/api/auth/totp/setup')).json<{ secret: string }>();
    // Enrolled with the previous step's code: the server keeps that step as the last one used.
    expect((await fresh.client.post('/api/auth/totp/enable', { code: codeFor(setup.secret, 1) })).statusCode).toBe(200);
    const login = await passwordLogin(fresh.email);
    expect((await login.client.post('/api/auth/second-factor', { code: codeFor(setup.secret, 2) })).statusCode).toBe(401);
    expect((await login.client.post('/api/auth/second-factor', { code: codeFor(setup.secret, 0) })).statusCode).toBe(200);
  });

  it('turns off only with a current code, and tells the account', async () => {
    const member = await memberWithApp();
    expect((await member.client.post('/api/auth/totp/disable', { code: '123456' })).statusCode).toBe(400);
    const off = await member.client.post('/api/auth/totp/disable', { code: appFor(member.secret).generate({ timestamp: Date.now() + 30_000 }) });
    expect(off.statusCode).toBe(200);
    expect((await statusOf(member.client)).user?.secondFactor?.enrolled).toBe(false);
    // With no factor left the recovery codes go too, and the password alone signs in again.
    expect((await member.client.get('/api/auth/security')).json().recoveryCodesRemaining).toBe(0);
    expect((await passwordLogin(member.email)).response.json().user.id).toBe(member.userId);
    expect(await securityNotices(member.userId)).toEqual(['factor_added', 'factor_removed']);
  });
});

describe('recovery codes (issue 34, item 6)', () => {
  it('signs in once with a recovery code, which is then spent, and tells the account', async () => {
    const member = await memberWithApp();
    const [code] = member.recoveryCodes;
    const first = await passwordLogin(member.email);
    // Typed in capitals and without the hyphen: still the code.
    const used = await first.client.post('/api/auth/second-factor', { recoveryCode: code!.replace('-', '').toUpperCase() });
    expect(used.statusCode).toBe(200);
    expect((await first.client.get('/api/auth/security')).json().recoveryCodesRemaining).toBe(9);

    const again = await passwordLogin(member.email);
    const spent = await again.client.post('/api/auth/second-factor', { recoveryCode: code });
    expect(spent.statusCode).toBe(401);
    expect(spent.json().message).toBe('That recovery code is not right, or it was already used.');
    expect(await securityNotices(member.userId)).toContain('recovery_code_used');
  });

  it('makes a new set only after a recent factor check, and the old codes stop working', async () => {
    const member = await memberWithApp();
    // The enrolment's code counts as the check: a new set is made at once.
    const renewed = await member.client.post('/api/auth/recovery-codes');
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    const login = await passwordLogin(member.email);
    expect((await login.client.post('/api/auth/second-factor', { recoveryCode: member.recoveryCodes[0] })).statusCode).toBe(401);
    expect((await login.client.post('/api/auth/second-factor', { recoveryCode: fresh[0] })).statusCode).toBe(200);
    expect(await securityNotices(member.userId)).toContain('recovery_codes_renewed');
  });
});

describe('every way in asks for the factor (issue 34, item 3)', () => {
  it('the legacy login answers needsSecondFactor and signs nobody in', async () => {
    const member = await memberWithApp();
    const client = new TestClient(ctx.app);
    const response = await client.post('/api/auth/legacy-login', { username: member.username, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ needsSecondFactor: true, methods: ['totp', 'recovery'] });
    expect((await statusOf(client)).authenticated).toBe(false);
  });

  it('a password reset never signs in past the factor', async () => {
    const member = await memberWithApp();
    const code = await issueToken(ctx.db, member.userId, 'reset_password');
    const client = new TestClient(ctx.app);
    const reset = await client.post('/api/auth/reset-password', { code, password: 'Brand-new-password-1' });
    expect(reset.statusCode).toBe(200);
    expect((await statusOf(client)).authenticated).toBe(false);
    const login = await client.post('/api/auth/login', { email: member.email, password: 'Brand-new-password-1' });
    expect(login.json()).toMatchObject({ needsSecondFactor: true });
    expect((await statusOf(client)).authenticated).toBe(false);
  });

  it('a second step without a sign-in in progress is refused', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.post('/api/auth/second-factor', { code: '123456' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Your sign-in has expired. Enter your email and password again.');
  });

  it('refuses a malformed code with a field error, before any check', async () => {
    const { client } = await passwordLogin((await memberWithApp()).email);
    const response = await client.post('/api/auth/second-factor', { code: '12ab' });
    expect(response.statusCode).toBe(400);
  });
});

describe('failed codes are throttled like failed passwords (issue 34, item 3)', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestContext({ rateLimits: { ...DEFAULT_RATE_LIMITS, login: { limit: 3, windowMs: 60_000 } } });
  });
  afterAll(() => strict.close());

  it('slows the account down after the free failures, and the right password does not clear them', async () => {
    const member = await signedInClient(strict, { role: 'moderator' });
    const client = new TestClient(strict.app);
    expect((await client.post('/api/auth/login', { email: member.email, password: PASSWORD })).json().needsSecondFactor).toBe(true);
    for (let i = 0; i < 3; i += 1) expect((await client.post('/api/auth/second-factor', { code: '000000' })).statusCode).toBe(401);
    // A right password again: the code's failures stand.
    expect((await client.post('/api/auth/login', { email: member.email, password: PASSWORD })).json().needsSecondFactor).toBe(true);
    const slowed = await client.post('/api/auth/second-factor', { code: codeFor(member.totpSecret!) });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBeDefined();
  });
});

describe('staff need a factor (issue 34, item 4)', () => {
  it('refuses every staff call to an admin without one, with the message; allows them after enrolment and a code', async () => {
    const admin = await signedInClient(ctx, { role: 'admin', secondFactor: false });
    // Signed in: the password alone is enough to reach the enrolment.
    expect((await statusOf(admin.client)).user?.secondFactor).toEqual({ enrolled: false, methods: [] });
    expect((await admin.client.get('/api/auth/security')).json().required).toBe(true);

    const staffRoutes = ctx.app.routeList.filter((route) => route.url.startsWith('/api/admin/') && route.method !== 'HEAD');
    expect(staffRoutes.length).toBeGreaterThan(20);
    const call = (route: (typeof staffRoutes)[number]) => {
      const url = route.url
        .replace(/:action/g, 'approve')
        .replace(/:type/g, 'review')
        .replace(/:[A-Za-z]+/g, '987654');
      return route.method === 'GET' ? admin.client.get(url) : admin.client.write(route.method as 'POST', url, {});
    };
    for (const route of staffRoutes) {
      const response = await call(route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json(), `${route.method} ${route.url}`).toEqual({
        code: 'SECOND_FACTOR_REQUIRED',
        message: 'Set up a second factor to use staff tools.',
      });
    }

    const setup = (await admin.client.post('/api/auth/totp/setup')).json<{ secret: string }>();
    expect((await admin.client.post('/api/auth/totp/enable', { code: appFor(setup.secret).generate() })).statusCode).toBe(200);
    for (const route of staffRoutes) {
      const response = await call(route);
      expect([401, 403], `${route.method} ${route.url}: ${response.body}`).not.toContain(response.statusCode);
    }
  });

  it("a moderator without a factor is refused the moderation calls, and a staff delete of someone's review", async () => {
    const moderator = await signedInClient(ctx, { role: 'moderator', secondFactor: false });
    const response = await moderator.client.get('/api/admin/appeals');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Set up a second factor to use staff tools.');

    const regiment = await createRegiment(ctx.db);
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id });
    const author = await createUser(ctx.db);
    const review = await createReview(ctx.db, { userId: author.id, officerId: officer.id });
    const removal = await moderator.client.write('DELETE', `/api/reviews/${review.id}`);
    expect(removal.statusCode).toBe(403);
    expect(removal.json().code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await ctx.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, review.id))).length).toBe(1);
  });
});

describe('step-up for the dangerous actions (issue 34, item 5)', () => {
  it('asks for a factor again for a ban more than 5 minutes after the last check, then bans', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const admin = await signedInClient(ctx, { isAdmin: true });
    const target = await signedInClient(ctx);
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
    const refused = await admin.client.write('PATCH', `/api/admin/users/${target.userId}/ban`, {});
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      code: 'STEP_UP_REQUIRED',
      stepUp: true,
      message: 'Confirm it is you: enter a code from your authenticator app, or use a passkey.',
    });
    const [still] = await ctx.db.select({ isBanned: users.isBanned }).from(users).where(eq(users.id, target.userId));
    expect(still?.isBanned).toBe(false);

    const stepped = await admin.client.post('/api/auth/second-factor', { code: codeFor(admin.totpSecret!) });
    expect(stepped.statusCode).toBe(200);
    // Still the same session: a step-up is not a new sign-in.
    expect((await statusOf(admin.client)).user?.id).toBe(admin.userId);
    expect((await admin.client.write('PATCH', `/api/admin/users/${target.userId}/ban`, {})).statusCode).toBe(200);
  });

  it('a ban within 5 minutes of the sign-in with a factor needs no step-up', async () => {
    const admin = await signedInClient(ctx, { isAdmin: true });
    const target = await signedInClient(ctx);
    expect((await admin.client.write('PATCH', `/api/admin/users/${target.userId}/ban`, {})).statusCode).toBe(200);
  });
});

describe("mails at once (issue 34, item 7) and an admin's reset (item 6)", () => {
  it('mails a staff sign-in from a browser the account has not used, once per browser', async () => {
    const moderator = await signedInClient(ctx, { role: 'moderator' });
    expect(await securityNotices(moderator.userId)).toEqual(['new_browser']);
    const [notice] = await ctx.db
      .select({ data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.userId, moderator.userId), eq(notifications.kind, 'account_security')));
    expect(notice?.data).toMatchObject({ event: 'new_browser', browser: expect.any(String) });

    // The same browser signs in again: nothing new to tell.
    const again = moderator.client;
    await again.post('/api/auth/logout');
    await again.post('/api/auth/login', { email: moderator.email, password: PASSWORD });
    await again.post('/api/auth/second-factor', { code: codeFor(moderator.totpSecret!, 0, Date.now() + 30_000) });
    expect((await statusOf(again)).authenticated).toBe(true);
    expect(await securityNotices(moderator.userId)).toEqual(['new_browser']);
  });

  it('an admin removes the factors of an account that lost them: audit-logged, told, and the password alone signs in', async () => {
    const admin = await signedInClient(ctx, { isAdmin: true });
    const member = await memberWithApp();
    const reset = await admin.client.write('DELETE', `/api/admin/users/${member.userId}/second-factor`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(`${member.username}'s second factors are removed; they can sign in with their password and enrol again.`);
    const [entry] = await ctx.db
      .select({ summary: adminAuditLog.summary, adminId: adminAuditLog.adminId })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'user.second_factor_reset'), eq(adminAuditLog.targetId, member.userId)));
    expect(entry).toEqual({ summary: `Removed every second factor of '${member.username}'`, adminId: admin.userId });
    expect(await securityNotices(member.userId)).toContain('factors_reset');
    // Their old session ended with the factors.
    expect((await statusOf(member.client)).authenticated).toBe(false);
    expect((await passwordLogin(member.email)).response.json().user.id).toBe(member.userId);
    expect((await admin.client.write('DELETE', `/api/admin/users/${member.userId}/second-factor`)).statusCode).toBe(400);
  });
});
