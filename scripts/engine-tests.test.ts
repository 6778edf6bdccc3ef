import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, without type declarations.
import { engineTests } from './engine-tests.mjs';

describe("CI's PostgreSQL pass (scripts/engine-tests.mjs)", () => {
  const files: string[] = engineTests();

  it('runs the files that open the test database again', () => {
    expect(files).toEqual(
      expect.arrayContaining(['src/server/features/reviews/concurrency.test.ts', 'src/server/test/authorization-matrix.test.ts']),
    );
  });

  it('leaves out pure code and the files that choose their engine themselves', () => {
    for (const once of [
      'src/server/platform/config.test.ts',
      'src/server/cli/cli.test.ts',
      'src/server/platform/db/embedded.test.ts',
      'src/server/cli/backup-restore.test.ts',
    ]) {
      expect(files).not.toContain(once);
    }
  });
});
