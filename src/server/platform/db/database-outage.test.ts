/**
 * Issue 37, item 2: while PostgreSQL cannot be reached, readers still read what the process has
 * kept (marked stale), uncached reads and writes are told to come back (503 with Retry-After and a
 * message), nothing answers 500, and the site recovers by itself. The app reaches its database
 * through a proxy of the test's own (tcp-proxy.ts), which the test cuts and restores; real HTTP.
 *
 * engine-independent: it makes its own PostgreSQL database behind the proxy whatever the engine
 * under test, as an outage of a database server is a PostgreSQL matter (PGlite runs in the process).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#core/api-paths.js';
import { MSG } from '#core/messages.js';
import { buildApp } from '#server/app.js';
import { PostgresCacheBus } from '#server/platform/read-cache/cache-bus.js';
import type { App } from '#server/platform/types.js';
import { testConfig, signedInClient, type TestClient } from '#server/test/app.js';
import { TEST_POSTGRES_URL, databaseUrlFor, runId, withAdminClient } from '#server/test/database.js';
import { createOfficer, createRegiment, createReview, createUser } from '#server/test/fixtures.js';
import { TcpProxy } from '#server/test/tcp-proxy.js';
import { until } from '#server/test/until.js';
import { openDatabase, type DatabaseHandle } from './client.js';

const database = `wor_test_${runId()}_outage_${randomBytes(4).toString('hex')}`;
const quiet = { warn: () => undefined, info: () => undefined };

let proxy: TcpProxy;
let handle: DatabaseHandle;
let bus: PostgresCacheBus;
let app: App;
let base: string;
let client: TestClient;
let officerIds: number[];
let reviewId: number;

beforeAll(async () => {
  await withAdminClient((admin) => admin.query(`create database ${database}`), TEST_POSTGRES_URL);
  const server = new URL(TEST_POSTGRES_URL);
  proxy = await TcpProxy.start({ host: server.hostname, port: Number(server.port || 5432) });
  server.host = `127.0.0.1:${proxy.port}`;
  const url = databaseUrlFor(server.toString(), database);
  handle = await openDatabase({ url, poolSize: 4, onConnectionLost: () => undefined });
  bus = await PostgresCacheBus.connect(url, handle.db, quiet);
  app = await buildApp({ config: testConfig({ databaseUrl: url }), db: handle.db, cacheBus: bus, logger: false });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  const regiment = await createRegiment(handle.db);
  const officers = await Promise.all([1, 2].map(() => createOfficer(handle.db, { regimentId: regiment.id })));
  officerIds = officers.map((officer) => officer.id);
  const author = await createUser(handle.db);
  reviewId = (await createReview(handle.db, { userId: author.id, officerId: officerIds[0]! })).id;
  ({ client } = await signedInClient({ app, db: handle.db, close: async () => undefined }));
});

afterAll(async () => {
  await proxy?.restore().catch(() => undefined);
  await app?.close();
  await bus?.close();
  await handle?.close();
  await withAdminClient((admin) => admin.query(`drop database if exists ${database} with (force)`), TEST_POSTGRES_URL);
  await proxy?.close();
}, 30_000);

const get = (path: string) => fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });

describe('PostgreSQL cannot be reached', () => {
  it('serves kept reads stale, refuses the rest with 503 and Retry-After, never 500, and recovers by itself', async () => {
    const kept = `/api/officers/${officerIds[0]}`;
    const keptReviews = apiPaths.officerReviews(officerIds[0]!);
    const before = await get(kept);
    expect(before.status).toBe(200);
    const keptBody = await before.text();
    expect((await get(keptReviews)).status).toBe(200);

    await client.fetchCsrfToken();
    await proxy.cut();
    // The cache's bus hears its connection go, so nothing is fresh any more.
    await until(
      async () => bus.healthy,
      (healthy) => !healthy,
    );

    const stale = await get(kept);
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect(await stale.text()).toBe(keptBody);

    const uncached = await get(`/api/officers/${officerIds[1]}`);
    expect(uncached.status).toBe(503);
    expect(uncached.headers.get('retry-after')).toBe('5');
    expect(await uncached.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE', message: MSG.server.databaseUnavailable });

    const vote = await client.post(`/api/reviews/${reviewId}/vote`, { value: 1 });
    expect(vote.statusCode).toBe(503);
    expect(vote.headers['retry-after']).toBe('5');
    expect(vote.json()).toMatchObject({ message: MSG.server.databaseUnavailable });

    // A burst of every kind of request: stale answers and 503s, no 500, none waiting on a connection.
    const paths = [
      kept,
      keptReviews,
      `/api/officers/${officerIds[1]}`,
      '/api/regiments',
      '/api/officers/top',
      '/api/auth/status',
      '/api/search/officers?q=off',
    ];
    const startedAt = Date.now();
    const statuses = await Promise.all(Array.from({ length: 60 }, (_, i) => get(paths[i % paths.length]!).then((r) => r.status)));
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    // Every process shares the database: a balancer keeps sending them readers rather than answer 503 itself.
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'degraded', problem: 'database unreachable' });

    await proxy.restore();
    await until(
      async () => (await get(kept)).headers.get('x-cache'),
      (marked) => marked === null,
    );
    const fresh = await get(`/api/officers/${officerIds[1]}`);
    expect(fresh.status).toBe(200);
    const again = await client.post(`/api/reviews/${reviewId}/vote`, { value: 1 });
    expect(again.statusCode).toBe(200);
    expect(await (await get('/readyz')).json()).toEqual({ status: 'ready' });
  }, 30_000);
});
