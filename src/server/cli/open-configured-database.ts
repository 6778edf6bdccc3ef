/**
 * What every command-line tool starts with: the configuration (a wrong value exits with code 2 and a
 * message naming it) and the database it names, migrated.
 */
import path from 'node:path';
import { loadConfigOrExit, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';

export async function openConfiguredDatabase(config: Config = loadConfigOrExit()): Promise<DatabaseHandle> {
  return openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
}
