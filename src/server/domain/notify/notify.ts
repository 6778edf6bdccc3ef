/**
 * The one way to tell a user something (issue 18, item 4): `notify(tx, event)` inside the
 * transaction of the write that caused it. The notification row, and the mail's outbox row when the
 * user wants mail of that kind, commit or roll back with the write; the mail is sent after commit
 * by the outbox worker (docs/decisions/0036-notifications-and-outbox.md). Nothing here can slow the
 * write beyond two inserts and one read, or fail it once the write's own checks have passed.
 */
import { eq } from 'drizzle-orm';
import { effectiveMailPreferences, type NotificationEvent } from '#core/notifications.js';
import type { Executor } from '#server/platform/db/client.js';
import { notifications, users } from '#server/platform/db/schema.js';
import { enqueueOutbox, type OutboxKind } from '#server/platform/outbox/outbox.js';

/** The outbox kind of a notification's mail; its payload names the notification. */
export const NOTIFICATION_MAIL = 'notification-mail' satisfies OutboxKind;

export type NotifyEvent = NotificationEvent & { userId: number };

export async function notify(tx: Executor, event: NotifyEvent): Promise<void> {
  const [created] = await tx
    .insert(notifications)
    .values({ userId: event.userId, kind: event.kind, data: event.data })
    .returning({ id: notifications.id });
  const [user] = await tx.select({ mailPreferences: users.mailPreferences }).from(users).where(eq(users.id, event.userId));
  if (user && effectiveMailPreferences(user.mailPreferences)[event.kind]) {
    await enqueueOutbox(tx, NOTIFICATION_MAIL, { notificationId: created!.id });
  }
}
