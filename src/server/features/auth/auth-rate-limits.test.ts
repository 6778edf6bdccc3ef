/**
 * Abuse limits through the real HTTP layer. Logins: only failures count, per account (the email and
 * the legacy login together) and per address, and they slow the next attempts down rather than lock
 * the account (login-throttle.ts). The clock is faked (Date only) so the waits pass without sleeping.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '#server/platform/config.js';
import { users } from '#server/platform/db/schema.js';
import { buildApp } from '#server/app.js';
import { RedisRateLimitStore } from '#server/platform/rate-limit/redis-store.js';
import { TestClient, createTestContext, testConfig, type TestContext } from '#server/test/app.js';
import { hashPassword } from './accounts.js';

/** The machine's Redis (CI has one at 127.0.0.1:6379). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOO_MANY = 'Too many failed login attempts. Please try again later.';
const PASSWORD = 'right password 1863';
const LOGIN_WINDOW_MS = 15 * 60_000;

/** 3 free failures per account, 9 per address; the waits are the real ones (1 s doubling to 36 s). */
const strictLimits = {
  ...DEFAULT_RATE_LIMITS,
  login: { limit: 3, windowMs: LOGIN_WINDOW_MS },
  accountEmail: { limit: 2, windowMs: 60_000 },
};

function from(ip: string) {
  return { 'x-forwarded-for': ip };
}

async function postFrom(ctx: TestContext, ip: string, url: string, payload: unknown) {
  const client = new TestClient(ctx.app);
  const token = await ctx.app.inject({ method: 'GET', url: '/api/csrf-token', headers: from(ip) });
  const cookie = token.cookies.find((c) => c.name === 'wor_sid')!;
  client.cookie = `wor_sid=${cookie.value}`;
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...from(ip), cookie: client.cookie, 'csrf-token': token.json().csrfToken },
    payload: payload as object,
  });
}

// argon2 is deliberately slow: hash the one password once.
let passwordHash: Promise<string> | undefined;

/** A verified account with PASSWORD; its legacy username is the part of the email before '@'. */
async function createAccount(ctx: TestContext, username: string) {
  passwordHash ??= hashPassword(PASSWORD);
  await ctx.db
    .insert(users)
    .values({ username, email: `${username.toLowerCase()}@example.test`, passwordHash: await passwordHash, emailVerified: true });
  return { email: `${username.toLowerCase()}@example.test`, username };
}

async function loginStatuses(ctx: TestContext, ip: string, email: string, password: string, times: number) {
  const statuses = [];
  for (let i = 0; i < times; i++) statuses.push((await postFrom(ctx, ip, '/api/auth/login', { email, password })).statusCode);
  return statuses;
}

/** Only Date is faked: timers, and so the database and Redis clients, run as usual. */
function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
}

function advanceClock(ms: number) {
  vi.setSystemTime(Date.now() + ms);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('login throttling in memory', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateLimits: strictLimits, trustProxy: true });
  });
  afterAll(() => ctx.close());

  it('never counts successful logins: 40 in a row from one address all succeed', async () => {
    const players = await Promise.all(['Lan1', 'Lan2', 'Lan3', 'Lan4'].map((name) => createAccount(ctx, name)));
    // A few typos on the way do not matter either (fewer than the address's 9 free failures).
    for (const player of players) expect(await loginStatuses(ctx, '10.0.0.1', player.email, 'typo', 2)).toEqual([401, 401]);
    const statuses = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await postFrom(ctx, '10.0.0.1', '/api/auth/login', { email: players[i % 4]!.email, password: PASSWORD })).statusCode);
    }
    expect(statuses).toEqual(Array<number>(40).fill(200));
  });

  it('refuses an attempt during the wait with 429, Retry-After and the spec message, without checking the password', async () => {
    freezeClock();
    const { email } = await createAccount(ctx, 'Waiting');
    expect(await loginStatuses(ctx, '10.0.1.1', email, 'wrong', 3)).toEqual([401, 401, 401]);
    // The right password is refused too: a password checked during the wait would tell a guesser.
    const refused = await postFrom(ctx, '10.0.1.1', '/api/auth/login', { email, password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY, retryAfter: 1 });
    // Refused attempts do not count: after the wait, the right password works.
    advanceClock(1_000);
    expect((await postFrom(ctx, '10.0.1.1', '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('lets the right password in after the wait, however many failures came before', async () => {
    freezeClock();
    const { email } = await createAccount(ctx, 'Besieged');
    expect(await loginStatuses(ctx, '10.0.2.1', email, 'wrong', 3)).toEqual([401, 401, 401]);
    // A guesser from many addresses: each wrong guess waits for the previous wait to pass.
    const waits = [];
    for (let i = 0; i < 9; i++) {
      const refused = await postFrom(ctx, `10.0.2.${10 + i}`, '/api/auth/login', { email, password: 'wrong' });
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      advanceClock(wait * 1000);
      expect((await postFrom(ctx, `10.0.2.${10 + i}`, '/api/auth/login', { email, password: 'wrong' })).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 36, 36, 36]);
    expect((await postFrom(ctx, '10.0.2.1', '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(429);
    advanceClock(36_000);
    expect((await postFrom(ctx, '10.0.2.1', '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('counts the email login and the legacy username login against one account', async () => {
    freezeClock();
    const { email, username } = await createAccount(ctx, 'Twofold');
    expect(await loginStatuses(ctx, '10.0.3.1', email, 'wrong', 2)).toEqual([401, 401]);
    expect((await postFrom(ctx, '10.0.3.2', '/api/auth/legacy-login', { username: username.toUpperCase(), password: 'wrong' })).statusCode).toBe(401);
    const legacy = await postFrom(ctx, '10.0.3.3', '/api/auth/legacy-login', { username, password: PASSWORD });
    expect(legacy.statusCode).toBe(429);
    expect(legacy.json().message).toBe(TOO_MANY);
    expect((await postFrom(ctx, '10.0.3.3', '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(429);
    advanceClock(1_000);
    expect((await postFrom(ctx, '10.0.3.3', '/api/auth/legacy-login', { username, password: PASSWORD })).statusCode).toBe(200);
  });

  it('resets the account counter on a successful login', async () => {
    const { email } = await createAccount(ctx, 'Forgetful');
    expect(await loginStatuses(ctx, '10.0.4.1', email, 'wrong', 2)).toEqual([401, 401]);
    expect(await loginStatuses(ctx, '10.0.4.1', email, PASSWORD, 1)).toEqual([200]);
    expect(await loginStatuses(ctx, '10.0.4.2', email, 'wrong', 4)).toEqual([401, 401, 401, 429]);
  });

  it('slows down unknown accounts the same way, by the name tried', async () => {
    const statuses = await loginStatuses(ctx, '10.0.5.1', 'Nobody@Example.test', 'x', 4);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('slows down an address after its free failures, and leaves another address alone', async () => {
    freezeClock();
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await postFrom(ctx, '10.0.6.1', '/api/auth/login', { email: `sprayed${i}@example.test`, password: 'x' })).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(9).fill(401), 429]);
    const { email } = await createAccount(ctx, 'Neighbour');
    const refused = await postFrom(ctx, '10.0.6.1', '/api/auth/login', { email, password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect((await postFrom(ctx, '10.0.6.2', '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
    expect((await postFrom(ctx, '10.0.6.2', '/api/auth/login', { email: 'sprayed0@example.test', password: 'x' })).statusCode).toBe(401);
  });

  it('forgets failures a window after the last one', async () => {
    freezeClock();
    const { email } = await createAccount(ctx, 'Patient');
    expect(await loginStatuses(ctx, '10.0.7.1', email, 'wrong', 4)).toEqual([401, 401, 401, 429]);
    advanceClock(LOGIN_WINDOW_MS);
    expect(await loginStatuses(ctx, '10.0.7.1', email, 'wrong', 4)).toEqual([401, 401, 401, 429]);
  });

  it('limits registration, forgot-password and request-verification per address and per email', async () => {
    for (const url of ['/api/auth/forgot-password', '/api/auth/request-verification']) {
      const perEmail = [];
      for (let i = 0; i < 3; i++) perEmail.push((await postFrom(ctx, `10.2.${i}.1`, url, { email: 'same@example.test' })).statusCode);
      expect(perEmail).toEqual([200, 200, 429]);
      const perAddress = [];
      for (let i = 0; i < 3; i++) perAddress.push((await postFrom(ctx, '10.3.0.1', url, { email: `x${i}${url.length}@example.test` })).statusCode);
      expect(perAddress).toEqual([200, 200, 429]);
    }
    const registrations = [];
    for (let i = 0; i < 3; i++) {
      registrations.push(
        (
          await postFrom(ctx, '10.4.0.1', '/api/auth/register', {
            username: `Recruit${i}`,
            email: `recruit${i}@example.test`,
            password: 'password123',
          })
        ).statusCode,
      );
    }
    expect(registrations).toEqual([201, 201, 429]);
  });
});

describe('login throttling in Redis, shared by two app processes', () => {
  let first: TestContext;
  let second: TestContext;
  const prefix = `wor:test:${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });

  beforeAll(async () => {
    // Two apps on one database, like two processes behind a load balancer, each with its own Redis connection.
    const overrides = { rateLimits: strictLimits, trustProxy: true };
    first = await createTestContext(overrides, { rateLimitStore: new RedisRateLimitStore(new Redis(REDIS_URL), prefix) });
    const app = await buildApp({
      config: testConfig(overrides),
      db: first.db,
      logger: false,
      rateLimitStore: new RedisRateLimitStore(new Redis(REDIS_URL), prefix),
    });
    await app.ready();
    second = { app, db: first.db, close: () => app.close() };
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts failures on either process against one account, and a success on one clears it for both', async () => {
    freezeClock();
    const { email, username } = await createAccount(first, 'Shared');
    const statuses = [];
    for (const ctx of [first, second, first]) {
      statuses.push((await postFrom(ctx, '10.9.0.1', '/api/auth/login', { email, password: 'x' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401]);
    const refused = await postFrom(second, '10.9.0.2', '/api/auth/legacy-login', { username, password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    const [key] = await redis.keys(`${prefix}login-failures-account:user:*`);
    const ttl = await redis.pttl(key!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(LOGIN_WINDOW_MS);

    advanceClock(1_000);
    expect((await postFrom(first, '10.9.0.2', '/api/auth/legacy-login', { username, password: PASSWORD })).statusCode).toBe(200);
    expect(await redis.exists(key!)).toBe(0);
    expect(await loginStatuses(second, '10.9.0.3', email, 'x', 3)).toEqual([401, 401, 401]);
  });

  it('counts an address across both processes', async () => {
    freezeClock();
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      const ctx = i % 2 === 0 ? first : second;
      statuses.push((await postFrom(ctx, '10.9.1.1', '/api/auth/login', { email: `spray${i}@example.test`, password: 'x' })).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(9).fill(401), 429]);
  });
});
