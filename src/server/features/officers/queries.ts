/**
 * Public reads of officers (spec section 7, Reference data). An officer is public while both it and
 * its regiment are active: a hidden regiment takes its officers out of every list with it, so no
 * answer links to a regiment page that would say 'Regiment Not Found'.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { OpenWave, Officer, OfficerDetail } from '#core/api.js';
import { byNameThenId } from '#core/names.js';
import { fillTrendMonths, lastUtcDays, lastUtcMonths, rankScoreOf, type RecentFigures, type TrendMonth } from '#core/rating-math.js';
import type { Executor } from '#server/platform/db/client.js';
import { BatchedRead, keysParam } from '#server/platform/db/batched.js';
import { prepared } from '#server/platform/db/prepared.js';
import { officers, regiments, reviews, sides } from '#server/platform/db/schema.js';
import { notFound } from '#server/platform/errors.js';
import { officerWithLinkedAccount } from '#server/domain/officer-columns.js';
import { recentFiguresJson } from '#server/domain/figures/aggregates.js';
import { readCommunityMean } from '#server/domain/ranking-prior.js';

/** The score an officer without a review ranks by: below every rank score (0 to 5), so after a rated 0.0 (issue 13: 0.0 is no rating). */
const UNRATED = -1;

const isPublicOfficer = and(eq(officers.isActive, true), eq(regiments.isActive, true));

function selectPublicOfficers(db: Executor, where?: SQL) {
  return selectPublicOfficersWith(db, {}, where);
}

/** The public officers with every officer field, and `extra` fields beside them (the detail's distribution). */
function selectPublicOfficersWith<Extra extends SelectedFields>(db: Executor, extra: Extra, where?: SQL) {
  const { linkedUser, columns } = officerWithLinkedAccount(db);
  return db
    .select({
      ...columns,
      ...extra,
      side: { id: sides.id, name: sides.name, code: sides.code },
      regiment: {
        id: regiments.id,
        name: regiments.name,
        description: regiments.description,
        bannerImageUrl: regiments.bannerImageUrl,
      },
      regimentName: regiments.name,
    })
    .from(officers)
    .innerJoin(regiments, eq(regiments.id, officers.regimentId))
    .innerJoin(sides, eq(sides.id, regiments.sideId))
    .leftJoinLateral(linkedUser, sql`true`)
    .where(and(isPublicOfficer, where));
}

export async function listOfficers(db: Executor): Promise<Officer[]> {
  return selectPublicOfficers(db).orderBy(asc(officers.name), asc(officers.id));
}

export async function getOfficerById(db: Executor, officerId: number): Promise<Officer> {
  const query = prepared(db, 'officer_by_id', (db, name) => selectPublicOfficers(db, eq(officers.id, sql.placeholder('officerId'))).prepare(name));
  const [officer] = await query.execute({ officerId });
  if (!officer) throw notFound('Officer');
  return officer;
}

/**
 * The officer's figures over a window of its reviews (placeholders `since` and `until`), as one JSON value of a scalar subquery (so the
 * officer answer stays one statement): the count, and the averages rounded as the all-time ones
 * are (aggregates.ts). Without a review in it, count 0 and null averages. Reads the officer's
 * reviews in the window through reviews_officer_created_idx (officer_id, created_at).
 */
function windowFigures(): SQL<RecentFigures> {
  const since = sql.placeholder('since');
  const until = sql.placeholder('until');
  return sql<RecentFigures>`(select ${recentFiguresJson}
    from reviews r
    where r.officer_id = ${officers.id} and not r.held and r.created_at >= ${since}::timestamptz and r.created_at < ${until}::timestamptz)`;
}

/** A timestamp read inside JSON (PostgreSQL's text form) as the API's ISO form. */
function isoOf(value: string): string {
  return new Date(value).toISOString();
}

/**
 * The officer's open review wave, if one is being checked (issue 17): when its reviews were written
 * and how many are held, as one JSON value (null without one). Only the detail answer carries it.
 */
function openWaveOf(): SQL<OpenWave | null> {
  return sql<OpenWave | null>`(select json_build_object('from', w.from_at, 'to', w.to_at, 'heldCount', ${officers.heldCount})
    from review_waves w where w.officer_id = ${officers.id} and w.status = 'open')`;
}

/**
 * GET /api/officers/{id}: the officer with the star distributions of its reviews and its figures
 * over the last RECENT_DAYS UTC days up to `now` (issue 16). Only this answer carries them, so the
 * lists, search and edit answers stay the size they were. The window moves at UTC midnight, when
 * the response cache lets the answer go (routes.ts; docs/decisions/0028-recency.md).
 */
export async function getOfficerDetail(db: Executor, officerId: number, now: Date): Promise<OfficerDetail> {
  const { since, until } = lastUtcDays(now);
  const officer = await officerDetails.load(db, officerId, `${since.toISOString()} ${until.toISOString()}`);
  if (!officer) throw notFound('Officer');
  return officer;
}

/** Officer details asked for at once, read by one statement (db/batched.ts); the group is the recent window. */
const officerDetails = new BatchedRead<number, OfficerDetail>(async (db, ids, window) => {
  const distribution = {
    overall: officers.distributionOverall,
    leadership: officers.distributionLeadership,
    tactics: officers.distributionTactics,
    communication: officers.distributionCommunication,
    fairness: officers.distributionFairness,
  };
  const recent = windowFigures();
  const openWave = openWaveOf();
  const wouldServeAgain = { yes: officers.wouldServeYes, no: officers.wouldServeNo };
  const query = prepared(db, 'officer_details_by_ids', (db, name) =>
    selectPublicOfficersWith(db, { distribution, recent, openWave, wouldServeAgain }, sql`${officers.id} = any(${keysParam('ids')})`).prepare(name),
  );
  const [since, until] = window.split(' ');
  const rows = await query.execute({ ids, since, until });
  return new Map(
    rows.map((officer) => [
      officer.id,
      { ...officer, openWave: officer.openWave && { ...officer.openWave, from: isoOf(officer.openWave.from), to: isoOf(officer.openWave.to) } },
    ]),
  );
});

/**
 * GET /api/officers/{id}/trend: the officer's reviews month by month over the last TREND_MONTHS UTC
 * months up to `now`, oldest first, every month listed (fillTrendMonths). The same officers as
 * the officer answer are found (404 otherwise, with its message).
 */
export async function getOfficerTrend(db: Executor, officerId: number, now: Date): Promise<TrendMonth[]> {
  const { since, until } = lastUtcMonths(now);
  const withReviews = await officerTrends.load(db, officerId, `${since.toISOString()} ${until.toISOString()}`);
  if (!withReviews) throw notFound('Officer');
  return fillTrendMonths(now, withReviews);
}

/**
 * The months with reviews of officers asked for at once (db/batched.ts), the group the months'
 * window. Every public officer asked for is in the map, with no month when it has no review in the
 * window (the left join's one row without a month); an officer that is not public is not.
 */
const officerTrends = new BatchedRead<number, Array<{ month: string; reviewCount: number; averageRating: number }>>(async (db, ids, window) => {
  const query = prepared(db, 'officer_trends', (db, name) => {
    // The month of a review in UTC, whatever the session's time zone.
    const month = sql<string | null>`to_char(${reviews.createdAt} at time zone 'UTC', 'YYYY-MM')`;
    return db
      .select({
        officerId: officers.id,
        month,
        // Counted by a column of reviews_officer_counted_idx (never null), not by id: the months are
        // then read from that index alone.
        reviewCount: sql<number>`count(${reviews.overallRating})::int`.mapWith(Number),
        averageRating: sql<number>`round(avg(${reviews.overallRating}), 2)`.mapWith(Number),
      })
      .from(officers)
      .innerJoin(regiments, eq(regiments.id, officers.regimentId))
      .leftJoin(
        reviews,
        and(
          eq(reviews.officerId, officers.id),
          // Held reviews count in no figure until a moderator releases them (0031).
          eq(reviews.held, false),
          sql`${reviews.createdAt} >= ${sql.placeholder('since')}::timestamptz`,
          sql`${reviews.createdAt} < ${sql.placeholder('until')}::timestamptz`,
        ),
      )
      .where(and(isPublicOfficer, sql`${officers.id} = any(${keysParam('ids')})`))
      .groupBy(officers.id, month)
      .prepare(name);
  });
  const [since, until] = window.split(' ');
  const trends = new Map<number, Array<{ month: string; reviewCount: number; averageRating: number }>>();
  for (const { officerId, month, reviewCount, averageRating } of await query.execute({ ids, since, until })) {
    const months = trends.get(officerId) ?? [];
    if (month !== null) months.push({ month, reviewCount, averageRating });
    trends.set(officerId, months);
  }
  return trends;
});

/**
 * A regiment's officers, best first as search ranks them (issue 36, item 6): by the rank score against
 * the published community mean, so one 5.0 review does not head the list above thirty at 4.7; then the
 * more reviewed, then name order. Officers without a review come last (issue 13: 0.0 is no rating).
 */
export async function listRegimentOfficers(db: Executor, priorWeight: number, regimentId: number): Promise<Officer[]> {
  const query = prepared(db, 'officers_of_regiment', (db, name) =>
    selectPublicOfficers(db, eq(officers.regimentId, sql.placeholder('regimentId'))).prepare(name),
  );
  const [rows, communityMean] = await Promise.all([query.execute({ regimentId }), readCommunityMean(db)]);
  // An empty list needs one more look to tell "no officers yet" from "no such regiment".
  if (rows.length === 0) {
    const [regiment] = await db
      .select({ id: regiments.id })
      .from(regiments)
      .where(and(eq(regiments.id, regimentId), eq(regiments.isActive, true)));
    if (!regiment) throw notFound('Regiment');
  }
  const prior = { communityMean, priorWeight };
  const ranked = rows.map((officer) => ({ officer, score: rankScoreOf(officer.averageRating, officer.reviewCount, prior) ?? UNRATED }));
  ranked.sort((a, b) => b.score - a.score || b.officer.reviewCount - a.officer.reviewCount || byNameThenId(a.officer, b.officer));
  return ranked.map(({ officer }) => officer);
}
