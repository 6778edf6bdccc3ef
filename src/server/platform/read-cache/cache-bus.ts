/**
 * Tells the other app processes on the same PostgreSQL database that public data changed, so their
 * response caches forget it (src/server/platform/read-cache/store.ts). PostgreSQL's own LISTEN/NOTIFY
 * carries it: every process already depends on the database, so several processes need nothing more.
 * PGlite serves one process only and needs no bus.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { CacheBus } from './store.js';
import type { CacheTag } from './tags.js';
import type { Executor } from '#server/platform/db/client.js';

export const CACHE_CHANNEL = 'wor_public_data_changed';
const RECONNECT_MS = 1_000;

type Invalidation = readonly CacheTag[] | 'all';
interface Message {
  origin: string;
  invalidation: Invalidation;
}

/** The notification's payload: who sent it (a process ignores its own) and what changed. */
function payloadOf(invalidation: Invalidation, origin: string): string {
  return JSON.stringify({ origin, invalidation } satisfies Message);
}

/** For writers outside the app (e.g. `npm run db:reconcile` fixing figures a running site shows). */
export async function announcePublicDataChanged(db: Executor, invalidation: Invalidation = 'all', origin = 'cli'): Promise<void> {
  await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${payloadOf(invalidation, origin)})`);
}

export class PostgresCacheBus implements CacheBus {
  private readonly origin = randomUUID();
  private readonly listeners: Array<(invalidation: Invalidation) => void> = [];
  private client: pg.Client | null = null;
  private closed = false;

  private constructor(
    private readonly url: string,
    private readonly db: Executor,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  ) {}

  /** Resolves once listening: until then, and whenever the connection is lost, `healthy` is false. */
  static async connect(url: string, db: Executor, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): Promise<PostgresCacheBus> {
    const bus = new PostgresCacheBus(url, db, log);
    await bus.listen();
    return bus;
  }

  get healthy(): boolean {
    return this.client !== null;
  }

  subscribe(listener: (invalidation: Invalidation) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Sent on the listening connection while it is up, so a write needs no second connection from the
   * pool; through the pool if that connection is down or fails, so a lost listener loses no news.
   * A failure of both is logged: the write itself is committed and answered already.
   */
  async publish(invalidation: Invalidation): Promise<void> {
    const client = this.client;
    if (client) {
      try {
        await client.query('select pg_notify($1, $2)', [CACHE_CHANNEL, payloadOf(invalidation, this.origin)]);
        return;
      } catch {
        // The listener's own error handler deals with the connection; the news goes through the pool.
      }
    }
    try {
      await announcePublicDataChanged(this.db, invalidation, this.origin);
    } catch (error) {
      this.log.warn(`Response cache: could not tell the other processes of a change (${(error as Error).message}); they may show it late`);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (notification) => this.receive(notification.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${CACHE_CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
  }

  private receive(payload: string | undefined) {
    let message: Message;
    try {
      message = JSON.parse(payload ?? '') as Message;
    } catch {
      return;
    }
    if (message.origin === this.origin) return;
    const invalidation = message.invalidation === 'all' || !Array.isArray(message.invalidation) ? 'all' : message.invalidation;
    for (const listener of this.listeners) listener(invalidation);
  }

  /** News may have been missed while disconnected: forget everything, and cache nothing until back. */
  private lost(client: pg.Client, error?: Error) {
    if (this.client !== client) return;
    this.client = null;
    for (const listener of this.listeners) listener('all');
    if (this.closed) return;
    this.log.warn(`Response cache: lost the database notification channel (${error?.message ?? 'closed'}); caching paused, reconnecting`);
    void client.end().catch(() => undefined);
    this.reconnect();
  }

  private reconnect() {
    const timer = setTimeout(() => {
      this.listen().then(
        () => this.log.info('Response cache: notification channel back'),
        () => this.reconnect(),
      );
    }, RECONNECT_MS);
    timer.unref();
  }
}
