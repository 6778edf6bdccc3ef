/**
 * npm run db:restore -- <file> [--force]: puts a backup made by db:backup back into the configured
 * database (see USAGE). Exit code 1 when refused or failed (nothing changed then), 2 for a wrong
 * command line.
 */
import path from 'node:path';
import { loadConfigOrExit } from '#server/platform/config.js';
import { reportOutcome, restorePglite, restorePostgres } from './database-backup.js';

const USAGE = `Usage: npm run db:restore -- <file> [--force]
  Restores a backup made by npm run db:backup into the configured database:
  - PostgreSQL (DATABASE_URL set): pg_restore of the .dump file, in one transaction. Best with the
    app stopped; processes left running wait for it, then are told to forget cached answers.
  - embedded database (DATA_DIR/pglite): a new data directory from the .tar.gz; the current one is
    kept as pglite.before-restore-<UTC time>. The server must NOT be running on it meanwhile.
  A database that already holds data is only replaced with --force.`;

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const file = path.resolve(files[0]!);
  await reportOutcome(() =>
    config.databaseUrl ? restorePostgres(config.databaseUrl, file, { force }) : restorePglite(path.join(config.dataDir, 'pglite'), file, { force }),
  );
}

await main();
