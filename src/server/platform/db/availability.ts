/**
 * Whether the database can be reached, as this process last found it (issue 37, item 2). A query
 * that fails because PostgreSQL cannot be reached (it restarts, it is failed over, the network is
 * down) marks it down; from then on kept public answers are served past their freshness and
 * everything else is refused at once with 503, instead of every request waiting for a connection
 * that will not come. A probe asks the database again at once and then every second, so a single
 * dropped connection passes in a round trip and a real outage ends without a restart
 * (docs/decisions/0054-database-outage.md).
 */
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '#core/messages.js';
import { AppError } from '#server/platform/errors.js';

/** Node's socket errors that say the server is not there (refused, reset, unreachable, unknown host). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's own codes for the same: class 08 (connection exception) and the server shutting down
 * or starting up (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03';
}

/** node-postgres's words for a connection that ended under a query, or that could not be made in time. */
const LOST_CONNECTION = /Connection terminated|connection error and is not queryable|Client was closed and is not queryable/i;

/** Whether this error (or one it wraps: drizzle wraps the driver's) means the database could not be reached. */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)))) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    current = cause;
  }
  return false;
}

/** How often the probe asks a database that is down. */
const PROBE_INTERVAL_MS = 1_000;
/** A probe that takes longer has failed. */
const PROBE_TIMEOUT_MS = 2_000;

export class DatabaseAvailability {
  private downSince: number | null = null;
  private probing = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    /** Resolves when the database answers (a `select 1`). */
    private readonly probe: () => Promise<unknown>,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly intervalMs = PROBE_INTERVAL_MS,
  ) {}

  /** True from a query that could not reach the database until a probe reaches it again. */
  get isDown(): boolean {
    return this.downSince !== null;
  }

  /** Called with any failed request's error: one that says the database cannot be reached marks it down. */
  noteFailure(error: unknown): void {
    if (this.closed || !isDatabaseUnreachable(error)) return;
    if (this.downSince === null) {
      this.downSince = Date.now();
      this.log.warn(
        { err: error },
        'The database cannot be reached: kept public answers are served stale, other requests answer 503 until it is back',
      );
    }
    if (!this.probing) {
      this.probing = true;
      // At once: a single dropped connection (the server is fine) clears in one round trip.
      void this.check();
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async check(): Promise<void> {
    this.timer = null;
    let answered = false;
    try {
      await withTimeout(this.probe(), PROBE_TIMEOUT_MS);
      answered = true;
    } catch {
      // Still down: asked again after the interval.
    }
    if (this.closed) return;
    if (answered) {
      const seconds = ((Date.now() - (this.downSince ?? Date.now())) / 1000).toFixed(1);
      this.downSince = null;
      this.probing = false;
      this.log.info(`The database answers again after ${seconds} s: serving from it again`);
      return;
    }
    this.timer = setTimeout(() => void this.check(), this.intervalMs);
    this.timer.unref();
  }
}

/**
 * The API's first hook while the database is known to be down: refuses at once what would fail
 * anyway after waiting for a connection (kept public answers were given stale before it, in the
 * response cache's onRequest).
 */
export function refuseWhileDatabaseDown(availability: DatabaseAvailability) {
  return async function refuseWhileDatabaseDown() {
    if (availability.isDown) throw new AppError('DATABASE_UNAVAILABLE', MSG.server.databaseUnavailable);
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('probe timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
