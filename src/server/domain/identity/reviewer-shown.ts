/**
 * Whether an account has a public reviewer profile (issue 36, item 3): it exists, no ban or
 * suspension is in force, and it has not asked to be deleted (during the grace period the profile is
 * gone as the account will be, and comes back if the deletion is cancelled). The profile's API answer (features/reviews/reviewer-profile.ts) and the
 * page's HTML status (pages/, issue 36, item 6) answer 404 alike for the others.
 */
import { and, eq, isNull, not, sql, type Placeholder } from 'drizzle-orm';
import type { Executor } from '#server/platform/db/client.js';
import { prepared } from '#server/platform/db/prepared.js';
import { users } from '#server/platform/db/schema.js';
import { bannedNow } from './sessions.js';

/** The condition on `users`: not banned at `now` (a placeholder in a prepared read), no deletion pending. */
export const reviewerShown = (now: Placeholder) => and(not(bannedNow(now)), isNull(users.deleteAfter));

export async function isReviewerShown(db: Executor, userId: number): Promise<boolean> {
  const query = prepared(db, 'reviewer_shown', (db, name) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, sql.placeholder('userId')), reviewerShown(sql.placeholder('now'))))
      .prepare(name),
  );
  const rows = await query.execute({ userId, now: new Date().toISOString() });
  return rows.length > 0;
}
