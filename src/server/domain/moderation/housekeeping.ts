/**
 * The hourly sweep of due process (issue 33): removed reviews and replies past their appeal window
 * are deleted for good, and ended suspensions are cleared from the users table. Neither is needed for
 * correctness at the moment it falls due (a suspension's end is read against the clock, sessions.ts;
 * a late purge only keeps data a little longer): the sweep keeps the tables true and small.
 */
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '#server/platform/db/client.js';
import { users } from '#server/platform/db/schema.js';
import { purgeRemovedContent } from './removed-content.js';

export async function sweepModeration(db: Database, now = new Date()): Promise<{ purged: number; suspensionsEnded: number }> {
  const purged = await purgeRemovedContent(db, now);
  const ended = await db
    .update(users)
    .set({ isBanned: false, bannedUntil: null })
    .where(and(eq(users.isBanned, true), isNotNull(users.bannedUntil), lte(users.bannedUntil, now)))
    .returning({ id: users.id });
  return { purged, suspensionsEnded: ended.length };
}
