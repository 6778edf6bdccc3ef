/**
 * Where the demo seed keeps the sign-ins it made: one file per database, in DATA_DIR. The embedded
 * database has demo-accounts.json; a PostgreSQL database named wor has demo-accounts-wor.json, so
 * seeding a PostgreSQL database never overwrites the embedded demo's passwords (issue 13), and each
 * start announces the accounts of the database it runs on. No I/O here: the end-to-end tests
 * (e2e/support.ts) find the file with the same rule.
 */
import path from 'node:path';

const EMBEDDED_FILE = 'demo-accounts.json';

/** The file's name for a database: null is the embedded one, else a PostgreSQL database's name. */
export function demoAccountsFileName(postgresDatabaseName: string | null): string {
  if (postgresDatabaseName === null) return EMBEDDED_FILE;
  // A database name may hold any character; the file name keeps letters, digits, '_', '-' and '.'.
  return `demo-accounts-${postgresDatabaseName.replace(/[^A-Za-z0-9_.-]/g, '_')}.json`;
}

/** The demo accounts file for the configured database (DATABASE_URL, or null for the embedded one). */
export function demoAccountsFile(dataDir: string, databaseUrl: string | null): string {
  return path.join(dataDir, demoAccountsFileName(databaseUrl === null ? null : databaseNameOf(databaseUrl)));
}

/**
 * The database a connection string names. Without one in the path, PostgreSQL connects to the
 * database named like the user (the driver's default user is "postgres").
 */
export function databaseNameOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return decodeURIComponent(url.pathname.replace(/^\//, '')) || decodeURIComponent(url.username) || 'postgres';
}
