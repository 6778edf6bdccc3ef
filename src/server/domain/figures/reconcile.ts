/**
 * Compares every stored aggregate, and every review's position among its officer's reviews, with a
 * recomputation from the rows it summarizes. Reviews held in an open review wave count in no figure
 * (docs/decisions/0031-review-waves.md). Used by `npm run db:reconcile` (and its --fix) and by
 * tests that check writes keep figures exact.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '#server/platform/db/client.js';
import { starBucketCounts, verdictCounts } from './aggregates.js';

export interface AggregateDifference {
  table: 'officers' | 'regiments' | 'reviews' | 'users';
  id: number;
  /** The column, or one star bucket of a distribution: 'distribution_overall[5]' counts 5-star reviews. */
  column: string;
  stored: number;
  expected: number;
}

/** The distribution of an officer or regiment without reviews. */
const NO_REVIEWS = sql`'{0,0,0,0,0}'::integer[]`;

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
      o.fairness_rating as stored_fairness_rating, coalesce(s.fairness, 0) as expected_fairness_rating,
      o.distribution_overall as stored_distribution_overall, coalesce(s.distribution_overall, ${NO_REVIEWS}) as expected_distribution_overall,
      o.distribution_leadership as stored_distribution_leadership, coalesce(s.distribution_leadership, ${NO_REVIEWS}) as expected_distribution_leadership,
      o.distribution_tactics as stored_distribution_tactics, coalesce(s.distribution_tactics, ${NO_REVIEWS}) as expected_distribution_tactics,
      o.distribution_communication as stored_distribution_communication, coalesce(s.distribution_communication, ${NO_REVIEWS}) as expected_distribution_communication,
      o.distribution_fairness as stored_distribution_fairness, coalesce(s.distribution_fairness, ${NO_REVIEWS}) as expected_distribution_fairness,
      o.held_count as stored_held_count, coalesce(h.n, 0) as expected_held_count,
      o.overall_sum as stored_overall_sum, coalesce(s.overall_sum, 0) as expected_overall_sum,
      o.leadership_sum as stored_leadership_sum, coalesce(s.leadership_sum, 0) as expected_leadership_sum,
      o.tactics_sum as stored_tactics_sum, coalesce(s.tactics_sum, 0) as expected_tactics_sum,
      o.communication_sum as stored_communication_sum, coalesce(s.communication_sum, 0) as expected_communication_sum,
      o.fairness_sum as stored_fairness_sum, coalesce(s.fairness_sum, 0) as expected_fairness_sum,
      o.would_serve_yes as stored_would_serve_yes, coalesce(s.would_serve_yes, 0) as expected_would_serve_yes,
      o.would_serve_no as stored_would_serve_no, coalesce(s.would_serve_no, 0) as expected_would_serve_no
    from officers o
    left join (select officer_id, count(*) as n from reviews where held group by officer_id) h on h.officer_id = o.id
    left join (
      select officer_id, count(*) as n, round(avg(overall_rating), 2) as overall,
        round(avg(leadership), 2) as leadership, round(avg(tactics), 2) as tactics,
        round(avg(communication), 2) as communication, round(avg(fairness), 2) as fairness,
        ${starBucketCounts(sql`overall_rating`)} as distribution_overall,
        ${starBucketCounts(sql`leadership`)} as distribution_leadership,
        ${starBucketCounts(sql`tactics`)} as distribution_tactics,
        ${starBucketCounts(sql`communication`)} as distribution_communication,
        ${starBucketCounts(sql`fairness`)} as distribution_fairness,
        sum(overall_rating) as overall_sum, sum(leadership) as leadership_sum, sum(tactics) as tactics_sum,
        sum(communication) as communication_sum, sum(fairness) as fairness_sum,
        ${verdictCounts(sql`would_serve_again`)}
      from reviews where not held group by officer_id
    ) s on s.officer_id = o.id`,
  );
  const regimentRows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select g.id,
      g.officer_count as stored_officer_count, coalesce(oc.n, 0) as expected_officer_count,
      g.review_count as stored_review_count, coalesce(s.n, 0) as expected_review_count,
      g.average_rating as stored_average_rating, coalesce(s.overall, 0) as expected_average_rating,
      g.distribution_overall as stored_distribution_overall, coalesce(s.distribution_overall, ${NO_REVIEWS}) as expected_distribution_overall,
      g.overall_sum as stored_overall_sum, coalesce(s.overall_sum, 0) as expected_overall_sum
    from regiments g
    left join (select regiment_id, count(*) as n from officers where is_active group by regiment_id) oc on oc.regiment_id = g.id
    left join (
      select o.regiment_id, count(*) as n, round(avg(r.overall_rating), 2) as overall,
        ${starBucketCounts(sql`r.overall_rating`)} as distribution_overall, sum(r.overall_rating) as overall_sum
      from reviews r join officers o on o.id = r.officer_id where o.is_active and not r.held group by o.regiment_id
    ) s on s.regiment_id = g.id`,
  );
  // Each review's votes: the net score of the spec and the up and down votes it nets (0027).
  const voteRows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select r.id, r.score as stored_score, coalesce(v.total, 0) as expected_score,
      r.upvotes as stored_upvotes, coalesce(v.up, 0) as expected_upvotes,
      r.downvotes as stored_downvotes, coalesce(v.down, 0) as expected_downvotes
    from reviews r left join (
      select review_id, sum(vote) as total, count(*) filter (where vote = 1) as up, count(*) filter (where vote = -1) as down
      from review_votes group by review_id
    ) v on v.review_id = r.id
    where (r.score, r.upvotes, r.downvotes) is distinct from (coalesce(v.total, 0), coalesce(v.up, 0), coalesce(v.down, 0))`,
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
  // Held reviews (0031, 0046): a review is held only while the wave it is in is open. An open wave
  // may also hold no longer a review a moderator released on its own (issue 32), so a review of an
  // open wave that is not held is not a difference.
  const heldRows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select r.id, 1 as stored_held, 0 as expected_held
    from reviews r left join review_waves w on w.id = r.wave_id
    where r.held and w.status is distinct from 'open'`,
  );
  // Each user's review count (a reviewer signal, docs/decisions/0029-reviewer-signals.md).
  const userRows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select u.id, u.review_count as stored_review_count, coalesce(s.n, 0) as expected_review_count
    from users u left join (select user_id, count(*) as n from reviews group by user_id) s on s.user_id = u.id
    where u.review_count <> coalesce(s.n, 0)`,
  );
  return [
    ...compare('officers', officerRows),
    ...compare('regiments', regimentRows),
    ...compare('reviews', voteRows),
    ...compare('reviews', positionRows),
    ...compare('reviews', heldRows),
    ...compare('users', userRows),
  ];
}

/** Each stored figure against its recomputation; a distribution (an array) bucket by bucket. */
function compare(table: AggregateDifference['table'], rows: Record<string, unknown>[]): AggregateDifference[] {
  const out: AggregateDifference[] = [];
  const check = (id: number, column: string, stored: number, expected: number) => {
    // Written so that NaN (a bucket missing on one side) counts as a difference.
    if (!(Math.abs(stored - expected) <= 1e-9)) out.push({ table, id, column, stored, expected });
  };
  for (const row of rows) {
    const id = Number(row.id);
    for (const key of Object.keys(row)) {
      if (!key.startsWith('stored_')) continue;
      const column = key.slice('stored_'.length);
      const stored = row[key];
      const expected = row[`expected_${column}`];
      if (Array.isArray(stored) && Array.isArray(expected)) {
        for (let i = 0; i < Math.max(stored.length, expected.length); i++) check(id, `${column}[${i + 1}]`, Number(stored[i]), Number(expected[i]));
      } else {
        check(id, column, Number(stored), Number(expected));
      }
    }
  }
  return out;
}
