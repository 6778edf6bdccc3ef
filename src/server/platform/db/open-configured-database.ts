/**
 * What the server and every command-line tool start with: the database the configuration names,
 * migrated. A database that cannot be opened ends the process with one line naming it and why
 * (open-error.ts), and exit code 1; a wrong configuration value exits with code 2 (config.ts).
 */
import path from 'node:path';
import { loadConfigOrExit, type Config } from '#server/platform/config.js';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './client.js';
import { describeDatabaseError } from './open-error.js';

export async function openConfiguredDatabase(
  config: Config = loadConfigOrExit(),
  options: Pick<DatabaseOptions, 'onConnectionLost' | 'replicaUrls' | 'log'> = {},
): Promise<DatabaseHandle> {
  try {
    return await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), ...options });
  } catch (error) {
    console.error(describeDatabaseError(error, config.databaseUrl));
    process.exit(1);
  }
}
