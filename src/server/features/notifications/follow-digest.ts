/**
 * The mail digest of followed news (issue 36, item 1): one mail per period (a day or a week, as the
 * user chose in the settings: users.follow_digest) listing the 'followed_activity' notifications
 * written since the last digest, never one mail per review.
 *
 * Every app process runs the sweep on a timer (digest-plugin.ts). It is idempotent across them: a
 * digest is a row of follow_digests, unique per user and period (`through`, the start of the period
 * the sweep runs in), inserted with ON CONFLICT DO NOTHING in the same statement that queues the
 * mail's outbox row, so only the process whose insert won queues it. The mail is made when the
 * outbox delivers it, so a digest turned off or an account deleted in between sends nothing.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { FOLLOWING_PATH } from '#core/follows.js';
import { followMessages as F } from '#core/messages/follows.js';
import { notificationsMessages as M } from '#core/messages/notifications.js';
import { describeNotification, type NotificationEvent } from '#core/notifications.js';
import type { Mailer, MailMessage } from '#server/adapters/mail/mailer.js';
import { queryRows, type Database } from '#server/platform/db/client.js';
import { followDigests, notifications, users } from '#server/platform/db/schema.js';
import { noteOutboxQueued, type OutboxKind } from '#server/platform/outbox/outbox.js';
import type { Deliverer } from '#server/platform/outbox/worker.js';
import { mailLayout, SITE_NAME } from '#server/domain/notify/mail-layout.js';
import { unsubscribeUrl, type NotificationMailContext } from './mail.js';

export const FOLLOW_DIGEST = 'follow-digest' satisfies OutboxKind;

const KIND = 'followed_activity';

/**
 * Queues the digests due at `at`: for each user whose digest is on and who has followed news from
 * before the current period's start and after their last digest (at most one period back: a digest
 * turned on again does not mail a backlog), one follow_digests row and its mail's outbox row.
 * Returns how many were queued.
 */
export async function queueDueDigests(db: Database, at: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      with periods as (
        select u.id as user_id,
          date_trunc(case u.follow_digest when 'daily' then 'day' else 'week' end, ${at.toISOString()}::timestamptz) as through,
          case u.follow_digest when 'daily' then interval '1 day' else interval '7 days' end as length
        from users u
        where u.follow_digest <> 'off' and exists (select 1 from follows f where f.user_id = u.id)
      ),
      due as (
        select p.user_id, p.through,
          greatest(p.through - p.length, coalesce((select max(d.through) from follow_digests d where d.user_id = p.user_id), '-infinity')) as since
        from periods p
      ),
      claimed as (
        insert into follow_digests (user_id, since, through)
        select d.user_id, d.since, d.through from due d
        where d.since < d.through and exists (
          select 1 from notifications n
          where n.user_id = d.user_id and n.kind = ${KIND} and n.created_at >= d.since and n.created_at < d.through)
        on conflict (user_id, through) do nothing
        returning id
      )
      insert into outbox (kind, payload)
      select ${FOLLOW_DIGEST}, jsonb_build_object('digestId', c.id) from claimed c
      returning id`,
  );
  if (rows.length > 0) noteOutboxQueued();
  return rows.length;
}

export function followDigestMail(
  context: NotificationMailContext,
  recipient: { userId: number; email: string; username: string; frequency: 'daily' | 'weekly' },
  items: NotificationEvent[],
  digestId: number,
): MailMessage {
  const subject = F.digestSubject(items.length, recipient.frequency);
  const url = `${context.publicUrl}${FOLLOWING_PATH}`;
  const described = items.map((item) => {
    const { message, link } = describeNotification(item);
    return { message, url: `${context.publicUrl}${link}` };
  });
  const lines = [`Hello ${recipient.username},`, F.digestIntro(items.length), ...described.map((item) => `${item.message} ${item.url}`)];
  const unsubscribe = unsubscribeUrl(context, recipient.userId, KIND);
  return {
    to: recipient.email,
    subject,
    text: `${lines.join('\n\n')}\n\n${url}\n\n${SITE_NAME}\n\n${M.mailFooter} ${unsubscribe}`,
    html: mailLayout(subject, lines, url, F.digestOpen, { text: M.mailFooter, link: unsubscribe }),
    link: url,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    messageId: `<follow-digest-${digestId}@${new URL(context.publicUrl).hostname}>`,
  };
}

/** The outbox's deliverer of digests: the recipient and their choice are read now, then one mail. */
export function followDigestDeliverer(db: Database, mailer: Mailer, context: NotificationMailContext): Deliverer {
  return async (payload) => {
    const digestId = Number(payload.digestId);
    const [digest] = await db
      .select({
        userId: followDigests.userId,
        since: followDigests.since,
        through: followDigests.through,
        email: users.email,
        username: users.username,
        frequency: users.followDigest,
      })
      .from(followDigests)
      .innerJoin(users, eq(users.id, followDigests.userId))
      .where(eq(followDigests.id, digestId));
    // Gone with its account, or the digest was turned off since: nothing to send.
    if (!digest || digest.frequency === 'off') return;
    const items = await db
      .select({ kind: notifications.kind, data: notifications.data })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, digest.userId),
          eq(notifications.kind, KIND),
          gte(notifications.createdAt, digest.since),
          lt(notifications.createdAt, digest.through),
        ),
      )
      .orderBy(asc(notifications.id));
    if (items.length === 0) return;
    await mailer.send(
      followDigestMail(
        context,
        { userId: digest.userId, email: digest.email, username: digest.username, frequency: digest.frequency },
        items as NotificationEvent[],
        digestId,
      ),
    );
  };
}
