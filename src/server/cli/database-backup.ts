/**
 * Backing up and restoring the configured database, for `npm run db:backup` and `npm run db:restore`.
 * PostgreSQL goes through its own tools (pg_dump's custom format, pg_restore in one transaction);
 * the embedded PGlite database through its data-directory dump. Nothing is ever replaced silently:
 * a restore over existing data needs --force, and an existing backup file is never overwritten.
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { announcePublicDataChanged } from '#server/platform/read-cache/cache-bus.js';
import type { Executor } from '#server/platform/db/client.js';

export type Engine = 'postgres' | 'pglite';

/** A refusal or a failure the operator can act on: the command prints its one-line message and exits 1. */
export class BackupCommandError extends Error {}

/**
 * Runs a backup or restore and says how it went in one line: what it did, or why it refused
 * (exit code 1). Any other failure is a bug and keeps its stack trace.
 */
export async function reportOutcome(work: () => Promise<string>): Promise<void> {
  try {
    console.log(await work());
  } catch (error) {
    if (!(error instanceof BackupCommandError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

const FILE_EXTENSION: Record<Engine, string> = { postgres: 'dump', pglite: 'tar.gz' };
/** The first bytes of a pg_dump custom-format archive, and of a gzip file (PGlite's dump). */
const PG_DUMP_MAGIC = Buffer.from('PGDMP');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** 2026-02-15T10:15:30.123Z -> 20260215T101530Z: sorts by time, and is safe in any file name. */
export function utcStamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

export function defaultBackupPath(engine: Engine, now: Date = new Date()): string {
  return path.resolve('backups', `wor-${engine}-${utcStamp(now)}.${FILE_EXTENSION[engine]}`);
}

/** Paths under the current directory are shown relative to it, as the operator would type them. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}

function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || '(default)';
}

/**
 * The libpq tools take the connection string as --dbname; its password moves to PGPASSWORD so it
 * does not show in the process list.
 */
function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/** Runs a PostgreSQL client tool; its own messages go straight to the operator's terminal. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new BackupCommandError(
          error.code === 'ENOENT'
            ? `${tool} was not found: install the PostgreSQL client tools (the server's major version or newer).`
            : `${tool} could not start: ${error.message}`,
        ),
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupCommandError(`${tool} failed (${signal ?? `exit code ${code}`}); see its message above.`));
    });
  });
}

function startsWith(file: string, magic: Buffer): boolean {
  const head = Buffer.alloc(magic.length);
  const fd = openSync(file, 'r');
  try {
    return readSync(fd, head, 0, magic.length, 0) === magic.length && head.equals(magic);
  } finally {
    closeSync(fd);
  }
}

function requireBackupFile(file: string): void {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupCommandError(`No backup file at ${displayPath(file)}.`);
}

/** A typo must not replace last night's backup. */
function requireNewBackupFile(file: string): void {
  if (existsSync(file)) throw new BackupCommandError(`${displayPath(file)} already exists; choose another file name.`);
  mkdirSync(path.dirname(file), { recursive: true });
}

/**
 * Writes to a side file and renames it into place once complete, so a failed or interrupted backup
 * never leaves a truncated file that looks like a good one.
 */
async function writeCompletely(file: string, write: (partial: string) => Promise<void>): Promise<number> {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return statSync(file).size;
}

export async function backupPostgres(databaseUrl: string, file: string): Promise<string> {
  requireNewBackupFile(file);
  const { dbname, env } = libpqConnection(databaseUrl);
  const size = await writeCompletely(file, (partial) =>
    runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${dbname}`], env),
  );
  return `Backed up the PostgreSQL database "${databaseNameOf(databaseUrl)}" to ${displayPath(file)} (${formatSize(size)}).`;
}

/** Tables outside PostgreSQL's own schemas: any at all means there is something a restore would replace. */
async function countUserTables(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ tables: number }>(
    `SELECT count(*)::int AS tables FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
       AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'`,
  );
  return rows[0]!.tables;
}

export async function restorePostgres(databaseUrl: string, file: string, options: { force: boolean }): Promise<string> {
  requireBackupFile(file);
  if (startsWith(file, GZIP_MAGIC)) {
    throw new BackupCommandError(`${displayPath(file)} is a backup of the embedded database; unset DATABASE_URL to restore it.`);
  }
  const name = databaseNameOf(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await countUserTables(client);
    if (tables > 0 && !options.force) {
      throw new BackupCommandError(
        `Refusing to restore: the PostgreSQL database "${name}" already has ${tables} table(s); add --force to replace them with the backup's.`,
      );
    }
    const { dbname, env } = libpqConnection(databaseUrl);
    // One transaction: a restore that fails half-way leaves the database as it was.
    await runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${dbname}`, file], env);
    // App processes still running on this database keep public answers in memory (docs/decisions/0009).
    await announcePublicDataChanged(drizzlePg(client) as unknown as Executor);
  } finally {
    await client.end();
  }
  return `Restored ${displayPath(file)} into the PostgreSQL database "${name}".`;
}

function isNonEmptyDirectory(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

export async function backupPglite(dataDir: string, file: string): Promise<string> {
  if (!isNonEmptyDirectory(dataDir)) throw new BackupCommandError(`No embedded database at ${displayPath(dataDir)}: nothing to back up.`);
  requireNewBackupFile(file);
  // Opened as it is, not through openDatabase: a backup must not migrate the data it is saving.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  let size: number;
  try {
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    size = await writeCompletely(file, async (partial) => writeFileSync(partial, bytes));
  } finally {
    await client.close();
  }
  return `Backed up the embedded database at ${displayPath(dataDir)} to ${displayPath(file)} (${formatSize(size)}).`;
}

export async function restorePglite(dataDir: string, file: string, options: { force: boolean }, now: Date = new Date()): Promise<string> {
  requireBackupFile(file);
  if (startsWith(file, PG_DUMP_MAGIC)) {
    throw new BackupCommandError(`${displayPath(file)} is a PostgreSQL backup; set DATABASE_URL to the database to restore it into.`);
  }
  const hasData = isNonEmptyDirectory(dataDir);
  if (hasData && !options.force) {
    throw new BackupCommandError(
      `Refusing to restore: the embedded database at ${displayPath(dataDir)} is not empty; add --force to replace it (it is then kept aside).`,
    );
  }
  const stamp = utcStamp(now);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // Built beside the current database first: a damaged backup file fails here, with nothing moved yet.
  const staging = `${dataDir}.restoring-${stamp}`;
  try {
    const client = await PGlite.create(staging, { loadDataDir: new Blob([readFileSync(file)]), extensions: { pg_trgm } });
    await client.query('SELECT 1');
    await client.close();
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new BackupCommandError(`${displayPath(file)} could not be restored as an embedded database: ${(error as Error).message}`);
  }
  const keptAt = `${dataDir}.before-restore-${stamp}`;
  if (hasData) renameSync(dataDir, keptAt);
  else rmSync(dataDir, { recursive: true, force: true });
  renameSync(staging, dataDir);
  const kept = hasData ? ` (the previous one is kept at ${displayPath(keptAt)})` : '';
  return `Restored ${displayPath(file)} into the embedded database at ${displayPath(dataDir)}${kept}.`;
}
