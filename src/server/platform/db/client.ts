/**
 * One database interface over two engines: PGlite (embedded, the default) and PostgreSQL (when
 * DATABASE_URL is set). Both speak the PostgreSQL dialect and run the same migrations.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { withReplicas, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { projectRoot } from '#server/platform/paths.js';
import { openEmbeddedEngine } from './embedded.js';
import { kReadTarget, ReplicaRouter } from './read-routing.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repository functions take either, so a caller can run them inside its own transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The connection pool's figures (PostgreSQL only: PGlite is one connection in this process). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Bytes of the embedded engine's WebAssembly heap (PGlite only): it grows and never shrinks. */
  memoryBytes?: () => number;
  /** The replicas reads may go to, when DATABASE_REPLICA_URLS names some (main.ts starts its checks). */
  replicas?: ReplicaRouter;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; null selects PGlite. */
  url: string | null;
  /** PGlite data directory, or 'memory://' for a throw-away database. */
  pgliteDir?: string;
  poolSize?: number;
  /** A PGlite data directory dump to start from (tests start from an already migrated one). */
  pgliteSnapshot?: Blob;
  /** PostgreSQL streaming replicas for reads (read-routing.ts); none by default. */
  replicaUrls?: readonly string[];
  /** Where the replicas' comings and goings are reported: the console by default. */
  log?: () => Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Where a lost PostgreSQL connection is reported (main.ts: the app's JSON log once it exists); the console by default. */
  onConnectionLost?: (error: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A runaway query must not hold a connection forever.
      statement_timeout: 10_000,
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection dropped by the server (restart, failover, admin) must not crash the
    // process: the pool replaces it on the next query. Errors of queries still reach their callers.
    const onConnectionLost =
      options.onConnectionLost ??
      ((error: Error) => console.warn(`PostgreSQL connection lost (${(error as { code?: string }).code ?? error.message}); it will be replaced.`));
    pool.on('error', onConnectionLost);
    try {
      await migratePostgresOnce(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    const primary = drizzlePg(pool, { schema }) as unknown as Database;
    const replicaPools = (options.replicaUrls ?? []).map((connectionString) => {
      const replicaPool = new pg.Pool({ connectionString, max: options.poolSize ?? 10, statement_timeout: 10_000, connectionTimeoutMillis: 5_000 });
      replicaPool.on('error', onConnectionLost);
      return replicaPool;
    });
    const replicaDbs = replicaPools.map((replicaPool) => drizzlePg(replicaPool, { schema }) as unknown as Database);
    const [firstReplica, ...otherReplicas] = replicaDbs;
    // Writes, raw statements and transactions go to the primary; plain reads where the router says.
    const replicas = firstReplica
      ? new ReplicaRouter(
          primary,
          replicaDbs.map((replica, i) => ({ db: replica, label: `#${i + 1} of DATABASE_REPLICA_URLS` })),
          options.log ?? (() => console),
        )
      : undefined;
    const db = replicas && firstReplica ? (withReplicas(primary, [firstReplica, ...otherReplicas], replicas.choose) as unknown as Database) : primary;
    if (replicas) Object.defineProperty(db, kReadTarget, { value: replicas.choose });
    return {
      db,
      kind: 'postgres',
      ...(replicas ? { replicas } : {}),
      close: async () => {
        replicas?.stop();
        await Promise.all([pool.end(), ...replicaPools.map((replicaPool) => replicaPool.end())]);
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(path.dirname(dir), { recursive: true });
  const client = await openEmbeddedEngine(dir, options.pgliteSnapshot);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  // PGlite types its module without the Emscripten fields (their types are not shipped).
  const heap = () => (client.Module as unknown as { HEAPU8: Uint8Array }).HEAPU8;
  return { db, kind: 'pglite', close: () => client.close(), memoryBytes: () => heap().byteLength };
}

/**
 * The advisory lock key that serializes migrations across processes sharing one PostgreSQL database.
 * Any constant works as long as nothing else on the database uses it; this one is the ASCII of
 * "wor-migr", so it is recognisable in pg_locks (classid 0x776f722d, objid 0x6d696772).
 */
export const MIGRATION_LOCK_KEY = 0x776f722d6d696772n;

/**
 * Drizzle's migrator takes no lock: N processes starting together on an empty database all see "no
 * migration applied yet" and collide on CREATE SCHEMA/TABLE and on the migrations themselves. A
 * session-level advisory lock on one dedicated connection lets one process migrate while the others
 * wait, then find nothing left to do. The migrator must run on THAT connection (not the pool), since
 * the lock belongs to the session holding it.
 */
async function migratePostgresOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // The pool's 10 s statement timeout is for requests: waiting for another process's migration, or
    // building an index on a large table, may rightly take longer (RESET restores the pool's value).
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
    await client.query('RESET statement_timeout');
    client.release();
  } catch (error) {
    // Destroying the connection ends its session, which releases the lock whatever state it was in.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}

/** The committed SQL migrations (kept in src/, read both by tsx/vitest and by the built server). */
export function migrationsFolder(): string {
  return path.join(projectRoot(), 'src', 'server', 'platform', 'db', 'migrations');
}

/** Runs raw SQL and returns its rows; pg and PGlite both answer with a `rows` array. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  // The two drivers' result types differ (QueryResult, Results); both carry the rows.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
