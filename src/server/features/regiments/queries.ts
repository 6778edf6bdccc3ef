/** Public reads of regiments (spec section 7, Reference data). Only active regiments are public. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { byNameThenId } from '#core/names.js';
import type { RankedRegiment, Regiment, RegimentDetail, RegimentPage, RegimentRatings } from '#core/api.js';
import { lastUtcDays, rankScoreOf, type RecentFigures } from '#core/rating-math.js';
import { matchesRegimentFacts, type RegimentFactsFilter } from '#core/regiment-facts.js';
import type { Executor } from '#server/platform/db/client.js';
import { prepared } from '#server/platform/db/prepared.js';
import { regiments, sides, users } from '#server/platform/db/schema.js';
import { notFound } from '#server/platform/errors.js';
import { readCommunityMean } from '#server/domain/ranking-prior.js';
import { recentFiguresJson } from '#server/domain/figures/aggregates.js';
import { encodeRegimentCursor, type RegimentKey } from './regiment-cursor.js';

/** Every field of regimentSchema; the owner's username, never other user columns. */
const regimentColumns = {
  id: regiments.id,
  name: regiments.name,
  description: regiments.description,
  sideId: regiments.sideId,
  averageRating: regiments.averageRating,
  reviewCount: regiments.reviewCount,
  officerCount: regiments.officerCount,
  bannerImageUrl: regiments.bannerImageUrl,
  iconImageUrl: regiments.iconImageUrl,
  isActive: regiments.isActive,
  userId: regiments.userId,
  side: { name: sides.name, code: sides.code },
  sideName: sides.name,
  submitterUsername: users.username,
  ownerLeft: sql<boolean>`${regiments.ownerLeftAt} is not null`,
  region: regiments.region,
  timeZone: regiments.timeZone,
  languages: regiments.languages,
  schedule: regiments.schedule,
  minimumAge: regiments.minimumAge,
  recruiting: regiments.recruiting,
  discordInvite: regiments.discordInvite,
};

function selectActiveRegiments(db: Executor, where?: SQL) {
  return selectActiveRegimentsWith(db, {}, where);
}

/** The active regiments with every regiment field, and `extra` fields beside them (the detail's distribution). */
function selectActiveRegimentsWith<Extra extends SelectedFields>(db: Executor, extra: Extra, where?: SQL) {
  return db
    .select({ ...regimentColumns, ...extra })
    .from(regiments)
    .innerJoin(sides, eq(sides.id, regiments.sideId))
    .leftJoin(users, eq(users.id, regiments.userId))
    .where(and(eq(regiments.isActive, true), where));
}

/**
 * Every active regiment in name order, each with its rank score (GET /api/regiments: the Regiments
 * tab of /search sorts by it), against the published community mean as every ranking is. A filter
 * (issue 36, item 5: region, language, recruiting, side) keeps the regiments that match it; the
 * test is the one the /search Regiments tab applies in the browser.
 */
export async function listRegiments(db: Executor, priorWeight: number, filter: RegimentFactsFilter = {}): Promise<RankedRegiment[]> {
  const query = prepared(db, 'regiments', (db, name) => selectActiveRegiments(db).prepare(name));
  const [rows, communityMean] = await Promise.all([query.execute(), readCommunityMean(db)]);
  const prior = { communityMean, priorWeight };
  // Name order as a reader expects it ("2nd" before "18th"), the same on both engines: sorted here,
  // not by the database's collation (src/core/names.ts).
  return rows
    .filter((regiment) => matchesRegimentFacts(regiment, filter))
    .sort(byNameThenId)
    .map((regiment) => ({ ...regiment, rankScore: rankScoreOf(regiment.averageRating, regiment.reviewCount, prior) }));
}

/**
 * One page of that list, filtered or not, for the public API (GET /api/regiments?limit=&cursor=, issue 38, item 2):
 * the `limit` regiments after the cursor's key in the list's own order, and the key of the last as
 * the next cursor while any follow. A keyset, applied to the sorted list here because the order is
 * made here, not by the database's collation; the pages are kept by the response cache as the whole
 * list is.
 */
export async function listRegimentPage(
  db: Executor,
  priorWeight: number,
  page: { limit: number; after?: RegimentKey | undefined },
  filter: RegimentFactsFilter = {},
): Promise<RegimentPage> {
  const all = await listRegiments(db, priorWeight, filter);
  const start = page.after ? firstAfter(all, page.after) : 0;
  const regiments = all.slice(start, start + page.limit);
  const isLast = start + page.limit >= all.length;
  return { regiments, nextCursor: isLast ? null : encodeRegimentCursor(regiments.at(-1)!) };
}

/** The index of the first regiment after the key in name order (all.length when none is). */
function firstAfter(all: readonly RankedRegiment[], key: RegimentKey): number {
  let low = 0;
  let high = all.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (byNameThenId(all[middle]!, key) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Home's 'Featured Regiments' (spec section 2): the best-rated regiment of each side, among the
 * regiments that have a rating, sides in id order (Union first). Best by rank score, as every ranking
 * (issue 16, item 3): one review of 5.0 does not feature above a hundred of 4.6. A tie goes to the
 * regiment with more reviews, then to the name that sorts first, then the lower id, so the choice
 * holds between loads.
 */
export async function listFeaturedRegiments(db: Executor, priorWeight: number): Promise<RankedRegiment[]> {
  const better = (a: RankedRegiment, b: RankedRegiment) => b.rankScore! - a.rankScore! || b.reviewCount - a.reviewCount || byNameThenId(a, b);
  const bestOfSide = new Map<number, RankedRegiment>();
  for (const regiment of await listRegiments(db, priorWeight)) {
    if (regiment.rankScore === null) continue;
    const best = bestOfSide.get(regiment.sideId);
    if (!best || better(regiment, best) < 0) bestOfSide.set(regiment.sideId, regiment);
  }
  return [...bestOfSide.values()].sort((a, b) => a.sideId - b.sideId);
}

export async function getRegimentById(db: Executor, regimentId: number): Promise<Regiment> {
  const query = prepared(db, 'regiment_by_id', (db, name) =>
    selectActiveRegiments(db, eq(regiments.id, sql.placeholder('regimentId'))).prepare(name),
  );
  const [regiment] = await query.execute({ regimentId });
  if (!regiment) throw notFound('Regiment');
  return regiment;
}

/**
 * GET /api/regiments/{id}: the regiment with the star distribution of its reviews (issue 16), which
 * only this answer carries.
 */
export async function getRegimentDetail(db: Executor, regimentId: number): Promise<RegimentDetail> {
  const query = prepared(db, 'regiment_detail_by_id', (db, name) =>
    selectActiveRegimentsWith(
      db,
      { distribution: { overall: regiments.distributionOverall } },
      eq(regiments.id, sql.placeholder('regimentId')),
    ).prepare(name),
  );
  const [regiment] = await query.execute({ regimentId });
  if (!regiment) throw notFound('Regiment');
  return regiment;
}

/**
 * The averages of the reviews that count toward the regiment's figures (those of its active
 * officers, held ones left out: reconcile.ts's rule for its average), with `extraWhere` on each
 * review `r`, as one JSON value of a scalar subquery: the count and each average rounded to 2
 * decimals as the stored figures are; without a review, count 0 and null averages. The outer
 * regiments row is named in full: Drizzle writes a one-table select's columns without their table.
 */
function regimentReviewFigures(extraWhere: SQL): SQL<RecentFigures> {
  return sql<RecentFigures>`(select ${recentFiguresJson}
    from officers o join reviews r on r.officer_id = o.id
    where o.regiment_id = regiments.id and o.is_active and not r.held and ${extraWhere})`;
}

/**
 * GET /api/regiments/{id}/ratings: the category averages of all time and the figures of the last
 * RECENT_DAYS UTC days up to `now` (issue 36, item 2), which the comparison sets beside an officer's
 * own; one statement. Only for an active regiment, as its page is (404 otherwise).
 */
export async function getRegimentRatings(db: Executor, regimentId: number, now: Date): Promise<RegimentRatings> {
  const query = prepared(db, 'regiment_ratings_by_id', (db, name) =>
    db
      .select({
        distribution: { overall: regiments.distributionOverall },
        allTime: regimentReviewFigures(sql`true`),
        recent: regimentReviewFigures(
          sql`r.created_at >= ${sql.placeholder('since')}::timestamptz and r.created_at < ${sql.placeholder('until')}::timestamptz`,
        ),
      })
      .from(regiments)
      .where(and(eq(regiments.isActive, true), eq(regiments.id, sql.placeholder('regimentId'))))
      .prepare(name),
  );
  const { since, until } = lastUtcDays(now);
  const [row] = await query.execute({ regimentId, since: since.toISOString(), until: until.toISOString() });
  if (!row) throw notFound('Regiment');
  const { allTime, recent, distribution } = row;
  return {
    leadershipRating: allTime.leadership,
    tacticsRating: allTime.tactics,
    communicationRating: allTime.communication,
    fairnessRating: allTime.fairness,
    recent,
    distribution,
  };
}

export async function listRegimentsBySide(db: Executor, sideId: number): Promise<Regiment[]> {
  const query = prepared(db, 'regiments_of_side', (db, name) =>
    selectActiveRegiments(db, eq(regiments.sideId, sql.placeholder('sideId'))).prepare(name),
  );
  const rows = (await query.execute({ sideId })).sort(byNameThenId);
  // An empty list needs one more look to tell "no regiments yet" from "no such side".
  if (rows.length === 0) {
    const [side] = await db.select({ id: sides.id }).from(sides).where(eq(sides.id, sideId));
    if (!side) throw notFound('Side');
  }
  return rows;
}
