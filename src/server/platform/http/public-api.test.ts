/**
 * The public read API's CORS and per-address limit (issue 19), over real HTTP on loopback: a kept
 * answer is written by the front server before Fastify sees the request (read-cache/front-server.ts),
 * so both paths must give the same headers and count against the same limit.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#core/messages.js';
import { createTestContext, testConfig, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment } from '#server/test/fixtures.js';
import { cachePolicyProblems, publicTagsOf } from '#server/platform/read-cache/route-policy.js';
import { isPublicRead } from './public-api.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(
  port: number,
  method: string,
  path: string,
  { headers = {}, from = '127.0.0.1' }: { headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: '127.0.0.1', port, method, path, headers, localAddress: from, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function listen(ctx: TestContext): Promise<number> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return (ctx.app.server.address() as AddressInfo).port;
}

/** Answers the front server wrote from memory so far. */
async function readyAnswers(ctx: TestContext): Promise<number> {
  return (await ctx.app.metrics.readyAnswers.get()).values[0]?.value ?? 0;
}

const ORIGIN = { origin: 'https://roster-bot.example' };

describe('which routes are public reads', () => {
  let ctx: TestContext;
  beforeAll(async () => (ctx = await createTestContext()));
  afterAll(() => ctx.close());

  it('are the GETs under /api that are the same for everyone, outside sign-in and administration', () => {
    const reads = ctx.app.routeList.filter((route) => route.method === 'GET' && isPublicRead(route)).map((route) => route.url);
    expect(reads).toEqual(
      expect.arrayContaining(['/api/sides', '/api/officers/:id', '/api/search/officers', '/api/images/:fileName', '/api/openapi.json']),
    );
    for (const url of [
      '/api/csrf-token',
      '/api/auth/status',
      '/api/auth/config',
      '/api/users/me/settings',
      '/api/reviews/my',
      '/api/admin/users',
      '/readyz',
    ]) {
      expect(reads, url).not.toContain(url);
    }
    expect(cachePolicyProblems(ctx.app.routeList)).toEqual([]);
  });

  it('include every route whose answers are kept, so the front server may give every kept answer the CORS headers', () => {
    const kept = ctx.app.routeList.filter((route) => publicTagsOf(route.config?.cache));
    expect(kept.length).toBeGreaterThan(10);
    for (const route of kept) expect(isPublicRead(route), route.url).toBe(true);
  });
});

describe('CORS', () => {
  let ctx: TestContext;
  let port: number;
  let officerId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    port = await listen(ctx);
    const regiment = await createRegiment(ctx.db);
    officerId = (await createOfficer(ctx.db, { regimentId: regiment.id })).id;
  });
  afterAll(() => ctx.close());

  it('lets any origin read a public GET, without credentials, whether computed or answered from memory', async () => {
    const before = await readyAnswers(ctx);
    for (const url of [`/api/officers/${officerId}`, `/api/officers/${officerId}`, '/api/sides', '/api/sides', '/api/openapi.json']) {
      const answer = await request(port, 'GET', url, { headers: ORIGIN });
      expect(answer.status, url).toBe(200);
      expect(answer.headers['access-control-allow-origin'], url).toBe('*');
      expect(answer.headers['access-control-allow-credentials'], url).toBeUndefined();
      expect(answer.headers['access-control-expose-headers'], url).toBe('ETag, Retry-After');
      expect(answer.headers.etag, url).toBeDefined();
    }
    // The second of each pair came from memory, before Fastify: the front server added them too.
    expect((await readyAnswers(ctx)) - before).toBeGreaterThanOrEqual(2);
  });

  it("lets a script read a public GET's refusal too", async () => {
    const missing = await request(port, 'GET', '/api/officers/2147483647', { headers: ORIGIN });
    expect(missing.status).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    const malformed = await request(port, 'GET', '/api/officers/abc', { headers: ORIGIN });
    expect(malformed.status).toBe(400);
    expect(malformed.headers['access-control-allow-origin']).toBe('*');
  });

  it('gives no CORS headers to writes, sign-in, administration or per-user answers', async () => {
    const others: Array<[string, string]> = [
      ['POST', '/api/reviews'],
      ['PATCH', `/api/officers/${officerId}/edit`],
      ['DELETE', `/api/officers/${officerId}`],
      ['GET', '/api/csrf-token'],
      ['GET', '/api/auth/status'],
      ['GET', '/api/auth/config'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/users/me/settings'],
      ['GET', '/api/reviews/my'],
      ['GET', '/api/reviews/1/vote'],
      ['GET', '/api/no-such-thing'],
    ];
    for (const [method, url] of others) {
      const answer = await request(port, method, url, { headers: ORIGIN });
      expect(answer.status, `${method} ${url}`).not.toBe(500);
      expect(answer.headers['access-control-allow-origin'], `${method} ${url}`).toBeUndefined();
    }
  });

  it('answers the preflight of a public read, and no other', async () => {
    const preflight = (url: string, method: string) =>
      request(port, 'OPTIONS', url, {
        headers: { ...ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': 'if-none-match' },
      });

    for (const url of [`/api/officers/${officerId}`, '/api/search/officers?q=Lee', '/api/REVIEWS/officer/1']) {
      const answer = await preflight(url, 'GET');
      expect(answer.status, url).toBe(204);
      expect(answer.headers['access-control-allow-origin'], url).toBe('*');
      expect(answer.headers['access-control-allow-methods'], url).toBe('GET, HEAD, OPTIONS');
      expect(answer.headers['access-control-allow-headers'], url).toContain('If-None-Match');
      expect(answer.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
    const refused: Array<[string, string]> = [
      [`/api/officers/${officerId}`, 'DELETE'],
      ['/api/reviews', 'POST'],
      ['/api/admin/users', 'GET'],
      ['/api/auth/config', 'GET'],
      ['/api/users/me/settings', 'GET'],
      ['/api/no-such-thing', 'GET'],
    ];
    for (const [url, method] of refused) {
      const answer = await preflight(url, method);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.headers['access-control-allow-origin'], `${method} ${url}`).toBeUndefined();
      expect(answer.headers['access-control-allow-methods'], `${method} ${url}`).toBeUndefined();
    }
  });
});

describe('the per-address limit', () => {
  const LIMIT = 5;
  let ctx: TestContext;
  let port: number;

  beforeAll(async () => {
    ctx = await createTestContext({ rateLimits: { ...testConfig().rateLimits, publicRead: { limit: LIMIT, windowMs: 60_000 } } });
    port = await listen(ctx);
  });
  afterAll(() => ctx.close());

  it('refuses an address past its budget, answers from memory included, with 429 and Retry-After', async () => {
    const before = await readyAnswers(ctx);
    for (let i = 0; i < LIMIT - 1; i++) expect((await request(port, 'GET', '/api/sides')).status).toBe(200);
    // Most of those came from memory: they counted all the same.
    expect((await readyAnswers(ctx)) - before).toBe(LIMIT - 2);
    // A preflight counts too.
    expect((await request(port, 'OPTIONS', '/api/sides', { headers: { ...ORIGIN, 'access-control-request-method': 'GET' } })).status).toBe(204);

    const refused = await request(port, 'GET', '/api/sides', { headers: ORIGIN });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(refused.body)).toEqual({
      code: 'RATE_LIMITED',
      message: MSG.server.rateLimited,
      retryAfter: Number(refused.headers['retry-after']),
    });
    // A computed read is refused as well.
    expect((await request(port, 'GET', '/api/regiments')).status).toBe(429);
  });

  it('leaves other addresses, and what is not a public read, alone', async () => {
    expect((await request(port, 'GET', '/api/sides', { from: '127.0.0.2' })).status).toBe(200);
    expect((await request(port, 'GET', '/api/csrf-token')).status).toBe(200);
    expect((await request(port, 'GET', '/api/auth/status')).status).toBe(200);
  });
});

describe('the per-address limit behind a load balancer', () => {
  let ctx: TestContext;
  let port: number;

  beforeAll(async () => {
    ctx = await createTestContext({ trustProxy: true, rateLimits: { ...testConfig().rateLimits, publicRead: { limit: 2, windowMs: 60_000 } } });
    port = await listen(ctx);
  });
  afterAll(() => ctx.close());

  it("counts each client address of X-Forwarded-For, the front server's answers as Fastify's", async () => {
    const client = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    expect((await request(port, 'GET', '/api/sides', client('203.0.113.7'))).status).toBe(200);
    // From memory (the front server) for the same client.
    expect((await request(port, 'GET', '/api/sides', client('203.0.113.7'))).status).toBe(200);
    expect((await request(port, 'GET', '/api/sides', client('203.0.113.7'))).status).toBe(429);
    expect((await request(port, 'GET', '/api/sides', client('203.0.113.8'))).status).toBe(200);
  });
});
