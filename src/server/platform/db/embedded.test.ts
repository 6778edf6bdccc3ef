/**
 * The embedded default's memory (decision 0018), guarded where a test can see it: the WebAssembly
 * heap, which never shrinks, must not grow past the floor PGlite starts with through a first start
 * (database creation, migrations, demo seed) and a browsing pass on every kind of public read; the
 * part of it PostgreSQL actually touches must stay small; and creating the database must not peak in
 * this process. The RSS of the whole server under load is measured by `npm run measure:memory`.
 *
 * engine-independent: always the embedded database, whatever TEST_DATABASE_URL says
 * (scripts/engine-tests.mjs leaves it out of CI's PostgreSQL pass).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { Metrics } from '#server/platform/http/metrics.js';
import { testConfig } from '#server/test/app.js';
import type { App } from '#server/platform/types.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { seedDemoData } from '#server/seed/demo.js';

const MIB = 1024 * 1024;
/** The initial memory PGlite's module declares: the heap cannot be smaller. */
const WASM_HEAP_FLOOR = 128 * MIB;

let dataDir: string;
let handle: DatabaseHandle;
let app: App;
/** This process's resident bytes before the database opens. */
let rssBefore: number;

beforeAll(async () => {
  // The test process is shared with other test files (vitest.config.ts): start the peak from here.
  resetPeakRss();
  rssBefore = process.memoryUsage().rss;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'wor-embedded-'));
  handle = await openDatabase({ url: null, pgliteDir: path.join(dataDir, 'pglite') });
  await seedDemoData(handle.db, dataDir);
  // No response cache: every request below reaches the database.
  app = await buildApp({ config: testConfig({ responseCacheBytes: 0 }), db: handle.db, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function getJson<T>(url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.json<T>();
}

/** Resident bytes of the mapping exactly the WebAssembly heap's size (Linux's /proc/self/smaps). */
function residentBytesOfMapping(size: number): number {
  let resident = 0;
  let inMapping = false;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) inMapping = parseInt(header[2]!, 16) - parseInt(header[1]!, 16) === size && header[3]!.trim() === '';
    else if (inMapping && line.startsWith('Rss:')) resident = Math.max(resident, Number(line.split(/\s+/)[1]) * 1024);
  }
  return resident;
}

function peakRssBytes(): number {
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;
}

/** Sets this process's peak resident size back to its current size (Linux's clear_refs, value 5). */
function resetPeakRss(): void {
  writeFileSync('/proc/self/clear_refs', '5');
}

describe('the embedded database', () => {
  it('creates its files in a child process, so this one never holds the creation peak', () => {
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    // The creation works in a sibling folder renamed into place: nothing of it is left behind.
    expect(readdirSync(dataDir).filter((name) => name.includes('.creating-'))).toEqual([]);
    // Created in this process, it took 700-870 MB here, 500-670 MB over a test process of ~200 MB;
    // opening it, the demo seed and the app stay well under half of that.
    expect(peakRssBytes() - rssBefore).toBeLessThan(250 * MIB);
  });

  it('keeps its WebAssembly heap at the floor through the seed and a browsing pass on every public read', async () => {
    const officers = await getJson<Array<{ id: number; name: string; regimentId: number; reviewCount: number }>>('/api/officers');
    const regiments = await getJson<Array<{ id: number; name: string }>>('/api/regiments');
    expect(officers.length).toBeGreaterThan(100);
    await getJson('/api/reviews/recent');
    await getJson('/api/officers/top');
    for (const officer of officers) {
      await getJson(`/api/officers/${officer.id}`);
      for (let page = 1; page <= Math.max(1, Math.ceil(officer.reviewCount / 10)); page++) {
        await getJson(`/api/reviews/officer/${officer.id}?page=${page}&limit=10`);
      }
    }
    for (const regiment of regiments) {
      await getJson(`/api/regiments/${regiment.id}`);
      await getJson(`/api/officers/regiment/${regiment.id}`);
      await getJson(`/api/officers/search?q=${encodeURIComponent(regiment.name)}&sortBy=rating&sortOrder=asc`);
    }
    for (const officer of officers.slice(0, 60)) {
      const [first, last] = [officer.name.split(' ')[0]!, officer.name.split(' ').at(-1)!];
      await getJson(`/api/officers/search?q=${encodeURIComponent(last)}&sortBy=reviews&sortOrder=desc`);
      await getJson(`/api/officers/search?q=${encodeURIComponent(first.slice(0, 3))}&sortBy=name&sortOrder=asc&sideId=1`);
    }

    const heap = handle.memoryBytes!();
    // PostgreSQL's default 128 MB of shared buffers took it to 189 MB before anything was read.
    expect(heap).toBeLessThanOrEqual(WASM_HEAP_FLOOR);
    // Of that heap, what PostgreSQL touched (shared buffers, catalogs, sorts): measured 24 MB.
    expect(residentBytesOfMapping(heap)).toBeLessThan(40 * MIB);
  });

  it('shows the heap, and the response cache, in the metrics', async () => {
    const metrics = new Metrics();
    metrics.watchMemory({ embeddedDatabase: handle.memoryBytes, responseCache: () => app.responseCache.size.bytes });
    const text = await metrics.text();
    expect(text).toContain(`db_embedded_memory_bytes ${handle.memoryBytes!()}`);
    expect(text).toContain('response_cache_bytes 0');
  });
});
