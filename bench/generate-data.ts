/**
 * npm run bench:data [-- --reset] [-- --scale 0.1] [-- --seed 1862]
 *
 * Fills the configured database (DATABASE_URL, or the embedded PGlite under DATA_DIR) with a large
 * synthetic community for the load benchmark: at scale 1, 50,000 users, 2,000 regiments, 20,000
 * officers, 500,000 reviews, 2,000,000 votes, 5,000 flags and a few hundred registrations.
 *
 * It refuses a database that holds any data unless --reset is given, which empties every table
 * except the reference table `sides` (TRUNCATE ... RESTART IDENTITY CASCADE). Everything runs in
 * one transaction: a failure leaves the database as it was. Aggregates are recomputed from the
 * generated rows at the end, so `npm run db:reconcile` reports no difference.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ConfigError, loadConfig, type Config } from '#server/platform/config.js';
import { openDatabase, queryRows, type Database, type Executor } from '#server/platform/db/client.js';
import * as schema from '#server/platform/db/schema.js';
import { datasetPhases } from './data/phases.js';
import { datasetSize, type DatasetSize } from './data/size.js';

/**
 * Rows written by the migrations themselves; never emptied, and not data that makes a database
 * "already hold data": the sides, and the community mean's one row (migration 0019), which the
 * 'ranking prior' phase rewrites. A fresh, migrated database was refused without --reset.
 */
const KEPT_TABLES = new Set(['sides', 'ranking_prior']);
const DEFAULT_SEED = 1862;

interface Options {
  reset: boolean;
  scale: number;
  seed: number;
}

interface GenerationDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      scale: { type: 'string', default: '1' },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
    },
  });
  const scale = Number(values.scale);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0 || seed > 1_000_000) throw new Error('--seed must be an integer from 0 to 1000000');
  datasetSize(scale); // validates
  return { reset: values.reset, scale, seed };
}

/**
 * The server's own openDatabase migrates the schema; the bulk work then runs on a connection of its
 * own, because the app's pool cancels any statement after 10 s and these statements run longer.
 */
async function openForGeneration(config: Config): Promise<GenerationDatabase> {
  const handle = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  if (handle.kind === 'pglite' || !config.databaseUrl) return handle;
  await handle.close();
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  const db = drizzle(client, { schema }) as unknown as Database;
  return { db, kind: 'postgres', close: () => client.end() };
}

async function dataTables(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ tablename: string }>(db, sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  return rows.map((row) => row.tablename).filter((name) => !KEPT_TABLES.has(name));
}

async function nonEmptyTables(db: Executor, tables: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    const [row] = await queryRows<{ has: boolean }>(db, sql`select exists (select 1 from ${sql.identifier(table)}) as has`);
    if (row?.has) found.push(table);
  }
  return found;
}

function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function describe(size: DatasetSize): string {
  return [
    `${formatCount(size.users)} users`,
    `${formatCount(size.regiments)} regiments`,
    `${formatCount(size.officers)} officers`,
    `${formatCount(size.reviews)} reviews`,
    `${formatCount(size.votes)} votes`,
    `${formatCount(size.flags)} flags`,
    `${formatCount(size.regimentRegistrations + size.officerRegistrations)} registrations`,
  ].join(', ');
}

async function main() {
  const options = readOptions();
  const size = datasetSize(options.scale);
  const config = loadConfig();
  const database = await openForGeneration(config);
  const timings: Array<{ phase: string; rows: number | null; ms: number }> = [];
  const started = performance.now();
  try {
    const tables = await dataTables(database.db);
    const occupied = await nonEmptyTables(database.db, tables);
    if (occupied.length > 0 && !options.reset) {
      console.error(
        `The ${database.kind} database already holds data (${occupied.join(', ')}).\n` +
          'Refusing to add a benchmark dataset to it. Run again with --reset to empty every table except sides and ranking_prior first\n' +
          '(npm run bench:data -- --reset), or point DATABASE_URL at an empty database.',
      );
      process.exitCode = 1;
      return;
    }
    console.log(`Generating on ${database.kind} (scale ${options.scale}, seed ${options.seed}): ${describe(size)}`);

    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      // PGlite runs in a WebAssembly heap of its own; PostgreSQL may take more memory for sorts.
      const isPostgres = database.kind === 'postgres';
      await tx.execute(sql.raw(`set local work_mem = '${isPostgres ? '256MB' : '64MB'}'`));
      await tx.execute(sql.raw(`set local maintenance_work_mem = '${isPostgres ? '512MB' : '128MB'}'`));
      // Compiling these long expressions costs more than it saves (measured: 1.2 s of JIT per statement).
      if (isPostgres) await tx.execute(sql`set local jit = off`);
      if (options.reset && occupied.length > 0) {
        const t0 = performance.now();
        await tx.execute(
          sql`truncate table ${sql.join(
            tables.map((t) => sql.identifier(t)),
            sql`, `,
          )} restart identity cascade`,
        );
        timings.push({ phase: 'reset', rows: null, ms: performance.now() - t0 });
        report(timings.at(-1)!);
      }
      for (const phase of datasetPhases(size, options.seed)) {
        const t0 = performance.now();
        await phase.run(tx);
        timings.push({ phase: phase.name, rows: phase.rows, ms: performance.now() - t0 });
        report(timings.at(-1)!);
      }
    });
    // Outside the transaction: VACUUM cannot run inside one. It also sets the visibility map, so
    // the benchmark starts from the state autovacuum would reach on a live site.
    const t0 = performance.now();
    await database.db.execute(sql`vacuum analyze`);
    timings.push({ phase: 'vacuum analyze', rows: null, ms: performance.now() - t0 });
    report(timings.at(-1)!);

    const total = performance.now() - started;
    const [summary] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select (select count(*) from users) as users, (select count(*) from regiments) as regiments,
        (select count(*) from officers) as officers, (select count(*) from reviews) as reviews,
        (select count(*) from review_votes) as votes, (select count(*) from review_flags) as flags,
        (select count(*) from regiment_registrations) + (select count(*) from officer_registrations) as registrations,
        (select max(review_count) from officers) as most_reviews,
        (select percentile_cont(0.5) within group (order by review_count) from officers) as median_reviews,
        (select count(*) from officers where review_count = 0) as officers_without_reviews,
        pg_size_pretty(pg_database_size(current_database())) as database_size`,
    );
    console.log(`Done in ${seconds(total)}.`);
    // pg answers counts (bigint) as strings, PGlite as numbers.
    const show = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v)) ? formatCount(Number(v)) : String(v));
    console.log(
      Object.entries(summary ?? {})
        .map(([k, v]) => `  ${k}: ${show(v)}`)
        .join('\n'),
    );
    console.log('Check the aggregates with: npm run db:reconcile');
  } finally {
    await database.close();
  }
}

function report(timing: { phase: string; rows: number | null; ms: number }) {
  const rows = timing.rows === null ? '' : `${formatCount(timing.rows)} rows`;
  console.log(`  ${timing.phase.padEnd(18)} ${rows.padStart(18)} ${seconds(timing.ms).padStart(10)}`);
}

try {
  await main();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
