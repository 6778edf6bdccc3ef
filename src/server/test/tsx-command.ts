/**
 * Runs a TypeScript entry point in a child process as its npm script does (`tsx <file>`), by
 * loading tsx into Node directly: `npx tsx` first starts npm to find tsx, about a second a call.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The program and arguments for execFile: `tsxCommand('src/server/cli/admin.ts', 'grant', email)`. */
export function tsxCommand(entry: string, ...args: string[]): [string, string[]] {
  return [process.execPath, ['--import', tsxLoader, entry, ...args]];
}
