/** How many of a user's notifications are unread: shown by the notifications' own calls and by the sign-in status (the bell's count). */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '#server/platform/db/client.js';
import { notifications } from '#server/platform/db/schema.js';

export async function countUnreadNotifications(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}
