/**
 * A fresh, migrated database for each test file: PGlite by default, PostgreSQL when
 * TEST_DATABASE_URL is set (CI runs both). Fresh databases are cheap because they are copies of one
 * migrated template made once in global-setup.ts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '#server/platform/db/client.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;
/**
 * The PostgreSQL server for the tests that need one whatever the engine under test (several app
 * processes sharing one database): TEST_DATABASE_URL's server, else the machine's (as with Redis).
 */
export const TEST_POSTGRES_URL = TEST_DATABASE_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * Each test run has its own template and snapshot (named after the run's process id), so two runs
 * on one machine never drop each other's databases. global-setup.ts sets the id for the workers.
 */
export function runId(): string {
  return process.env.WOR_TEST_RUN_ID ?? String(process.pid);
}
export const templateDb = () => `wor_test_${runId()}_template`;
export const pgliteSnapshotPath = () => path.join(os.tmpdir(), `wor-test-pglite-${runId()}.tar`);

export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>, serverUrl = TEST_DATABASE_URL!): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A migrated embedded database made on disk under `pgliteDir` (which must not exist yet), for the
 * tests that run a CLI on one: a copy of this run's migrated snapshot when there is one (the PGlite
 * pass), else made from scratch. Making one from scratch (initdb and every migration) took 5-12 s
 * a time; platform/db/embedded.test.ts still does it once, as a first start does.
 */
export async function createEmbeddedDatabaseAt(pgliteDir: string): Promise<DatabaseHandle> {
  const snapshotPath = pgliteSnapshotPath();
  const snapshot = existsSync(snapshotPath) ? new Blob([readFileSync(snapshotPath)]) : undefined;
  return openDatabase({ url: null, pgliteDir, pgliteSnapshot: snapshot });
}

export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (!TEST_DATABASE_URL) {
    const snapshot = new Blob([readFileSync(pgliteSnapshotPath())]);
    return openDatabase({ url: null, pgliteSnapshot: snapshot });
  }
  const name = `wor_test_${runId()}_${randomBytes(6).toString('hex')}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${templateDb()}`));
  const handle = await openDatabase({ url: databaseUrlFor(TEST_DATABASE_URL, name), poolSize: 20 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
