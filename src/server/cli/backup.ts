/**
 * npm run db:backup [-- <file>]: saves the configured database to one file (see USAGE). Exit code 1
 * when it could not, 2 for a wrong command line.
 */
import path from 'node:path';
import { loadConfigOrExit } from '#server/platform/config.js';
import { reportOutcome, backupPglite, backupPostgres, defaultBackupPath } from './database-backup.js';

const USAGE = `Usage: npm run db:backup [-- <file>]
  Backs up the configured database to <file>, by default backups/wor-<engine>-<UTC time>.<ext>:
  - PostgreSQL (DATABASE_URL set): a pg_dump custom-format file (.dump); the site may keep running.
    Needs pg_dump of the server's major version or newer.
  - embedded database (DATA_DIR/pglite): its data directory as a .tar.gz. Stop the server first:
    the embedded database belongs to one process at a time.
  An existing file is never overwritten. Restore with npm run db:restore -- <file>.`;

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  if (args.length > 1 || args.some((a) => a.startsWith('-'))) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const engine = config.databaseUrl ? 'postgres' : 'pglite';
  const file = args[0] ? path.resolve(args[0]) : defaultBackupPath(engine);
  await reportOutcome(() =>
    config.databaseUrl ? backupPostgres(config.databaseUrl, file) : backupPglite(path.join(config.dataDir, 'pglite'), file),
  );
}

await main();
