/**
 * Several app processes starting together on one empty PostgreSQL database (a rolling deploy, a
 * container scaled to N) must apply each migration exactly once: openDatabase serializes the
 * migrator with an advisory lock. This needs real processes and a real server, whatever the engine
 * under test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#server/platform/paths.js';
import { TEST_POSTGRES_URL, databaseUrlFor, runId, withAdminClient } from '#server/test/database.js';
import { migrationsFolder } from './client.js';

const PROCESSES = 3;
const database = `wor_test_${runId()}_migrate_${randomBytes(4).toString('hex')}`;
const databaseUrl = databaseUrlFor(TEST_POSTGRES_URL, database);

/**
 * Each process loads the code first, says "ready", and opens the database only when told "go": the
 * slow part (starting node, compiling TypeScript) is over by then, so the migrations really race.
 */
const OPEN_DATABASE_SCRIPT = `
const { openDatabase } = await import(process.env.CLIENT_MODULE);
console.log('ready');
await new Promise((resolve) => process.stdin.once('data', resolve));
const handle = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 2 });
await handle.close();
`;

interface Outcome {
  code: number | null;
  stderr: string;
}

function startOpeningProcess(): { child: ChildProcess; ready: Promise<void>; exited: Promise<Outcome> } {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', OPEN_DATABASE_SCRIPT], {
    cwd: projectRoot(),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      CLIENT_MODULE: pathToFileURL(path.join(projectRoot(), 'src/server/platform/db/client.ts')).href,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<Outcome>((resolve) => child.on('close', (code) => resolve({ code, stderr })));
  const ready = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => line === 'ready' && resolve());
    void exited.then((outcome) => reject(new Error(`exited before ready: ${outcome.stderr}`)));
  });
  return { child, ready, exited };
}

function journalTags(): string[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  return journal.entries.map((e) => e.tag);
}

beforeAll(() => withAdminClient((c) => c.query(`CREATE DATABASE ${database}`), TEST_POSTGRES_URL));
afterAll(() => withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`), TEST_POSTGRES_URL));

describe('migrations on PostgreSQL', () => {
  it(`run once when ${PROCESSES} processes start together on an empty database`, async () => {
    const processes = Array.from({ length: PROCESSES }, startOpeningProcess);
    await Promise.all(processes.map((p) => p.ready));
    for (const p of processes) p.child.stdin!.end('go\n');
    const outcomes = await Promise.all(processes.map((p) => p.exited));

    expect(outcomes).toEqual(Array.from({ length: PROCESSES }, () => ({ code: 0, stderr: '' })));
    const rows = await withAdminClient(async (c) => {
      const result = await c.query<{ hash: string; times: number }>(
        'SELECT hash, count(*)::int AS times FROM drizzle.__drizzle_migrations GROUP BY hash',
      );
      return result.rows;
    }, databaseUrl);
    expect(rows).toHaveLength(journalTags().length);
    expect(rows.every((r) => r.times === 1)).toBe(true);
  }, 30_000);
});
