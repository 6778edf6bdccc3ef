import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/platform/paths.js';

/** Every non-test source file under this folder, relative to it. */
function sourceFiles(folder: string, prefix = ''): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return sourceFiles(path.join(folder, entry.name), `${prefix}${entry.name}/`);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [`${prefix}${entry.name}`] : [];
  });
}

describe('the database layer', () => {
  it('depends on neither the HTTP layer nor the read cache (they depend on it)', () => {
    const dbFolder = path.join(projectRoot(), 'src', 'server', 'db');
    const offending = sourceFiles(dbFolder).filter((file) =>
      [...readFileSync(path.join(dbFolder, file), 'utf8').matchAll(/from '([^']+)'/g)].some(([, specifier]) => {
        const target = path.resolve(path.dirname(path.join(dbFolder, file)), specifier!);
        return ['http', 'read-cache'].some((layer) => target.startsWith(path.join(projectRoot(), 'src', 'server', layer) + path.sep));
      }),
    );
    expect(offending).toEqual([]);
  });
});
