/**
 * Issue 37's fault test for the demo seed, on real processes: three servers started together with
 * SEED_DEMO=1 on one empty PostgreSQL database (a container scaled to three on its first start) all
 * come up, and the database holds one set of demo data. demo.test.ts races the seed function
 * itself; this runs main.ts: the migrations, the emptiness check and the seed, side by side.
 *
 * engine-independent: always a PostgreSQL database of its own (TEST_POSTGRES_URL), whatever
 * TEST_DATABASE_URL says.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL, databaseUrlFor, runId, withAdminClient } from '#server/test/database.js';
import { startServerProcess, type ServerProcess } from '#server/test/server-process.js';
import { demoAccountsFile } from './accounts-file.js';
import { DEMO_ADMIN } from './plan.js';

const PROCESSES = 3;
const database = `wor_test_${runId()}_seedrace_${randomBytes(4).toString('hex')}`;
const databaseUrl = databaseUrlFor(TEST_POSTGRES_URL, database);
const dataDirs: string[] = [];
const processes: ServerProcess[] = [];

beforeAll(() => withAdminClient((c) => c.query(`CREATE DATABASE ${database}`), TEST_POSTGRES_URL));
afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill()));
  await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`), TEST_POSTGRES_URL);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function countOf(query: string): Promise<number> {
  return withAdminClient(async (c) => Number((await c.query<{ n: string }>(query)).rows[0]!.n), databaseUrl);
}

describe('the demo seed on processes starting together (issue 37)', () => {
  it(`leaves one set of demo data when ${PROCESSES} servers start with SEED_DEMO=1 on an empty database, and all ${PROCESSES} come up`, async () => {
    for (let i = 0; i < PROCESSES; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wor-seed-processes-'));
      dataDirs.push(dataDir);
      const env = { DATABASE_URL: databaseUrl, SESSION_SECRET: 'seed-processes-test-secret-seed-processes-test', DATA_DIR: dataDir, SEED_DEMO: '1' };
      processes.push(startServerProcess(env, { held: true }));
    }
    // Compiled and loaded first, then started at once: they migrate, find the database empty and
    // seed together.
    await Promise.all(processes.map((p) => p.loaded));
    for (const p of processes) p.go();
    const ports = await Promise.all(processes.map((p) => p.listening));

    for (const port of ports) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status, `port ${port}`).toBe(200);
    }
    for (const p of processes) expect(p.child.exitCode, p.stderr()).toBeNull();

    // Seeded once: one admin, each planned officer once, and one process wrote the sign-ins.
    expect(await countOf(`select count(*) as n from users where username = '${DEMO_ADMIN.username}'`)).toBe(1);
    const officers = await countOf('select count(*) as n from officers');
    expect(officers).toBeGreaterThan(0);
    expect(await countOf('select count(distinct name) as n from officers')).toBe(officers);
    const accountsFiles = dataDirs.filter((dir) => existsSync(demoAccountsFile(dir, databaseUrl)));
    expect(accountsFiles).toHaveLength(1);

    for (const p of processes) p.child.kill('SIGTERM');
    const outcomes = await Promise.all(processes.map((p) => p.exited));
    expect(outcomes).toEqual(Array.from({ length: PROCESSES }, () => ({ code: 0, signal: null })));
    expect(processes.map((p) => p.stderr())).toEqual(Array.from({ length: PROCESSES }, () => ''));
    // Three servers loading their code take about 20 s of CPU: more than 30 s on a busy 2-core machine.
  }, 60_000);
});
