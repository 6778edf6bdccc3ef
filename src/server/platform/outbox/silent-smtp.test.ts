/**
 * Issue 37's fault test for the outbox, on the real process: a mail server that accepts the
 * connection and never greets holds a SIGTERM for no longer than the drain time, and the mail it
 * held is still queued and delivered by the next process. Several app processes share a database
 * only on PostgreSQL, so this test makes one there, whatever the engine under test.
 *
 * engine-independent: always a PostgreSQL database of its own (TEST_POSTGRES_URL), whatever
 * TEST_DATABASE_URL says.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsMessages } from '#core/messages/notifications.js';
import { openDatabase, type DatabaseHandle } from '#server/platform/db/client.js';
import { notifications, outbox } from '#server/platform/db/schema.js';
import { TEST_POSTGRES_URL, databaseUrlFor, runId, withAdminClient } from '#server/test/database.js';
import { createUser } from '#server/test/fixtures.js';
import { Mailbox } from '#server/test/mailbox.js';
import { startServerProcess, type ServerProcess } from '#server/test/server-process.js';
import { until } from '#server/test/until.js';
import { enqueueOutbox } from './outbox.js';

const DRAIN_MS = 2_000;
/** Closing the pool and the listener after the drain, and the process's own exit. */
const EXIT_MARGIN_MS = 1_500;
const database = `wor_test_${runId()}_smtp_${randomBytes(4).toString('hex')}`;
const databaseUrl = databaseUrlFor(TEST_POSTGRES_URL, database);
const environment = (smtpUrl: string) => ({
  DATABASE_URL: databaseUrl,
  SESSION_SECRET: 'silent-smtp-test-secret-silent-smtp-test-secret',
  DATA_DIR: dataDir,
  SMTP_URL: smtpUrl,
  SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
});

let handle: DatabaseHandle;
let dataDir: string;
const processes: ServerProcess[] = [];
const mailbox = new Mailbox();

/** A mail server that takes the connection and says nothing: nodemailer waits for its greeting. */
const silentSockets = new Set<net.Socket>();
const silentServer = net.createServer((socket) => {
  silentSockets.add(socket);
  socket.on('error', () => undefined);
  socket.on('close', () => silentSockets.delete(socket));
});

beforeAll(async () => {
  await withAdminClient((c) => c.query(`CREATE DATABASE ${database}`), TEST_POSTGRES_URL);
  // Migrated here, so that the queued mail is waiting when the first process starts.
  handle = await openDatabase({ url: databaseUrl, poolSize: 2 });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'wor-silent-smtp-'));
  silentServer.listen(0, '127.0.0.1');
  await once(silentServer, 'listening');
});

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill()));
  for (const socket of silentSockets) socket.destroy();
  await new Promise((resolve) => silentServer.close(resolve));
  await mailbox.stop().catch(() => undefined);
  await handle?.close();
  await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`), TEST_POSTGRES_URL);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a mail server that never greets (issue 37)', () => {
  it(`holds a SIGTERM no longer than the drain time (${DRAIN_MS} ms), and the next process delivers the mail`, async () => {
    const user = await createUser(handle.db);
    // What notify() writes for a notification whose mail cannot be turned off: its row and the
    // mail's outbox row.
    await handle.db.transaction(async (tx) => {
      const [notification] = await tx
        .insert(notifications)
        .values({ userId: user.id, kind: 'account_security', data: { event: 'factors_reset' } })
        .returning({ id: notifications.id });
      await enqueueOutbox(tx, 'notification-mail', { notificationId: notification!.id });
    });

    const silentUrl = `smtp://127.0.0.1:${(silentServer.address() as net.AddressInfo).port}`;
    const first = startServerProcess(environment(silentUrl));
    // The next process, with a working mail server, loads its code meanwhile and starts later.
    const second = startServerProcess(environment(await mailbox.start()), { held: true });
    processes.push(first, second);
    await Promise.all([first.listening, second.loaded]);
    // The worker has claimed the row and waits for the greeting.
    await Promise.race([
      until(
        async () => silentSockets.size,
        (connections) => connections === 1,
        15_000,
      ),
      first.exited.then(() => {
        throw new Error(`the server ended before connecting to the mail server:\n${first.stderr()}`);
      }),
    ]);

    const signalled = performance.now();
    first.child.kill('SIGTERM');
    const outcome = await first.exited;
    const stopMs = performance.now() - signalled;
    expect(outcome, first.stderr()).toEqual({ code: 0, signal: null });
    // It waited for the delivery in progress up to the drain time, and no longer.
    expect(stopMs).toBeGreaterThanOrEqual(DRAIN_MS - 100);
    expect(stopMs).toBeLessThan(DRAIN_MS + EXIT_MARGIN_MS);
    expect(first.lines.some((line) => line.includes('outbox: delivery'))).toBe(false);

    // Abandoned, not failed: the row is still queued, held by the claim's lease (leaseMs, 5 minutes)
    // as if the process had died, and counted as one attempt.
    const [held] = await handle.db
      .select({ attempts: outbox.attempts, lastError: outbox.lastError, failedAt: outbox.failedAt, isLeased: sql<boolean>`available_at > now()` })
      .from(outbox);
    expect(held).toEqual({ attempts: 1, lastError: null, failedAt: null, isLeased: true });
    // The lease runs out: moved, not waited for.
    await handle.db
      .update(outbox)
      .set({ availableAt: sql`now()` })
      .where(eq(outbox.kind, 'notification-mail'));

    second.go();
    const mail = await Promise.race([
      mailbox.waitFor(user.email, { timeoutMs: 20_000 }),
      second.exited.then(() => {
        throw new Error(`the server ended before delivering:\n${second.stderr()}`);
      }),
    ]);
    expect(mail.subject).toBe(notificationsMessages.mailSubjectAccountSecurity);
    await until(
      () => handle.db.select().from(outbox),
      (rows) => rows.length === 0,
      5_000,
    );
    expect(mailbox.messages).toHaveLength(1);

    await second.listening;
    second.child.kill('SIGTERM');
    expect(await second.exited, second.stderr()).toEqual({ code: 0, signal: null });
    expect(first.stderr() + second.stderr()).toBe('');
    // Two servers loading their code at once: near 30 s on a busy 2-core machine.
  }, 45_000);
});
