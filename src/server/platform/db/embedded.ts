/**
 * The embedded engine (PGlite: PostgreSQL compiled to WebAssembly, in this process) opened so that
 * it fits a newcomer's laptop or a small VPS (decision 0018). A WebAssembly heap grows to the most
 * it was ever asked for and never gives memory back, and the code compiled for it stays too, so
 * what matters is what the engine is allowed to touch, not what it holds on average.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { projectRoot } from '#server/platform/paths.js';

/**
 * PGlite starts PostgreSQL with the settings of a server that has a machine to itself (128 MB of
 * shared buffers, 64 MB for an index build); inside this process that became 60 MB of WebAssembly
 * heap growth on top of its 128 MB floor. The operating system's page cache still holds the data
 * files (PGlite reads them through the real file system), so a buffer miss costs a system call, not
 * a disk read. work_mem stays at PostgreSQL's 4 MB: the largest sort here is one page of a list.
 */
export const EMBEDDED_SETTINGS = {
  // The demo's tables and indexes are 2 MB, the system catalogs 8 MB; PostgreSQL touches every
  // buffer at start, so each MB here is a resident MB from the first second.
  shared_buffers: '8MB',
  // PGlite runs one backend; every allowed connection reserves lock and process slots in shared
  // memory (4 MB for the default 100). It must stay above superuser_reserved_connections (3).
  max_connections: '10',
  // CREATE INDEX (the GIN trigram indexes of a migration) and VACUUM: larger builds spill to disk.
  maintenance_work_mem: '16MB',
  // Only temporary tables use them, and nothing here creates one.
  temp_buffers: '1MB',
} as const;

/**
 * V8 compiles PGlite's 9 MB of WebAssembly once with its baseline compiler (Liftoff) and again with
 * its optimizing one (TurboFan) for what runs often. Measured here, the second compilation cost
 * 50-70 MB of RSS (optimized code and the compiler's working memory, which the allocator keeps) for
 * no difference in CPU time per query. The flag only concerns WebAssembly compiled after it, that
 * is PGlite's: a PostgreSQL server (DATABASE_URL) never comes here.
 */
const BASELINE_COMPILER_ONLY = '--liftoff-only';

export function embeddedStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}

/** Opens (creating it when needed) the embedded database in `dir`, or in memory ('memory://...'). */
export async function openEmbeddedEngine(dir: string, snapshot?: Blob): Promise<PGlite> {
  setFlagsFromString(BASELINE_COMPILER_ONLY);
  if (!snapshot && needsCreating(dir)) await createDataDirInChildProcess(dir);
  return PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: snapshot, startParams: embeddedStartParams() });
}

/** A data directory on disk that does not exist yet or is empty: initdb has never run there. */
function needsCreating(dir: string): boolean {
  if (dir.startsWith('memory://')) return false;
  if (!existsSync(dir)) return true;
  return readdirSync(dir).length === 0;
}

// What the child runs: PGlite creates the files when it opens a directory without them.
const CREATE_DATA_DIR = `
import { PGlite } from '@electric-sql/pglite';
const [dir, startParams] = [process.argv[1], JSON.parse(process.argv[2])];
const db = await PGlite.create(dir, { startParams });
await db.close();
`;

/**
 * Creating a database (initdb) is PGlite's hungriest moment: it runs a second engine and a copy of
 * its heap, 700-800 MB for a few seconds, and the allocator keeps much of it afterwards (this
 * process stayed ~100 MB larger after a first start than after later ones). A child process
 * returns all of it when it exits. It works in a sibling folder renamed into place at the end, so
 * an interrupted creation never leaves a half-made database that the next start would try to open.
 */
async function createDataDirInChildProcess(dir: string): Promise<void> {
  // Absolute: the child runs in the project's folder, which need not be this process's.
  const partial = path.resolve(`${dir}.creating-${process.pid}`);
  rmSync(partial, { recursive: true, force: true });
  const stderr: string[] = [];
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [BASELINE_COMPILER_ONLY, '--input-type=module', '--eval', CREATE_DATA_DIR, '--', partial, JSON.stringify(embeddedStartParams())],
      // The child resolves '@electric-sql/pglite' from the project, wherever the server was started.
      { cwd: projectRoot(), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(signal ? null : code));
  });
  if (exitCode !== 0) {
    rmSync(partial, { recursive: true, force: true });
    const reason =
      stderr
        .join('')
        .trim()
        .split('\n')
        .findLast((line) => line.trim()) ?? `the process was stopped (${exitCode === null ? 'killed' : `exit code ${exitCode}`})`;
    throw new Error(`creating the database files in ${dir} failed: ${reason}`);
  }
  // rename() replaces an empty directory on POSIX but not on Windows: remove it first (rmdir
  // refuses a directory that is not empty, so nothing else can be lost here).
  if (existsSync(dir)) rmdirSync(dir);
  renameSync(partial, dir);
}
