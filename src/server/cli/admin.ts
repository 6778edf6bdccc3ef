/**
 * npm run admin -- grant <email> | revoke <email>: makes an account an administrator, or not.
 * Works on the configured database (DATABASE_URL, or the embedded one under DATA_DIR).
 */
import { sql } from 'drizzle-orm';
import { openConfiguredDatabase } from '#server/platform/db/open-configured-database.js';
import { users } from '#server/platform/db/schema.js';

const USAGE = 'Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>';

async function main() {
  const [command, email] = process.argv.slice(2);
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error(USAGE);
    process.exit(2);
  }
  const handle = await openConfiguredDatabase();
  try {
    const updated = await handle.db
      .update(users)
      .set({ role: command === 'grant' ? 'admin' : 'user' })
      .where(sql`lower(${users.email}) = lower(${email})`)
      .returning({ username: users.username });
    if (updated.length === 0) {
      console.error(`No account with the email ${email}.`);
      process.exitCode = 1;
    } else {
      console.log(`${updated[0]!.username} (${email}) ${command === 'grant' ? 'is now an administrator' : 'is no longer an administrator'}.`);
    }
  } finally {
    await handle.close();
  }
}

await main();
