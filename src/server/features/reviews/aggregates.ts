/**
 * Officer and regiment aggregates, recomputed by single atomic SQL statements from the rows they
 * summarize. Writes call these inside their own transaction, so a figure never disagrees with the
 * reviews it comes from (docs/decisions/0002-aggregates.md).
 *
 * Regiment averageRating is the average overall rating of every review of the regiment's active
 * officers (each review weighs the same); reviewCount is their number; officerCount counts active
 * officers.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.js';

function idList(ids: readonly number[]) {
  return sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
}

export async function recomputeOfficerAggregates(db: Executor, officerIds: readonly number[] | 'all'): Promise<void> {
  if (officerIds !== 'all' && officerIds.length === 0) return;
  const where = officerIds === 'all' ? sql`true` : sql`o.id in (${idList(officerIds)})`;
  await db.execute(sql`
    update officers o set
      review_count = coalesce(s.n, 0),
      average_rating = coalesce(s.overall, 0),
      leadership_rating = coalesce(s.leadership, 0),
      tactics_rating = coalesce(s.tactics, 0),
      communication_rating = coalesce(s.communication, 0),
      fairness_rating = coalesce(s.fairness, 0)
    from officers o2
    left join lateral (
      select count(*)::int as n,
             round(avg(r.overall_rating), 2) as overall,
             round(avg(r.leadership), 2) as leadership,
             round(avg(r.tactics), 2) as tactics,
             round(avg(r.communication), 2) as communication,
             round(avg(r.fairness), 2) as fairness
      from reviews r where r.officer_id = o2.id
    ) s on true
    where o.id = o2.id and ${where}`);
}

export async function recomputeRegimentAggregates(db: Executor, regimentIds: readonly number[] | 'all'): Promise<void> {
  if (regimentIds !== 'all' && regimentIds.length === 0) return;
  const where = regimentIds === 'all' ? sql`true` : sql`g.id in (${idList(regimentIds)})`;
  await db.execute(sql`
    update regiments g set
      officer_count = coalesce(s.officers, 0),
      review_count = coalesce(s.n, 0),
      average_rating = coalesce(s.overall, 0)
    from regiments g2
    left join lateral (
      select (select count(*)::int from officers o where o.regiment_id = g2.id and o.is_active) as officers,
             count(r.id)::int as n,
             round(avg(r.overall_rating), 2) as overall
      from officers o join reviews r on r.officer_id = o.id
      where o.regiment_id = g2.id and o.is_active
    ) s on true
    where g.id = g2.id and ${where}`);
}

/**
 * Renumbers reviews.position (1..n per officer by created_at, id) from scratch, writing only the
 * rows whose number changes. For bulk changes: inserts that leave positions at 0 (demo seed,
 * benchmark data), removing one user's reviews across several officers, reconcile --fix. Single
 * review writes keep positions in step incrementally instead (review-writes.ts), since this reads
 * every review of the officer. Callers that race with review writes lock the officers first.
 */
export async function recomputeReviewPositions(db: Executor, officerIds: readonly number[] | 'all'): Promise<void> {
  if (officerIds !== 'all' && officerIds.length === 0) return;
  const where = officerIds === 'all' ? sql`true` : sql`officer_id in (${idList(officerIds)})`;
  await db.execute(sql`
    update reviews r set position = n.position
    from (
      select id, row_number() over (partition by officer_id order by created_at, id)::int as position
      from reviews where ${where}
    ) n
    where r.id = n.id and r.position <> n.position`);
}

/** Recomputes everything from the reviews (demo seed, bulk imports, reconcile --fix). */
export async function recomputeAllAggregates(db: Executor): Promise<void> {
  await recomputeReviewPositions(db, 'all');
  await recomputeOfficerAggregates(db, 'all');
  await recomputeRegimentAggregates(db, 'all');
}
