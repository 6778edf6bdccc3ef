/**
 * The README promises Node 20.19 or newer (package.json's engines): every package the lock file
 * installs must run there, or `npm ci` warns EBADENGINE and the promise is false. cookie@2 and
 * content-disposition@3 required Node 22; package.json's overrides pin versions with the same API
 * that support Node 18 and up (issue 13, item 18).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/platform/paths.js';

interface Semver {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
}
const semver = createRequire(import.meta.url)('semver') as Semver;

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(projectRoot(), file), 'utf8')) as T;
}

describe('Node versions', () => {
  it('every locked package supports the oldest Node that package.json and the README promise', () => {
    const promised = readJson<{ engines: { node: string } }>('package.json').engines.node;
    const oldest = semver.minVersion(promised)?.version;
    expect(oldest).toBe('20.19.0');
    expect(readFileSync(path.join(projectRoot(), 'README.md'), 'utf8')).toContain('Requires Node 20.19 or newer');

    const lock = readJson<{ packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> }>('package-lock.json');
    const unsupported = Object.entries(lock.packages)
      .filter(([location, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return location !== '' && range !== undefined && !semver.satisfies(oldest!, range);
      })
      .map(([location, entry]) => `${location.replace(/^.*node_modules\//, '')}@${entry.version} (node ${(entry.engines as { node: string }).node})`);
    expect(unsupported).toEqual([]);
  });
});
