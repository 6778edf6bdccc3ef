/**
 * Following an officer or a regiment (issue 36, item 1): follow, stop following, and the list. A
 * follow is the user's own: nobody else's can be read or removed (someone else's id answers 404,
 * as an unknown one does, so ids reveal nothing).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Follow, FollowBody, FollowList } from '#core/follows.js';
import { queryRows, type Database, type Executor } from '#server/platform/db/client.js';
import { follows } from '#server/platform/db/schema.js';
import { notFound } from '#server/platform/errors.js';

interface FollowRow {
  id: number;
  created_at: string | Date;
  officer_id: number | null;
  officer_name: string | null;
  officer_rank: string | null;
  regiment_id: number;
  regiment_name: string;
}

/** Each follow with what it follows, shown only while that is public (an officer's regiment too). */
function followRowsQuery(userId: number, followId: number | null) {
  return sql`
    select f.id, f.created_at, o.id as officer_id, o.name as officer_name, o.rank as officer_rank, g.id as regiment_id, g.name as regiment_name
    from follows f
    left join officers o on o.id = f.officer_id
    join regiments g on g.id = coalesce(o.regiment_id, f.regiment_id)
    where f.user_id = ${userId} and g.is_active and (f.officer_id is null or o.is_active)
      ${followId === null ? sql`` : sql`and f.id = ${followId}`}
    order by f.id desc`;
}

function followOf(row: FollowRow): Follow {
  return {
    id: row.id,
    target:
      row.officer_id === null
        ? { type: 'regiment', id: row.regiment_id, name: row.regiment_name }
        : { type: 'officer', id: row.officer_id, name: row.officer_name!, rank: row.officer_rank!, regimentName: row.regiment_name },
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function listFollows(db: Executor, userId: number): Promise<FollowList> {
  const rows = await queryRows<FollowRow>(db, followRowsQuery(userId, null));
  return { follows: rows.map(followOf) };
}

/**
 * Follows the officer or regiment (a public one: 404 otherwise). Following what one already
 * follows is not an error: the answer is the follow that exists (idempotent, so a double click or
 * a retried request does no harm).
 */
export async function followTarget(db: Database, userId: number, body: FollowBody): Promise<Follow> {
  const isOfficer = 'officerId' in body;
  const targetId = isOfficer ? body.officerId : body.regimentId;
  const [inserted] = await queryRows<{ id: number }>(
    db,
    isOfficer
      ? sql`insert into follows (user_id, officer_id)
            select ${userId}, o.id from officers o join regiments g on g.id = o.regiment_id
            where o.id = ${targetId} and o.is_active and g.is_active
            on conflict (user_id, officer_id) do update set officer_id = excluded.officer_id
            returning id`
      : sql`insert into follows (user_id, regiment_id)
            select ${userId}, g.id from regiments g where g.id = ${targetId} and g.is_active
            on conflict (user_id, regiment_id) do update set regiment_id = excluded.regiment_id
            returning id`,
  );
  if (!inserted) throw notFound(isOfficer ? 'Officer' : 'Regiment');
  const [row] = await queryRows<FollowRow>(db, followRowsQuery(userId, inserted.id));
  return followOf(row!);
}

/** Stops following: the user's own follow only. */
export async function unfollow(db: Executor, userId: number, followId: number): Promise<{ id: number }> {
  const [deleted] = await db
    .delete(follows)
    .where(and(eq(follows.id, followId), eq(follows.userId, userId)))
    .returning({ id: follows.id });
  if (!deleted) throw notFound('Follow');
  return deleted;
}
