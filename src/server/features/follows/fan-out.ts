/**
 * The followers' fan-out (issue 36, item 1): the outbox's deliverer of 'follower-news' rows
 * (domain/notify/follower-news.ts). One statement writes a 'followed_activity' notification for
 * each follower of the officer or of its regiment, after the news's write has committed:
 *
 * - a review reaches nobody while a wave holds it (its release queues it again), nor its author,
 *   nor the accounts linked to its officer (they are told as the officer);
 * - a reply reaches neither its author nor the reviewer (told as the reviewer);
 * - each follower hears of one piece of news once: a row delivered twice (the outbox delivers at
 *   least once) or queued again (a review held after it counted, then released) adds nothing.
 *
 * The digest mail is made later from these notifications (features/notifications/follow-digest.ts).
 */
import { sql } from 'drizzle-orm';
import { anonymousSoldier } from '#core/messages/common.js';
import type { Database } from '#server/platform/db/client.js';
import type { FollowerNews } from '#server/domain/notify/follower-news.js';
import type { Deliverer } from '#server/platform/outbox/worker.js';

const KIND = 'followed_activity';

function fanOutStatement(news: FollowerNews) {
  const notYetTold = (key: 'reviewId' | 'officerId', id: unknown) =>
    sql`not exists (select 1 from notifications n
          where n.user_id = f.user_id and n.kind = ${KIND} and n.data->>'event' = ${news.event} and n.data->>${key} = ${String(id)})`;
  switch (news.event) {
    case 'review':
      return sql`
        insert into notifications (user_id, kind, data)
        select distinct on (f.user_id) f.user_id, ${KIND}, jsonb_build_object('event', 'review', 'reviewId', r.id, 'officerId', o.id,
          'officerName', o.name, 'regimentName', g.name, 'reviewerUsername', coalesce(u.username, ${anonymousSoldier}::text))
        from reviews r
        join officers o on o.id = r.officer_id
        join regiments g on g.id = o.regiment_id
        left join users u on u.id = r.user_id
        join follows f on f.officer_id = o.id or f.regiment_id = g.id
        join users follower on follower.id = f.user_id
        where r.id = ${news.reviewId} and not r.held and o.is_active and g.is_active
          and f.user_id is distinct from r.user_id and follower.officer_id is distinct from o.id
          and ${notYetTold('reviewId', news.reviewId)}`;
    case 'reply':
      return sql`
        insert into notifications (user_id, kind, data)
        select distinct on (f.user_id) f.user_id, ${KIND}, jsonb_build_object('event', 'reply', 'reviewId', r.id, 'officerId', o.id,
          'officerName', o.name, 'regimentName', g.name)
        from review_replies rr
        join reviews r on r.id = rr.review_id
        join officers o on o.id = r.officer_id
        join regiments g on g.id = o.regiment_id
        join follows f on f.officer_id = o.id or f.regiment_id = g.id
        where r.id = ${news.reviewId} and not r.held and o.is_active and g.is_active
          and f.user_id is distinct from rr.user_id and f.user_id is distinct from r.user_id
          and ${notYetTold('reviewId', news.reviewId)}`;
    case 'officer':
      return sql`
        insert into notifications (user_id, kind, data)
        select f.user_id, ${KIND}, jsonb_build_object('event', 'officer', 'officerId', o.id, 'officerName', o.name, 'regimentName', g.name)
        from officers o
        join regiments g on g.id = o.regiment_id
        join follows f on f.regiment_id = g.id
        join users follower on follower.id = f.user_id
        where o.id = ${news.officerId} and o.is_active and g.is_active and follower.officer_id is distinct from o.id
          and ${notYetTold('officerId', news.officerId)}`;
  }
}

/** The outbox's deliverer of followers' news: the notifications, in one statement. */
export function followerNewsDeliverer(db: Database): Deliverer {
  return async (payload) => {
    await db.execute(fanOutStatement(payload as FollowerNews));
  };
}
