/**
 * Issue 37, item 3: a delivery that never ends (a mail server that accepts and never answers) holds
 * back neither the other kind of delivery nor a shutdown, and its row is not lost.
 */
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/platform/db/client.js';
import { outbox } from '#server/platform/db/schema.js';
import { openTestDatabase } from '#server/test/database.js';
import { until } from '#server/test/until.js';
import { enqueueOutbox } from './outbox.js';
import { DEFAULT_OUTBOX_TIMING, OutboxWorker } from './worker.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

/** The worker's log is not what this test is about. */
const log = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
const timing = { ...DEFAULT_OUTBOX_TIMING, pollMs: 50, leaseMs: 300 };
const never = () => new Promise<void>(() => undefined);

describe('the outbox when a delivery hangs (issue 37, item 3)', () => {
  it('delivers the other kind meanwhile, stops within its grace time, and a later worker delivers the row', async () => {
    await enqueueOutbox(handle.db, 'notification-mail', { notificationId: 1 });
    await enqueueOutbox(handle.db, 'discord-webhook', { post: 1 });
    const posted: unknown[] = [];
    const stuck = new OutboxWorker(
      handle.db,
      { 'notification-mail': never, 'discord-webhook': async (payload) => void posted.push(payload) },
      log,
      timing,
    );
    stuck.start();
    // The Discord post does not wait behind the mail that never goes.
    await until(
      async () => posted.length,
      (count) => count === 1,
      5_000,
    );

    const started = performance.now();
    await stuck.stop(200);
    expect(performance.now() - started).toBeLessThan(1_000);

    // The abandoned mail is still queued; once its lease ends, another process delivers it.
    const mailed: unknown[] = [];
    const next = new OutboxWorker(
      handle.db,
      { 'notification-mail': async (payload) => void mailed.push(payload), 'discord-webhook': never },
      log,
      timing,
    );
    next.start();
    try {
      await until(
        async () => mailed.length,
        (count) => count === 1,
        5_000,
      );
      expect(mailed).toEqual([{ notificationId: 1 }]);
      await until(
        () => handle.db.select().from(outbox),
        (rows) => rows.length === 0,
        5_000,
      );
    } finally {
      await next.stop(0);
    }
  });
});
