/**
 * Issue 37, item 7: a CDN in front. Public answers and pages carry their cache tags as surrogate keys
 * and a Cache-Control the CDN may keep; every write's invalidation reaches the CDN's purge API
 * through the outbox. The purge API here is a fake of our own that speaks Fastly's protocol over
 * real HTTP (docs/decisions/0053-cdn.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Officer } from '#core/api.js';
import { buildApp } from '#server/app.js';
import type { CdnConfig } from '#server/platform/config.js';
import type { DatabaseHandle } from '#server/platform/db/client.js';
import { outbox } from '#server/platform/db/schema.js';
import type { App } from '#server/platform/types.js';
import { createTestContext, signedInClient, testConfig, TestClient, type TestContext } from '#server/test/app.js';
import { openTestDatabase } from '#server/test/database.js';
import { createOfficer, createRegiment, createReview, createUser } from '#server/test/fixtures.js';
import { until } from '#server/test/until.js';
import { CDN_PURGE } from './cdn-purge.js';
import { Cdn } from './cdn.js';
import { createEntry } from './store.js';
import type { CacheTag } from './tags.js';

interface PurgeRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  keys: string[];
  status: number;
  at: number;
}

/** Fastly's purge API as far as the site uses it: POST /service/{id}/purge with {"surrogate_keys": [...]}. */
class FakePurgeApi {
  readonly requests: PurgeRequest[] = [];
  /** How many of the next requests are answered 503, as a CDN API having a bad minute. */
  failNext = 0;
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { surrogate_keys: keys = [] } = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { surrogate_keys?: string[] };
      const status = this.failNext > 0 ? 503 : 200;
      if (status === 503) this.failNext -= 1;
      this.requests.push({ method: request.method!, url: request.url!, headers: request.headers, keys, status, at: Date.now() });
      response.writeHead(status, { 'content-type': 'application/json' });
      // Fastly answers a batch purge with each key's purge id.
      response.end(status === 200 ? JSON.stringify(Object.fromEntries(keys.map((key, i) => [key, `purge-${i}`]))) : '{"msg":"unavailable"}');
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The purges the API accepted. */
  get purged(): PurgeRequest[] {
    return this.requests.filter((request) => request.status === 200);
  }
}

/** A real HTTP request to the app (the front server answers some of them before Fastify). */
function get(
  base: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const CDN: Omit<CdnConfig, 'purgeUrl'> = {
  purgeToken: 'fastly-test-token',
  maxAgeSeconds: 300,
  staleWhileRevalidateSeconds: 30,
  staleIfErrorSeconds: 86_400,
  purgeTimeoutMs: 1_000,
};
const CDN_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=30, stale-if-error=86400';
/** The lists' ratings lag a review by this much: their purge must wait as long. */
const LAG_MS = 300;
const FAST_OUTBOX = { pollMs: 50, baseDelayMs: 50, maxDelayMs: 200, maxAttempts: 1_000, leaseMs: 60_000 };

describe('with CDN_PURGE_URL: a CDN in front', () => {
  const fake = new FakePurgeApi();
  let handle: DatabaseHandle;
  let app: App;
  let ctx: TestContext;
  let base: string;
  let webRoot: string;
  let officerId: number;
  let otherReviewId: number;

  const readyAnswers = async () => (await app.metrics.readyAnswers.get()).values[0]?.value ?? 0;
  const purgeWith = (key: string, after = 0) =>
    until(
      async () => fake.purged.filter((p) => p.at >= after && p.keys.includes(key)),
      (found) => found.length > 0,
    );

  beforeAll(async () => {
    const purgeBase = await fake.start();
    handle = await openTestDatabase();
    webRoot = mkdtempSync(path.join(tmpdir(), 'wor-cdn-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
    app = await buildApp({
      config: testConfig({ cdn: { ...CDN, purgeUrl: `${purgeBase}/service/SVC123` }, serveWeb: true, listRatingsLagMs: LAG_MS }),
      db: handle.db,
      logger: false,
      webRoot,
      outboxTiming: FAST_OUTBOX,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    ctx = { app, db: handle.db, close: async () => undefined };
    const regiment = await createRegiment(handle.db, { name: '20th Maine Infantry' });
    officerId = (await createOfficer(handle.db, { regimentId: regiment.id, name: 'Ellis Spear' })).id;
    otherReviewId = (await createReview(handle.db, { userId: (await createUser(handle.db)).id, officerId, rating: 4 })).id;
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
    await fake.stop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('purges everything public when a process starts: it may run a new build', async () => {
    const [startUp] = await purgeWith('all');
    expect(startUp).toMatchObject({ method: 'POST', url: '/service/SVC123/purge', keys: ['all'] });
  });

  it('gives public answers and pages their keys and a Cache-Control the CDN may keep, through Fastify and in front', async () => {
    for (const [url, keys] of [
      [`/api/officers/${officerId}`, [`officer:${officerId}`, 'all']],
      [`/api/reviews/officer/${officerId}?page=1&limit=5`, [`officer-reviews:${officerId}`, 'all']],
      [`/officer/${officerId}`, [`officer:${officerId}`, 'all']],
    ] as const) {
      const before = await readyAnswers();
      const computed = await get(base, url, { 'accept-encoding': 'br' });
      const ready = await get(base, url, { 'accept-encoding': 'br' });
      // The second was answered by the front server, from memory.
      expect(await readyAnswers()).toBe(before + 1);
      for (const answer of [computed, ready]) {
        expect(answer.status, url).toBe(200);
        expect(answer.headers['cache-control'], url).toBe(CDN_CACHE_CONTROL);
        expect(answer.headers['surrogate-key'], url).toBe(keys.join(' '));
        expect(answer.headers['cache-tag'], url).toBe(keys.join(','));
      }
      // The CDN revalidating its copy is told the same.
      const notModified = await get(base, url, { 'if-none-match': String(ready.headers.etag) });
      expect(notModified.status).toBe(304);
      expect(notModified.headers['surrogate-key']).toBe(keys.join(' '));
    }
    // Never what depends on who asks, nor a missing page's 404.
    const status = await get(base, '/api/auth/status');
    expect(status.headers['cache-control']).toBe('no-store');
    const missing = await get(base, '/officer/99999999');
    expect(missing.status).toBe(404);
    for (const answer of [status, missing]) {
      expect(answer.headers['surrogate-key']).toBeUndefined();
      expect(answer.headers['cache-tag']).toBeUndefined();
    }
    expect(missing.headers['cache-control']).toBe('no-cache');
  });

  it("purges a write's tags through the outbox, with the API's token; the lagging ratings once their lag has passed", async () => {
    const url = `/api/officers/${officerId}`;
    const before = JSON.parse((await get(base, url)).body) as Officer;
    const { client, userId } = await signedInClient(ctx, { steamId: '76561198000000701' });
    const review = await client.post('/api/reviews', {
      officerId,
      text: 'Held the left of the line on Little Round Top.',
      leadership: 5,
      tactics: 5,
      communication: 5,
      fairness: 5,
    });
    expect(review.statusCode).toBe(201);
    expect(review.headers['surrogate-key']).toBeUndefined();
    const answeredAt = Date.now();

    const [purge] = await purgeWith(`officer:${officerId}`, answeredAt);
    expect(purge!.method).toBe('POST');
    expect(purge!.url).toBe('/service/SVC123/purge');
    expect(purge!.headers['fastly-key']).toBe('fastly-test-token');
    expect(purge!.headers['content-type']).toBe('application/json');
    // The reviewer's profile lists the new review too (issue 36).
    expect(purge!.keys.sort()).toEqual([`officer-reviews:${officerId}`, `officer:${officerId}`, 'recent-reviews', `reviewer:${userId}`]);
    const [ratings] = await purgeWith('ratings', answeredAt);
    expect(ratings!.keys).toEqual(['ratings']);
    expect(ratings!.at - answeredAt).toBeGreaterThanOrEqual(LAG_MS);
    await until(
      () => handle.db.select().from(outbox),
      (rows) => rows.length === 0,
    );
    // The site itself answered the new figures at once (the CDN asks it again after the purge).
    const after = JSON.parse((await get(base, url)).body) as Officer;
    expect(after.reviewCount).toBe(before.reviewCount + 1);
  });

  it('retries a purge the API refuses for a while, with the outbox backoff, until it is delivered', async () => {
    const { client } = await signedInClient(ctx);
    fake.failNext = 2;
    const startedAt = Date.now();
    expect((await client.post(`/api/reviews/${otherReviewId}/vote`, { value: 1 })).statusCode).toBe(200);
    const [purge] = await purgeWith(`officer-reviews:${officerId}`, startedAt);
    const failed = fake.requests.filter((request) => request.at >= startedAt && request.status === 503);
    expect(failed).toHaveLength(2);
    expect(failed.every((request) => request.keys.includes(`officer-reviews:${officerId}`))).toBe(true);
    expect(purge!.at).toBeGreaterThan(failed[1]!.at);
  });
});

describe('without CDN_PURGE_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers with the headers it always did, and queues no purge', async () => {
    expect(ctx.app.responseCache.cdn).toBeNull();
    const regiment = await createRegiment(ctx.db, { name: '83rd Pennsylvania Infantry' });
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Strong Vincent' });
    const reader = new TestClient(ctx.app);
    for (let i = 0; i < 2; i++) {
      const answer = await reader.get(`/api/officers/${officer.id}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['surrogate-key']).toBeUndefined();
      expect(answer.headers['cache-tag']).toBeUndefined();
    }
    // The worker stopped, whatever a write queues stays in the table.
    await ctx.app.outbox.stop();
    const { client } = await signedInClient(ctx, { steamId: '76561198000000702' });
    const review = await client.post('/api/reviews', {
      officerId: officer.id,
      text: 'Fell rallying his brigade on the spur.',
      leadership: 4,
      tactics: 4,
      communication: 4,
      fairness: 4,
    });
    expect(review.statusCode).toBe(201);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.kind, CDN_PURGE))).toEqual([]);
  });
});

describe('collecting purges (cdn.ts)', () => {
  const log = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
  const lag = new Map<CacheTag, number>([
    ['ratings', 1_000],
    ['scores', 1_000],
  ]);
  function collector(options: { failures?: number } = {}) {
    const rows: Array<{ keys: readonly string[]; delayMs: number }> = [];
    let failures = options.failures ?? 0;
    let pokes = 0;
    const cdn = new Cdn(
      { ...CDN, purgeUrl: 'http://127.0.0.1:9/service/x' },
      {
        enqueue: async (keys, delayMs) => {
          if (failures > 0) {
            failures -= 1;
            throw new Error('database away');
          }
          rows.push({ keys, delayMs });
        },
        poke: () => void (pokes += 1),
        log: () => log,
        // Flushed by hand in these tests.
        flushMs: 60_000,
      },
    );
    return { cdn, rows, pokes: () => pokes };
  }

  it('coalesces the invalidations of an interval into one row, the lagging keys in one due after their lag', async () => {
    const { cdn, rows, pokes } = collector();
    cdn.purge(['officer:1', 'officer-reviews:1', 'recent-reviews', 'ratings'], lag);
    cdn.purge(['officer-reviews:1', 'scores'], lag);
    cdn.purge(['officer:2'], lag);
    await cdn.flush();
    expect(rows).toEqual([
      { keys: ['officer:1', 'officer-reviews:1', 'recent-reviews', 'officer:2'], delayMs: 0 },
      { keys: ['ratings', 'scores'], delayMs: 1_000 },
    ]);
    expect(pokes()).toBe(1);
    // Nothing new: nothing queued.
    await cdn.flush();
    expect(rows).toHaveLength(2);
    await cdn.stop();
  });

  it("purges everything through the key every answer carries, and splits rows at Fastly's 256 keys", async () => {
    const { cdn, rows } = collector();
    cdn.purge(['officer:1'], lag);
    cdn.purge('all', lag);
    cdn.purge(['officer:2'], lag);
    await cdn.flush();
    expect(rows).toEqual([{ keys: ['all'], delayMs: 0 }]);
    cdn.purge(
      Array.from({ length: 600 }, (_, i): CacheTag => `officer:${i}`),
      lag,
    );
    await cdn.flush();
    expect(rows.slice(1).map((row) => row.keys.length)).toEqual([256, 256, 88]);
    await cdn.stop();
  });

  it('keeps what it could not queue for the next flush', async () => {
    const { cdn, rows } = collector({ failures: 1 });
    cdn.purge(['officer:1'], lag);
    await cdn.flush();
    expect(rows).toEqual([]);
    cdn.purge(['officer:2'], lag);
    await cdn.flush();
    expect(rows).toEqual([{ keys: ['officer:1', 'officer:2'], delayMs: 0 }]);
    await cdn.stop();
  });

  it('lets the CDN keep an answer that will expire no longer than it has left', () => {
    const { cdn } = collector();
    const entry = (expiresAt?: number) =>
      createEntry({ key: '/api/x', tags: ['lists', 'ratings'], computedAt: 0, expiresAt, contentType: 'application/json', body: '{}' });
    expect(cdn.headersFor(entry(), 0)).toEqual({
      'cache-control': CDN_CACHE_CONTROL,
      'surrogate-key': 'lists ratings all',
      'cache-tag': 'lists,ratings,all',
    });
    expect(cdn.headersFor(entry(42_500), 0)?.['cache-control']).toBe(CDN_CACHE_CONTROL.replace('s-maxage=300', 's-maxage=42'));
    // In its last second it is not for the CDN at all.
    expect(cdn.headersFor(entry(900), 0)).toBeUndefined();
  });
});
