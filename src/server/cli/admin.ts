/**
 * npm run admin -- grant <email> | revoke <email>: makes an account an administrator, or not.
 * npm run admin -- reset-factors <email>: removes every second factor and recovery code of an
 * account (issue 34, item 6), for the admin who lost theirs and has no other admin to ask.
 * Works on the configured database (DATABASE_URL, or the embedded one under DATA_DIR).
 */
import { sql } from 'drizzle-orm';
import { resetFactorsOf } from '#server/domain/identity/factors.js';
import type { Database } from '#server/platform/db/client.js';
import { openConfiguredDatabase } from '#server/platform/db/open-configured-database.js';
import { users } from '#server/platform/db/schema.js';

const COMMANDS = ['grant', 'revoke', 'reset-factors'] as const;
type Command = (typeof COMMANDS)[number];
const USAGE = 'Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>\n       npm run admin -- reset-factors <email>';

async function setRole(db: Database, command: 'grant' | 'revoke', email: string): Promise<string | null> {
  const updated = await db
    .update(users)
    .set({ role: command === 'grant' ? 'admin' : 'user' })
    .where(sql`lower(${users.email}) = lower(${email})`)
    .returning({ username: users.username });
  if (updated.length === 0) return null;
  return `${updated[0]!.username} (${email}) ${command === 'grant' ? 'is now an administrator' : 'is no longer an administrator'}.`;
}

/** As the admin's call does it (users/manage-users.ts), the operator as the actor. */
async function resetFactors(db: Database, email: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    if (!user) return null;
    if (!(await resetFactorsOf(tx, null, user, ' (from the command line)'))) return `${user.username} (${email}) has no second factor.`;
    return `${user.username} (${email}) has no second factor now; they sign in with their password and enrol again.`;
  });
}

async function main() {
  const [command, email] = process.argv.slice(2);
  if (!COMMANDS.includes(command as Command) || !email) {
    console.error(USAGE);
    process.exit(2);
  }
  const handle = await openConfiguredDatabase();
  try {
    const said = command === 'reset-factors' ? await resetFactors(handle.db, email) : await setRole(handle.db, command as 'grant' | 'revoke', email);
    if (said === null) {
      console.error(`No account with the email ${email}.`);
      process.exitCode = 1;
    } else {
      console.log(said);
    }
  } finally {
    await handle.close();
  }
}

await main();
