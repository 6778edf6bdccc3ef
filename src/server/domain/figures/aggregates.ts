/**
 * Officer and regiment aggregates, recomputed by single atomic SQL statements from the rows they
 * summarize. Writes call these inside their own transaction, so a figure never disagrees with the
 * reviews it comes from (docs/decisions/0002-aggregates.md).
 *
 * Regiment averageRating is the average overall rating of every review of the regiment's active
 * officers (each review weighs the same); reviewCount is their number; officerCount counts active
 * officers. The star distributions count the same reviews a bucket at a time
 * (docs/decisions/0026-rating-distribution.md). Reviews held in an open review wave count in none of
 * them; an officer's held_count says how many it has (docs/decisions/0031-review-waves.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/platform/db/client.js';

function idList(ids: readonly number[]) {
  return sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
}

/**
 * The number of reviews in each star bucket, as an integer[5] (index 0: 1 star), over the rows the
 * enclosing aggregate reads. The bucket is starBucket's (src/core/rating-math.ts): the rating rounded
 * half up to a whole star, clamped to 1-5. round() of a numeric rounds half away from zero, which is
 * half up for these ratings (0 to 5), so 0.5 counts as 1 star and 2.5 as 3.
 */
export function starBucketCounts(rating: SQL): SQL {
  return sql`array[
    count(*) filter (where round(${rating}) <= 1),
    count(*) filter (where round(${rating}) = 2),
    count(*) filter (where round(${rating}) = 3),
    count(*) filter (where round(${rating}) = 4),
    count(*) filter (where round(${rating}) >= 5)
  ]::integer[]`;
}

/**
 * The yes and no answers to "Would you serve under this officer again?" (issue 36, item 4) among the
 * rows the enclosing aggregate reads, as would_serve_yes and would_serve_no; no answer counts in neither.
 */
export function verdictCounts(answer: SQL): SQL {
  return sql`(count(*) filter (where ${answer}))::int as would_serve_yes, (count(*) filter (where not ${answer}))::int as would_serve_no`;
}

export async function recomputeOfficerAggregates(db: Executor, officerIds: readonly number[] | 'all'): Promise<void> {
  if (officerIds !== 'all' && officerIds.length === 0) return;
  const where = officerIds === 'all' ? sql`true` : sql`o.id in (${idList(officerIds)})`;
  await db.execute(sql`
    update officers o set
      review_count = coalesce(s.n, 0),
      held_count = s.held,
      average_rating = coalesce(s.overall, 0),
      leadership_rating = coalesce(s.leadership, 0),
      tactics_rating = coalesce(s.tactics, 0),
      communication_rating = coalesce(s.communication, 0),
      fairness_rating = coalesce(s.fairness, 0),
      distribution_overall = s.distribution_overall,
      distribution_leadership = s.distribution_leadership,
      distribution_tactics = s.distribution_tactics,
      distribution_communication = s.distribution_communication,
      distribution_fairness = s.distribution_fairness,
      overall_sum = coalesce(s.overall_sum, 0),
      leadership_sum = coalesce(s.leadership_sum, 0),
      tactics_sum = coalesce(s.tactics_sum, 0),
      communication_sum = coalesce(s.communication_sum, 0),
      fairness_sum = coalesce(s.fairness_sum, 0),
      would_serve_yes = coalesce(s.would_serve_yes, 0),
      would_serve_no = coalesce(s.would_serve_no, 0)
    from officers o2
    left join lateral (
      select count(*)::int as n,
             round(avg(r.overall_rating), 2) as overall,
             round(avg(r.leadership), 2) as leadership,
             round(avg(r.tactics), 2) as tactics,
             round(avg(r.communication), 2) as communication,
             round(avg(r.fairness), 2) as fairness,
             ${starBucketCounts(sql`r.overall_rating`)} as distribution_overall,
             ${starBucketCounts(sql`r.leadership`)} as distribution_leadership,
             ${starBucketCounts(sql`r.tactics`)} as distribution_tactics,
             ${starBucketCounts(sql`r.communication`)} as distribution_communication,
             ${starBucketCounts(sql`r.fairness`)} as distribution_fairness,
             sum(r.overall_rating) as overall_sum,
             sum(r.leadership) as leadership_sum,
             sum(r.tactics) as tactics_sum,
             sum(r.communication) as communication_sum,
             sum(r.fairness) as fairness_sum,
             ${verdictCounts(sql`r.would_serve_again`)},
             (select count(*)::int from reviews h where h.officer_id = o2.id and h.held) as held
      from reviews r where r.officer_id = o2.id and not r.held
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
      average_rating = coalesce(s.overall, 0),
      distribution_overall = s.distribution_overall,
      overall_sum = coalesce(s.overall_sum, 0)
    from regiments g2
    left join lateral (
      select (select count(*)::int from officers o where o.regiment_id = g2.id and o.is_active) as officers,
             count(r.id)::int as n,
             round(avg(r.overall_rating), 2) as overall,
             ${starBucketCounts(sql`r.overall_rating`)} as distribution_overall,
             sum(r.overall_rating) as overall_sum
      from officers o join reviews r on r.officer_id = o.id and not r.held
      where o.regiment_id = g2.id and o.is_active
    ) s on true
    where g.id = g2.id and ${where}`);
}

/**
 * Each user's review_count: the reviews they wrote, of any officer (a reviewer signal,
 * docs/decisions/0029-reviewer-signals.md). A caller racing with other review writes locks the users'
 * rows first (recountUserReviews).
 */
export async function recomputeUserReviewCounts(db: Executor, userIds: readonly number[] | 'all'): Promise<void> {
  if (userIds !== 'all' && userIds.length === 0) return;
  const where = userIds === 'all' ? sql`true` : sql`u.id in (${idList(userIds)})`;
  const count = sql`(select count(*)::int from reviews r where r.user_id = u.id)`;
  // Only the rows whose count changes are written (the seed and reconcile --fix pass 'all').
  await db.execute(sql`update users u set review_count = ${count} where ${where} and u.review_count <> ${count}`);
}

/**
 * The review counts of these users after a write that added or removed their reviews, in the write's
 * transaction. Their rows are locked first, alone and in id order: a count that waited for another
 * writer's lock inside its own statement would apply the snapshot it started with and drop that
 * writer's review (as refreshFiguresOf explains for the officers). Review writes take these locks
 * last, after the officer's and regiment's, so writers never wait on each other in a cycle; NO KEY
 * UPDATE does not conflict with the KEY SHARE lock that inserting a review takes on its author.
 */
export async function recountUserReviews(db: Executor, userIds: readonly (number | null)[]): Promise<void> {
  // A review kept from a deleted account (issue 35) has no author to recount.
  const ids = [...new Set(userIds.filter((id): id is number => id !== null))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await db.execute(sql`select id from users where id in (${idList(ids)}) order by id for no key update`);
  await recomputeUserReviewCounts(db, ids);
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

/**
 * Each review's score (net votes) and its up and down votes (0027) counted again from review_votes,
 * writing only the reviews whose figures change. For bulk changes (demo seed, the benchmark's
 * clean-up, reconcile --fix); a single vote moves them by its difference instead (votes.ts).
 */
export async function recomputeReviewVotes(db: Executor, reviewIds: readonly number[] | 'all'): Promise<void> {
  if (reviewIds !== 'all' && reviewIds.length === 0) return;
  const where = reviewIds === 'all' ? sql`true` : sql`r.id in (${idList(reviewIds)})`;
  await db.execute(sql`
    update reviews r set score = c.score, upvotes = c.up, downvotes = c.down
    from reviews r2
    left join lateral (
      select coalesce(sum(v.vote), 0)::int as score,
             (count(*) filter (where v.vote = 1))::int as up,
             (count(*) filter (where v.vote = -1))::int as down
      from review_votes v where v.review_id = r2.id
    ) c on true
    where r.id = r2.id and ${where} and (r.score, r.upvotes, r.downvotes) is distinct from (c.score, c.up, c.down)`);
}

/**
 * A review is held only while its wave is open (docs/decisions/0031-review-waves.md; an open wave
 * may hold no longer a review a moderator released on its own, 0046): put right any held review of
 * a wave that is closed or gone (reconcile --fix), before the figures that leave held reviews out.
 */
export async function recomputeHeldReviews(db: Executor): Promise<void> {
  await db.execute(sql`
    update reviews r set held = false
    where r.held and not exists (select 1 from review_waves w where w.id = r.wave_id and w.status = 'open')`);
}

/** Recomputes everything from the reviews and votes (demo seed, bulk imports, reconcile --fix). */
export async function recomputeAllAggregates(db: Executor): Promise<void> {
  await recomputeHeldReviews(db);
  await recomputeReviewPositions(db, 'all');
  await recomputeReviewVotes(db, 'all');
  await recomputeOfficerAggregates(db, 'all');
  await recomputeRegimentAggregates(db, 'all');
  await recomputeUserReviewCounts(db, 'all');
}

/**
 * The figures of a set of reviews `r` as one JSON value (RecentFigures): their count and each
 * average rounded to 2 decimals as the stored figures are; null averages without a review. For a
 * scalar subquery over an officer's or a regiment's reviews of a window (officer and regiment pages,
 * comparisons).
 */
export const recentFiguresJson = sql`json_build_object(
      'reviewCount', count(*)::int,
      'averageRating', round(avg(r.overall_rating), 2),
      'leadership', round(avg(r.leadership), 2),
      'tactics', round(avg(r.tactics), 2),
      'communication', round(avg(r.communication), 2),
      'fairness', round(avg(r.fairness), 2))`;
