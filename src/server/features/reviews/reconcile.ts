/**
 * Compares every stored aggregate, and every review's position among its officer's reviews, with a
 * recomputation from the rows it summarizes. Used by `npm run db:reconcile` (and its --fix) and by
 * tests that check writes keep figures exact.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '#server/db/client.js';

export interface AggregateDifference {
  table: 'officers' | 'regiments' | 'reviews';
  id: number;
  column: string;
  stored: number;
  expected: number;
}

export async function findAggregateDifferences(db: Executor): Promise<AggregateDifference[]> {
  const officerRows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select o.id,
      o.review_count as stored_review_count, coalesce(s.n, 0) as expected_review_count,
      o.average_rating as stored_average_rating, coalesce(s.overall, 0) as expected_average_rating,
      o.leadership_rating as stored_leadership_rating, coalesce(s.leadership, 0) as expected_leadership_rating,
      o.tactics_rating as stored_tactics_rating, coalesce(s.tactics, 0) as expected_tactics_rating,
      o.communication_rating as stored_communication_rating, coalesce(s.communication, 0) as expected_communication_rating,
      o.fairness_rating as stored_fairness_rating, coalesce(s.fairness, 0) as expected_fairness_rating
    from officers o
    left join (
      select officer_id, count(*) as n, round(avg(overall_rating), 2) as overall,
        round(avg(leadership), 2) as leadership, round(avg(tactics), 2) as tactics,
        round(avg(communication), 2) as communication, round(avg(fairness), 2) as fairness
      from reviews group by officer_id
    ) s on s.officer_id = o.id`,
  );
  const regimentRows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select g.id,
      g.officer_count as stored_officer_count, coalesce(oc.n, 0) as expected_officer_count,
      g.review_count as stored_review_count, coalesce(s.n, 0) as expected_review_count,
      g.average_rating as stored_average_rating, coalesce(s.overall, 0) as expected_average_rating
    from regiments g
    left join (select regiment_id, count(*) as n from officers where is_active group by regiment_id) oc on oc.regiment_id = g.id
    left join (
      select o.regiment_id, count(*) as n, round(avg(r.overall_rating), 2) as overall
      from reviews r join officers o on o.id = r.officer_id where o.is_active group by o.regiment_id
    ) s on s.regiment_id = g.id`,
  );
  const scoreRows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select r.id, r.score as stored_score, coalesce(v.total, 0) as expected_score
    from reviews r left join (select review_id, sum(vote) as total from review_votes group by review_id) v on v.review_id = r.id
    where r.score <> coalesce(v.total, 0)`,
  );
  // Positions: 1..n per officer by (created_at, id), what the paged reads of an officer rely on.
  const positionRows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select id, stored_position, expected_position from (
      select id, position as stored_position,
        row_number() over (partition by officer_id order by created_at, id) as expected_position
      from reviews
    ) p
    where stored_position <> expected_position
    order by id`,
  );
  return [
    ...compare('officers', officerRows),
    ...compare('regiments', regimentRows),
    ...compare('reviews', scoreRows),
    ...compare('reviews', positionRows),
  ];
}

function compare(table: AggregateDifference['table'], rows: Record<string, unknown>[]): AggregateDifference[] {
  const out: AggregateDifference[] = [];
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!key.startsWith('stored_')) continue;
      const column = key.slice('stored_'.length);
      const stored = Number(row[key]);
      const expected = Number(row[`expected_${column}`]);
      if (Math.abs(stored - expected) > 1e-9) out.push({ table, id: Number(row.id), column, stored, expected });
    }
  }
  return out;
}

export async function fixReviewScores(db: Executor): Promise<void> {
  await db.execute(sql`
    update reviews r set score = coalesce(v.total, 0)
    from reviews r2 left join (select review_id, sum(vote)::int as total from review_votes group by review_id) v on v.review_id = r2.id
    where r.id = r2.id and r.score <> coalesce(v.total, 0)`);
}
