/**
 * Issue 38, item 1: a vote takes at most 4 round trips to the database and a review write (new or
 * edited) at most 8,
 * the session's lookup included, counted on the wire: every query any pg client sends while the
 * request is served (the pool's connections and the cache bus's), and the outbox worker's wake-up
 * after it. The figures stay exact.
 *
 * engine-independent: it makes its own PostgreSQL database whatever the engine under test, as round
 * trips are a matter of a database server (PGlite runs in the process).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app.js';
import { openDatabase, type DatabaseHandle } from '#server/platform/db/client.js';
import { PostgresCacheBus } from '#server/platform/read-cache/cache-bus.js';
import { notifications, outbox, regimentWebhooks } from '#server/platform/db/schema.js';
import type { App } from '#server/platform/types.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';
import { signedInClient, testConfig, type TestClient } from '#server/test/app.js';
import { TEST_POSTGRES_URL, databaseUrlFor, runId, withAdminClient } from '#server/test/database.js';
import { createOfficer, createRegiment, createReview, createUser } from '#server/test/fixtures.js';

const database = `wor_test_${runId()}_round_trips_${randomBytes(4).toString('hex')}`;
const quiet = { warn: () => undefined, info: () => undefined };

let handle: DatabaseHandle;
let bus: PostgresCacheBus;
let app: App;
let reviewer: TestClient;
let regimentId: number;

beforeAll(async () => {
  await withAdminClient((admin) => admin.query(`create database ${database}`), TEST_POSTGRES_URL);
  const url = databaseUrlFor(TEST_POSTGRES_URL, database);
  handle = await openDatabase({ url, poolSize: 4 });
  bus = await PostgresCacheBus.connect(url, handle.db, quiet);
  // The worker's own poll is out of the way: only a wake-up by the write is counted.
  const outboxTiming = { pollMs: 3_600_000, baseDelayMs: 1_000, maxDelayMs: 3_600_000, maxAttempts: 3, leaseMs: 300_000 };
  // And the Discord posts settle for a minute, so no delivery runs while a write is counted.
  const config = testConfig({ databaseUrl: url });
  config.discordWebhooks = { ...config.discordWebhooks, settleMs: 60_000 };
  app = await buildApp({ config, db: handle.db, cacheBus: bus, logger: false, outboxTiming });
  await app.ready();
  regimentId = (await createRegiment(handle.db)).id;
  ({ client: reviewer } = await signedInClient({ app, db: handle.db, close: async () => undefined }, { steamId: '76561198000000038' }));
  await reviewer.fetchCsrfToken();
});

afterAll(async () => {
  await app?.close();
  await bus?.close();
  await handle?.close();
  await withAdminClient((admin) => admin.query(`drop database if exists ${database} with (force)`), TEST_POSTGRES_URL);
}, 30_000);

/** The statements sent while `request` is served, and for a moment after (the outbox's wake-up). */
async function roundTripsOf<T>(request: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const query = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    statements.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  });
  try {
    const result = await request();
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { result, statements: statements.map((text) => text.replace(/\s+/g, ' ').trim().slice(0, 90)) };
  } finally {
    spy.mockRestore();
  }
}

describe('round trips of a write', () => {
  it('a vote takes at most 4, and moves the review score exactly', async () => {
    const officer = await createOfficer(handle.db, { regimentId });
    const review = await createReview(handle.db, { userId: (await createUser(handle.db)).id, officerId: officer.id });
    // The first vote of this connection's life prepares its statement; the count is of a vote after that.
    expect((await reviewer.post(`/api/reviews/${review.id}/vote`, { value: -1 })).statusCode).toBe(200);

    const { result, statements } = await roundTripsOf(() => reviewer.post(`/api/reviews/${review.id}/vote`, { value: 1 }));
    expect(result.statusCode).toBe(200);
    expect(result.json()).toEqual({ value: 1, score: 1, upvotes: 1, downvotes: 0 });
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(4);
    expectNewsAfterCommit(statements);
    expect(await findAggregateDifferences(handle.db)).toEqual([]);
  });

  it('a new review takes at most 8 with a notification and a Discord post queued, and every figure is exact', async () => {
    const officer = await createOfficer(handle.db, { regimentId });
    // Someone to tell (the officer's own account; without the mail, whose delivery would run at once)
    // and a regiment channel to post to: the outbox is woken, and its wake-up counted.
    const linked = await createUser(handle.db, { officerId: officer.id, mailPreferences: { review_of_your_officer: false } });
    await handle.db.insert(regimentWebhooks).values({ regimentId, url: 'https://discord.example.test/api/webhooks/1/x' }).onConflictDoNothing();
    const other = await createOfficer(handle.db, { regimentId });
    await reviewer.post('/api/reviews', { officerId: other.id, text: 'A first review, so the statements are prepared.', ...scores(4) });

    const { result, statements } = await roundTripsOf(() =>
      reviewer.post('/api/reviews', { officerId: officer.id, text: 'Held the line at the Sunken Road all night.', ...scores(3.5) }),
    );
    expect(result.statusCode).toBe(201);
    expect(result.json()).toMatchObject({ officerId: officer.id, overallRating: 3.5, held: false, user: { reviewCount: 2 } });
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(8);
    expectNewsAfterCommit(statements);
    expect(await findAggregateDifferences(handle.db)).toEqual([]);
    const told = await handle.db.select().from(notifications);
    expect(told.filter((n) => n.userId === linked.id)).toHaveLength(1);
    expect((await handle.db.select().from(outbox)).map((row) => row.kind)).toEqual(['discord-webhook', 'discord-webhook']);
    expect(
      statements.filter((text) => text.startsWith('update "outbox"')),
      'the outbox woken once',
    ).toHaveLength(1);
  });

  it('an edit takes at most 8, keeps the replaced version, and moves the figures exactly', async () => {
    const officer = await createOfficer(handle.db, { regimentId });
    const created = await reviewer.post('/api/reviews', { officerId: officer.id, text: 'Steady under fire, slow to orders.', ...scores(3) });
    const id = created.json<{ id: number }>().id;
    await reviewer.write('PUT', `/api/reviews/${id}`, { text: 'Steady under fire, quicker to orders now.', ...scores(3.5) });

    const { result, statements } = await roundTripsOf(() =>
      reviewer.write('PUT', `/api/reviews/${id}`, { text: 'Steady under fire, and the fastest orders on the field.', ...scores(4.5) }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({ id, overallRating: 4.5, revisionCount: 2 });
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(8);
    expectNewsAfterCommit(statements);
    expect(await findAggregateDifferences(handle.db)).toEqual([]);
    const history = await reviewer.get(`/api/reviews/${id}/revisions`);
    expect(history.json<{ versions: unknown[] }>().versions).toHaveLength(3);
  });
});

/**
 * The other processes are told once, after the write committed, not by the write's own statement: a
 * transaction that notifies holds PostgreSQL's notification lock until its commit is on disk, so
 * notifying writers commit one at a time (decision 0056, amendment).
 */
function expectNewsAfterCommit(statements: readonly string[]) {
  const news = statements.flatMap((text, index) => (text.startsWith('select pg_notify') ? [index] : []));
  expect(news, statements.join('\n')).toHaveLength(1);
  const committed = statements.findLastIndex((text) => /^commit$/i.test(text) || /^with /i.test(text));
  expect(news[0], statements.join('\n')).toBeGreaterThan(committed);
}

function scores(rating: number) {
  return { leadership: rating, tactics: rating, communication: rating, fairness: rating };
}
