/** Runs once per test run: migrates the template every test database is copied from. */
import { rmSync, writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '#server/platform/db/client.js';
import { TEST_DATABASE_URL, databaseUrlFor, pgliteSnapshotPath, templateDb, withAdminClient } from './database.js';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function setup() {
  process.env.WOR_TEST_RUN_ID = String(process.pid);

  if (TEST_DATABASE_URL) {
    await withAdminClient(async (c) => {
      // Databases left behind by runs that were interrupted (their process is gone).
      const { rows } = await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'wor\\_test\\_%'");
      for (const { datname } of rows) {
        const pid = Number(/^wor_test_(\d+)_/.exec(datname)?.[1]);
        if (!pid || !isAlive(pid)) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      await c.query(`CREATE DATABASE ${templateDb()}`);
    });
    const handle = await openDatabase({ url: databaseUrlFor(TEST_DATABASE_URL, templateDb()), poolSize: 1 });
    await handle.close();
    return async () => {
      await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${templateDb()} WITH (FORCE)`));
    };
  }

  const handle = await openDatabase({ url: null });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  writeFileSync(pgliteSnapshotPath(), Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  return () => rmSync(pgliteSnapshotPath(), { force: true });
}
