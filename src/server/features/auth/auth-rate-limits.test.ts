import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config.js';
import { RedisRateLimitStore } from '../../rate-limit/redis-store.js';
import { TestClient, createTestContext, type TestContext } from '../../test/app.js';

/** The machine's Redis (CI has one at 127.0.0.1:6379). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const strictLimits = {
  ...DEFAULT_RATE_LIMITS,
  login: { limit: 3, windowMs: 60_000 },
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

describe('abuse limits in memory', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ rateLimits: strictLimits, trustProxy: true });
  });
  afterAll(() => ctx.close());

  it('limits login attempts per address with Retry-After and the spec message', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await postFrom(ctx, '10.0.0.1', '/api/auth/login', { email: `a${i}@example.test`, password: 'x' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const refused = await postFrom(ctx, '10.0.0.1', '/api/auth/login', { email: 'b@example.test', password: 'x' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toBe('Too many failed login attempts. Please try again later.');
    // Another address is not affected.
    expect((await postFrom(ctx, '10.0.0.2', '/api/auth/login', { email: 'b@example.test', password: 'x' })).statusCode).toBe(401);
  });

  it('limits login attempts per account across addresses', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await postFrom(ctx, `10.1.0.${i}`, '/api/auth/login', { email: 'target@example.test', password: 'x' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
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
        (await postFrom(ctx, '10.4.0.1', '/api/auth/register', { username: `Recruit${i}`, email: `recruit${i}@example.test`, password: 'password123' }))
          .statusCode,
      );
    }
    expect(registrations).toEqual([201, 201, 429]);
  });
});

describe('abuse limits in Redis, shared by two app processes', () => {
  let first: TestContext;
  let second: TestContext;
  const prefix = `wor:test:${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });

  beforeAll(async () => {
    // Two apps, like two processes behind a load balancer, each with its own connection.
    first = await createTestContext({ rateLimits: strictLimits, trustProxy: true }, { rateLimitStore: new RedisRateLimitStore(new Redis(REDIS_URL), prefix) });
    second = await createTestContext({ rateLimits: strictLimits, trustProxy: true }, { rateLimitStore: new RedisRateLimitStore(new Redis(REDIS_URL), prefix) });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts attempts on either process against one limit', async () => {
    const statuses = [];
    for (const ctx of [first, second, first, second]) {
      statuses.push((await postFrom(ctx, '10.9.0.1', '/api/auth/login', { email: 'shared@example.test', password: 'x' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const ttl = await redis.pttl(`${prefix}login-ip:10.9.0.1`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
