/**
 * npm run db:backup and db:restore, as an operator runs them: real processes, both engines, a
 * round trip (back up, change the data, restore, the data is back exactly), and a restore over
 * existing data refused without --force.
 *
 * engine-independent: it runs on both engines itself, whatever TEST_DATABASE_URL says
 * (scripts/engine-tests.mjs leaves it out of CI's PostgreSQL pass).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/platform/db/client.js';
import { regiments, users } from '#server/platform/db/schema.js';
import { projectRoot } from '#server/platform/paths.js';
import { TEST_POSTGRES_URL, createEmbeddedDatabaseAt, databaseUrlFor, runId, withAdminClient } from '#server/test/database.js';
import { tsxCommand } from '#server/test/tsx-command.js';

const run = promisify(execFile);
const workDir = mkdtempSync(path.join(os.tmpdir(), 'wor-backup-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command from the working folder, as `npm run db:backup` would from the project's. */
async function cli(env: NodeJS.ProcessEnv, script: 'backup' | 'restore', ...args: string[]): Promise<Outcome> {
  const options = { cwd: workDir, env: { ...process.env, LOG_LEVEL: 'silent', ...env } };
  try {
    const { stdout, stderr } = await run(...tsxCommand(path.join(projectRoot(), 'src', 'server', 'cli', `${script}.ts`), ...args), options);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function createSomeData(db: Database): Promise<void> {
  const [meade] = await db.insert(users).values({ username: 'Meade', email: 'meade@example.test', emailVerified: true }).returning();
  await db.insert(users).values({ username: 'Hancock', email: 'hancock@example.test' });
  await db.insert(regiments).values({ name: '20th Maine', sideId: 1, userId: meade!.id, description: 'Little Round Top' });
}

/** Changes of every kind a restore must undo: an update, a delete, an insert. */
async function changeTheData(db: Database): Promise<void> {
  await db.update(users).set({ username: 'Renamed', role: 'admin' }).where(eq(users.username, 'Meade'));
  // A whole table lost: the restore must bring every row back.
  // eslint-disable-next-line drizzle/enforce-delete-with-where
  await db.delete(regiments);
  await db.insert(users).values({ username: 'Intruder', email: 'intruder@example.test' });
}

async function readTheData(db: Database) {
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    regiments: await db.select().from(regiments).orderBy(asc(regiments.id)),
  };
}

describe('db:backup and db:restore on PostgreSQL', () => {
  const source = `wor_test_${runId()}_backup_${randomBytes(4).toString('hex')}`;
  const empty = `${source}_empty`;
  const sourceUrl = databaseUrlFor(TEST_POSTGRES_URL, source);
  const emptyUrl = databaseUrlFor(TEST_POSTGRES_URL, empty);
  const env = (url: string) => ({ DATABASE_URL: url, SESSION_SECRET: 'a-test-secret-of-at-least-32-characters' });

  async function readDatabase(url: string) {
    const handle = await openDatabase({ url, poolSize: 1 });
    try {
      return await readTheData(handle.db);
    } finally {
      await handle.close();
    }
  }

  beforeAll(() =>
    withAdminClient(async (c) => {
      for (const name of [source, empty]) await c.query(`CREATE DATABASE ${name}`);
    }, TEST_POSTGRES_URL),
  );
  afterAll(() =>
    withAdminClient(async (c) => {
      for (const name of [source, empty]) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }, TEST_POSTGRES_URL),
  );

  it('round-trips the data, and refuses to restore over existing data without --force', async () => {
    const handle = await openDatabase({ url: sourceUrl, poolSize: 1 });
    await createSomeData(handle.db);
    const original = await readTheData(handle.db);

    const file = path.join(workDir, 'site.dump');
    const backup = await cli(env(sourceUrl), 'backup', file);
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(new RegExp(`^Backed up the PostgreSQL database "${source}" to .*site\\.dump \\([\\d.]+ [kMG]?B\\)\\.\\n$`));

    await changeTheData(handle.db);
    const changed = await readTheData(handle.db);
    await handle.close();

    const refused = await cli(env(sourceUrl), 'restore', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Refusing to restore: the PostgreSQL database ".*" already has \d+ table\(s\); add --force/);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(await readDatabase(sourceUrl)).toEqual(changed);

    const forced = await cli(env(sourceUrl), 'restore', file, '--force');
    expect(forced).toMatchObject({ code: 0, stderr: '' });
    expect(forced.stdout).toContain(`into the PostgreSQL database "${source}"`);
    expect(await readDatabase(sourceUrl)).toEqual(original);

    // An empty database needs no --force: nothing in it can be lost.
    const fresh = await cli(env(emptyUrl), 'restore', file);
    expect(fresh).toMatchObject({ code: 0, stderr: '' });
    expect(await readDatabase(emptyUrl)).toEqual(original);
  }, 40_000);
});

describe('db:backup and db:restore on the embedded database', () => {
  const dataDir = path.join(workDir, 'data');
  const pgliteDir = path.join(dataDir, 'pglite');
  const env = { DATABASE_URL: '', DATA_DIR: dataDir };

  async function readDatabase() {
    const handle = await openDatabase({ url: null, pgliteDir });
    try {
      return await readTheData(handle.db);
    } finally {
      await handle.close();
    }
  }

  it('round-trips the data, and refuses to restore over existing data without --force', async () => {
    const handle = await createEmbeddedDatabaseAt(pgliteDir);
    await createSomeData(handle.db);
    const original = await readTheData(handle.db);
    await handle.close();

    // No file named: it goes under backups/ in the current folder.
    const backup = await cli(env, 'backup');
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(
      /^Backed up the embedded database at data\/pglite to backups\/wor-pglite-\d{8}T\d{6}Z\.tar\.gz \([\d.]+ [kM]B\)\.\n$/,
    );
    const file = path.join(workDir, /to (backups\/\S+\.tar\.gz)/.exec(backup.stdout)![1]!);
    expect(existsSync(file)).toBe(true);

    const changing = await openDatabase({ url: null, pgliteDir });
    await changeTheData(changing.db);
    const changed = await readTheData(changing.db);
    await changing.close();

    const refused = await cli(env, 'restore', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Refusing to restore: the embedded database at data\/pglite is not empty; add --force/);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('pglite'))).toEqual(['pglite']);
    expect(await readDatabase()).toEqual(changed);

    const forced = await cli(env, 'restore', file, '--force');
    expect(forced).toMatchObject({ code: 0, stderr: '' });
    expect(forced.stdout).toMatch(/the previous one is kept at data\/pglite\.before-restore-\d{8}T\d{6}Z\)\.\n$/);
    expect(await readDatabase()).toEqual(original);
    // The replaced database is kept, not wiped.
    const kept = readdirSync(dataDir).find((name) => name.startsWith('pglite.before-restore-'))!;
    const keptHandle = await openDatabase({ url: null, pgliteDir: path.join(dataDir, kept) });
    expect(await readTheData(keptHandle.db)).toEqual(changed);
    await keptHandle.close();
  }, 40_000);
});
