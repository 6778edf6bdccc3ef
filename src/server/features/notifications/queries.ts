/** The signed-in user's notifications: a page, the unread count, marking read (issue 18, item 4). */
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { describeNotification, type NotificationEvent } from '#core/notifications.js';
import { NOTIFICATION_PAGE_SIZE, type MarkNotificationsReadBody, type NotificationPage } from '#core/schemas/notifications.js';
import type { Executor } from '#server/platform/db/client.js';
import { notifications } from '#server/platform/db/schema.js';
import { decodeCursorArray, encodeCursorArray } from '#server/platform/http/opaque-cursor.js';
import { countUnreadNotifications } from '#server/domain/notify/unread-notifications.js';

/** The cursor of the next page: the last id shown (ids only grow, so newest first is id descending). */
export function decodeNotificationCursor(text: string): { beforeId: number } | null {
  const values = decodeCursorArray(text);
  const [beforeId] = values ?? [];
  return values?.length === 1 && Number.isSafeInteger(beforeId) && (beforeId as number) > 0 ? { beforeId: beforeId as number } : null;
}

export async function listNotifications(db: Executor, userId: number, cursor: { beforeId: number } | undefined): Promise<NotificationPage> {
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      data: notifications.data,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), cursor ? lt(notifications.id, cursor.beforeId) : undefined))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATION_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE);
  return {
    notifications: page.map((row) => {
      const event = { kind: row.kind, data: row.data } as NotificationEvent;
      return {
        id: row.id,
        kind: event.kind,
        ...describeNotification(event),
        createdAt: row.createdAt.toISOString(),
        readAt: row.readAt?.toISOString() ?? null,
      };
    }),
    unreadCount: await countUnreadNotifications(db, userId),
    nextCursor: rows.length > NOTIFICATION_PAGE_SIZE ? encodeCursorArray([page.at(-1)!.id]) : null,
  };
}

/** Marks the user's own notifications read (ids of anyone else's are ignored); says how many changed. */
export async function markNotificationsRead(db: Executor, userId: number, body: MarkNotificationsReadBody): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), 'ids' in body ? inArray(notifications.id, body.ids) : undefined))
    .returning({ id: notifications.id });
  return marked.length;
}
