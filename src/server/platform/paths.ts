import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The folder holding the project's package.json, found from this file both in src/ and in dist/.
 * The build has a package.json of its own (dist/node, scripts/write-dist-imports.mjs), which has no
 * name: it is passed over.
 */
export function projectRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!isProjectPackage(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  cached = dir;
  return dir;
}

function isProjectPackage(file: string): boolean {
  return existsSync(file) && typeof (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'string';
}
