/**
 * `npm run db:reconcile` in a child process, as an operator runs it, on an embedded database of its
 * own: it reports the figures that disagree with their rows and exits 1, repairs them with --fix.
 *
 * engine-independent: always the embedded database (DATABASE_URL is emptied for the child), whatever
 * TEST_DATABASE_URL says (scripts/engine-tests.mjs leaves it out of CI's PostgreSQL pass).
 */
import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#server/platform/paths.js';
import { createEmbeddedDatabaseAt } from '#server/test/database.js';
import { createOfficer, createRegiment, createReview, createUser } from '#server/test/fixtures.js';
import { tsxCommand } from '#server/test/tsx-command.js';

describe('npm run db:reconcile (src/server/cli/reconcile.ts)', () => {
  const tmpDirs: string[] = [];
  afterAll(() => {
    for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });
  });

  function freshDataDir() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wor-reconcile-'));
    tmpDirs.push(dir);
    return dir;
  }

  /** Runs the CLI on the embedded database under `dataDir`, whatever the surrounding environment says. */
  function runCli(dataDir: string, args: string[] = []) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'SESSION_SECRET']) delete env[name];
    const options: ExecFileSyncOptions = { cwd: projectRoot(), env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 };
    try {
      return { status: 0, stdout: execFileSync(...tsxCommand('src/server/cli/reconcile.ts', ...args), options) as string };
    } catch (error) {
      const failed = error as { status: number | null; stdout: string };
      return { status: failed.status, stdout: failed.stdout };
    }
  }

  it("reports '0 difference(s) found' and exits 0 on an empty database", async () => {
    const dataDir = freshDataDir();
    await (await createEmbeddedDatabaseAt(path.join(dataDir, 'pglite'))).close();
    const result = runCli(dataDir);
    expect(result.stdout).toContain('0 difference(s) found');
    expect(result.status).toBe(0);
  }, 120_000);

  it('lists differences and exits 1; with --fix repairs them and exits 0', async () => {
    const dataDir = freshDataDir();
    const handle = await createEmbeddedDatabaseAt(path.join(dataDir, 'pglite'));
    let officerId: number;
    let reviewId: number;
    let authorId: number;
    try {
      const regiment = await createRegiment(handle.db);
      const corrupted = await createOfficer(handle.db, { regimentId: regiment.id });
      officerId = corrupted.id;
      const author = await createUser(handle.db);
      authorId = author.id;
      reviewId = (await createReview(handle.db, { userId: author.id, officerId, rating: 4 })).id;
      await handle.db.execute(sql`update officers set average_rating = 2 where id = ${officerId}`);
      await handle.db.execute(sql`update reviews set position = 5 where id = ${reviewId}`);
      await handle.db.execute(sql`update officers set distribution_overall = '{0,0,0,0,0}' where id = ${officerId}`);
      await handle.db.execute(sql`update reviews set upvotes = 2 where id = ${reviewId}`);
      // A reviewer signal (docs/decisions/0029-reviewer-signals.md).
      await handle.db.execute(sql`update users set review_count = 3 where id = ${authorId}`);
    } finally {
      await handle.close();
    }

    const check = runCli(dataDir);
    expect(check.stdout).toContain(`officers#${officerId}.average_rating: stored 2, recomputed 4`);
    expect(check.stdout).toContain(`reviews#${reviewId}.position: stored 5, recomputed 1`);
    expect(check.stdout).toContain(`officers#${officerId}.distribution_overall[4]: stored 0, recomputed 1`);
    expect(check.stdout).toContain(`reviews#${reviewId}.upvotes: stored 2, recomputed 0`);
    expect(check.stdout).toContain(`users#${authorId}.review_count: stored 3, recomputed 1`);
    expect(check.stdout).toContain('5 difference(s) found');
    expect(check.status).toBe(1);

    const fixed = runCli(dataDir, ['--fix']);
    expect(fixed.stdout).toContain('fixed; 0 difference(s) remain');
    expect(fixed.status).toBe(0);

    const again = runCli(dataDir);
    expect(again.stdout).toContain('0 difference(s) found');
    expect(again.status).toBe(0);
  }, 240_000);
});
