/**
 * Issue 37, item 8: reads go to a PostgreSQL streaming replica, with the rules that keep it honest.
 * The test makes a primary and a streaming replica of its own (initdb, then pg_basebackup), and
 * pauses the replica's replay, so what it shows differs from the primary exactly as a lagging
 * replica's would: whatever is read from it is visibly old.
 *
 * engine-independent: it starts its own PostgreSQL clusters whatever the engine under test.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#core/api-paths.js';
import { buildApp } from '#server/app.js';
import type { App } from '#server/platform/types.js';
import { signedInClient, testConfig, type TestClient } from '#server/test/app.js';
import { createOfficer, createRegiment, type OfficerRow } from '#server/test/fixtures.js';
import { removeClusters, startPrimary, startReplicaOf, type TestCluster } from '#server/test/postgres-cluster.js';
import { until } from '#server/test/until.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { RECENT_WRITE_COOKIE } from './read-routing.js';

const STICKY_MS = 60_000;
const quiet = { warn: () => undefined, info: () => undefined };

let primary: TestCluster | undefined;
let replica: TestCluster | undefined;
let replicaClient: pg.Client;
let handle: DatabaseHandle;
let app: App;
let regimentId: number;
let officerA: OfficerRow;
let client: TestClient;

const visitorGet = (url: string) => app.inject({ method: 'GET', url });
const review = (officerId: number) => ({
  officerId,
  text: 'Kept the company together under fire.',
  leadership: 4,
  tactics: 4,
  communication: 4,
  fairness: 4,
});

/** Waits until the replica has replayed everything the primary has written so far. */
async function replicaCaughtUp(): Promise<void> {
  const primaryClient = new pg.Client({ connectionString: primary!.url });
  await primaryClient.connect();
  const { rows } = await primaryClient.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  await primaryClient.end();
  await until(
    async () =>
      (await replicaClient.query<{ caught: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as caught', [rows[0]!.lsn])).rows[0]!.caught,
    (caught) => caught,
  );
}

beforeAll(async () => {
  primary = await startPrimary();
  replica = await startReplicaOf(primary);
  replicaClient = new pg.Client({ connectionString: replica.url });
  await replicaClient.connect();
  handle = await openDatabase({ url: primary.url, replicaUrls: [replica.url], poolSize: 4, log: () => quiet });
  app = await buildApp({
    config: testConfig({ databaseUrl: primary.url, databaseReplicaUrls: [replica.url], replicaStickyMs: STICKY_MS }),
    db: handle.db,
    logger: false,
  });
  await app.ready();
  regimentId = (await createRegiment(handle.db)).id;
  officerA = await createOfficer(handle.db, { regimentId });
  ({ client } = await signedInClient({ app, db: handle.db, close: async () => undefined }, { steamId: '76561198000000777' }));
  await replicaCaughtUp();
  // Two checks: the replica has replayed what the primary had written at the first.
  await handle.replicas!.check();
  await handle.replicas!.check();
  expect(handle.replicas!.replicasInUse).toBe(1);
  // The officer's page is kept as the replica shows it now.
  expect((await visitorGet(`/api/officers/${officerA.id}`)).json()).toMatchObject({ reviewCount: 0 });
  // From here on the replica shows the database as it is now, whatever the primary is given.
  await replicaClient.query('select pg_wal_replay_pause()');
}, 90_000);

afterAll(async () => {
  await app?.close();
  await handle?.close();
  await replicaClient?.end().catch(() => undefined);
  removeClusters([replica, primary]);
}, 30_000);

describe('read replicas', () => {
  it("sends a visitor's read to the replica, and a write with its writer's reads to the primary", async () => {
    const officerB = await createOfficer(handle.db, { regimentId });
    // Only the primary has officer B: the visitor's read went to the replica.
    expect((await visitorGet(`/api/officers/${officerB.id}`)).statusCode).toBe(404);

    // The write, with what it reads first (the officer, the author), goes to the primary.
    const created = await client.post('/api/reviews', review(officerB.id));
    expect(created.statusCode).toBe(201);
    const setCookie = [created.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toContain(`${RECENT_WRITE_COOKIE}=1; Max-Age=${STICKY_MS / 1000}`);

    // The writer's next reads carry the cookie and go to the primary: they see the review.
    const mine = await app.inject({ method: 'GET', url: apiPaths.myReviews, headers: { cookie: `${client.cookie}; ${RECENT_WRITE_COOKIE}=1` } });
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json())).toContain('Kept the company together under fire.');
    // Without it, the same read goes to the replica, which has not replayed the review.
    const fromReplica = await app.inject({ method: 'GET', url: apiPaths.myReviews, headers: { cookie: client.cookie } });
    expect(fromReplica.statusCode).toBe(200);
    expect(JSON.stringify(fromReplica.json())).not.toContain('Kept the company together under fire.');
  });

  it('refills an answer a write has just changed from the primary, so the replica cannot put the old one back', async () => {
    const created = await client.post('/api/reviews', review(officerA.id));
    expect(created.statusCode).toBe(201);
    // A visitor without any cookie: the kept page was forgotten, and its refill read the primary.
    expect((await visitorGet(`/api/officers/${officerA.id}`)).json()).toMatchObject({ reviewCount: 1 });
    // What was kept is the new answer.
    expect(app.responseCache.get(`/api/officers/${officerA.id}`)).toBeDefined();
    expect((await visitorGet(`/api/officers/${officerA.id}`)).json()).toMatchObject({ reviewCount: 1 });
  });

  it('leaves out a replica behind the primary until it catches up', async () => {
    await handle.replicas!.check();
    await handle.replicas!.check();
    expect(handle.replicas!.replicasInUse).toBe(0);
    const officerC = await createOfficer(handle.db, { regimentId });
    expect((await visitorGet(`/api/officers/${officerC.id}`)).statusCode).toBe(200);

    await replicaClient.query('select pg_wal_replay_resume()');
    await replicaCaughtUp();
    await handle.replicas!.check();
    await handle.replicas!.check();
    expect(handle.replicas!.replicasInUse).toBe(1);
  });
});
