/**
 * `npm run admin` in a child process, on an embedded database of its own.
 *
 * engine-independent: always the embedded database (DATABASE_URL is emptied for the child), whatever
 * TEST_DATABASE_URL says (scripts/engine-tests.mjs leaves it out of CI's PostgreSQL pass).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/platform/db/client.js';
import { users } from '#server/platform/db/schema.js';
import { createEmbeddedDatabaseAt } from '#server/test/database.js';
import { tsxCommand } from '#server/test/tsx-command.js';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wor-cli-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function cli(script: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(...tsxCommand(`src/server/cli/${script}.ts`, ...args), { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run admin', () => {
  it('grants and revokes administrator rights by email', async () => {
    const handle = await createEmbeddedDatabaseAt(path.join(dataDir, 'pglite'));
    await handle.db.insert(users).values({ username: 'Meade', email: 'meade@example.test', emailVerified: true });
    await handle.close();

    const granted = await cli('admin', 'grant', 'MEADE@example.test');
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain('Meade (MEADE@example.test) is now an administrator');

    const revoked = await cli('admin', 'revoke', 'meade@example.test');
    expect(revoked.stdout).toContain('is no longer an administrator');

    const check = await openDatabase({ url: null, pgliteDir: path.join(dataDir, 'pglite') });
    const [row] = await check.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.email, 'meade@example.test'));
    await check.close();
    expect(row?.isAdmin).toBe(false);

    const unknown = await cli('admin', 'grant', 'nobody@example.test');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account with the email nobody@example.test');

    const usage = await cli('admin', 'promote');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run admin -- grant <email>');
  }, 60_000);
});
