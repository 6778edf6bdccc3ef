/**
 * Which database a read goes to when PostgreSQL streaming replicas are configured
 * (DATABASE_REPLICA_URLS; issue 37, item 8; docs/decisions/0055-read-replicas.md). Drizzle's
 * withReplicas already sends every write, every raw statement and everything in a transaction to
 * the primary; this decides, per request, whether its plain reads may use a replica:
 * - only a GET may: a write's own reads (before and after it) go to the primary, and so does
 *   anything outside a request (the outbox, the retention run, start-up);
 * - a client that wrote in the last REPLICA_STICKY_MS carries a cookie saying so, and its reads go
 *   to the primary, in every process: a user always sees their own write;
 * - the computation of a public answer whose tags were invalidated within that time goes to the
 *   primary (plugin.ts asks `readFromPrimary`), so a replica that has not yet replayed the write
 *   cannot put the old answer back into the response cache;
 * - and a replica is used only while it has replayed what the primary had written a check ago (the
 *   check runs four times per sticky time): one further behind, or unreachable, is left out until it
 *   catches up, so past the sticky time every replica in use holds the write.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database, type Executor } from './client.js';

interface ReadRoute {
  mayUseReplica: boolean;
}

const routes = new AsyncLocalStorage<ReadRoute>();

/** This request's reads go to the primary from now on (a refill after an invalidation, plugin.ts). */
export function readFromPrimary(): void {
  const route = routes.getStore();
  if (route) route.mayUseReplica = false;
}

/**
 * Set on a database with replicas: the database this moment's plain read goes to. Prepared
 * statements (prepared.ts) are built per target and looked up with it, since withReplicas chooses
 * when a statement is built, not when it runs.
 */
export const kReadTarget = Symbol('readTarget');

/** The database a read on `db` goes to now: itself, or for one with replicas, the router's choice. */
export function readTargetOf<T extends object>(db: T): T {
  const choose = (db as { [kReadTarget]?: () => T })[kReadTarget];
  return choose ? choose() : db;
}

/** The cookie a write's answer sets, for as long as its writer's reads must go to the primary. */
export const RECENT_WRITE_COOKIE = 'wor_recent_write';
const HAS_RECENT_WRITE = new RegExp(`(?:^|;\\s*)${RECENT_WRITE_COOKIE}=`);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A replica and whether it may serve reads now. */
interface Replica {
  db: Database;
  label: string;
  lsnQuery: () => Promise<bigint | null>;
  inUse: boolean;
}

/**
 * The replicas of one primary, which of them are in use, and the choice withReplicas asks for on
 * every plain read.
 */
export class ReplicaRouter {
  private readonly replicas: Replica[];
  private next = 0;
  /** The primary's WAL position at the previous check: what a replica must have replayed to stay in use. */
  private primaryLsnBefore: bigint | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly primary: Database,
    replicas: ReadonlyArray<{ db: Database; label: string }>,
    private readonly log: () => Pick<FastifyBaseLogger, 'warn' | 'info'>,
  ) {
    this.replicas = replicas.map(({ db, label }) => ({ db, label, lsnQuery: () => walPosition(db, 'pg_last_wal_replay_lsn()'), inUse: false }));
  }

  /** withReplicas's choice: a replica in use when this request may read from one, else the primary. */
  readonly choose = (): Database => {
    if (!routes.getStore()?.mayUseReplica) return this.primary;
    for (let tried = 0; tried < this.replicas.length; tried++) {
      const replica = this.replicas[this.next++ % this.replicas.length]!;
      if (replica.inUse) return replica.db;
    }
    return this.primary;
  };

  /** How many replicas serve reads now. */
  get replicasInUse(): number {
    return this.replicas.filter((replica) => replica.inUse).length;
  }

  /**
   * Puts in use each replica that has replayed what the primary had written at the previous check,
   * leaves out the others. Until two checks have run, none is in use.
   */
  async check(): Promise<void> {
    const primaryLsn = await walPosition(this.primary, 'pg_current_wal_lsn()').catch(() => null);
    const required = this.primaryLsnBefore;
    await Promise.all(
      this.replicas.map(async (replica) => {
        const replayed = await replica.lsnQuery().catch(() => null);
        const inUse = required !== null && replayed !== null && replayed >= required;
        if (inUse !== replica.inUse) {
          if (inUse) this.log().info(`Read replica ${replica.label} serves reads`);
          else
            this.log().warn(
              `Read replica ${replica.label} is ${replayed === null ? 'unreachable' : 'behind the primary'}: reads go elsewhere until it catches up`,
            );
        }
        replica.inUse = inUse;
      }),
    );
    if (primaryLsn !== null) this.primaryLsnBefore = primaryLsn;
  }

  /** Checks every `intervalMs` from now on (after a first check at once). */
  async start(intervalMs: number): Promise<void> {
    await this.check();
    await this.check();
    const tick = () => {
      this.timer = setTimeout(() => void this.check().finally(tick), intervalMs);
      this.timer.unref();
    };
    tick();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** A WAL position (LSN) as a number: 'X/Y' is two 32-bit hexadecimal halves. */
async function walPosition(db: Executor, expression: 'pg_current_wal_lsn()' | 'pg_last_wal_replay_lsn()'): Promise<bigint | null> {
  const [row] = await queryRows<{ lsn: string | null }>(db, sql.raw(`select ${expression}::text as lsn`));
  const lsn = row?.lsn;
  if (!lsn) return null;
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * The request hooks: each request runs in its own read route (a GET without a recent write may use
 * a replica), and a successful write's answer sets the cookie that sends its writer's reads to the
 * primary for the sticky time. Registered first, whether or not replicas are configured (without
 * them both hooks return at once), so the front server's list of hooks is the same either way.
 */
export const readRoutingPlugin = fp<{ enabled: boolean; stickyMs: number; secure: boolean }>(async (app, { enabled, stickyMs, secure }) => {
  const cookie = `${RECENT_WRITE_COOKIE}=1; Max-Age=${Math.ceil(stickyMs / 1000)}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

  app.addHook('onRequest', function chooseReadRoute(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
    if (!enabled) return done();
    const mayUseReplica = request.method === 'GET' && !HAS_RECENT_WRITE.test(request.headers.cookie ?? '');
    routes.run({ mayUseReplica }, done);
  });

  app.addHook('onSend', async function markRecentWrite(request, reply, payload) {
    // Fastify adds a Set-Cookie to those already set (the session's).
    if (enabled && !SAFE_METHODS.has(request.method) && reply.statusCode < 400) void reply.header('set-cookie', cookie);
    return payload;
  });
});
