/**
 * Public reads of officers (spec section 7, Reference data). An officer is public while both it and
 * its regiment are active: a hidden regiment takes its officers out of every list with it, so no
 * answer links to a regiment page that would say 'Regiment Not Found'.
 */
import { and, asc, desc, eq, gt, like, or, sql, type SQL } from 'drizzle-orm';
import type { Officer } from '../../../core/api.js';
import { TOP_OFFICERS_LIMIT, TOP_OFFICERS_MIN_REVIEWS_EXCLUSIVE, type SideCode } from '../../../core/constants.js';
import { escapeLikePattern, type SortBy, type SortOrder } from '../../../core/search.js';
import type { Executor } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { officers, regiments, sides, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';

/** The most rows one search answers; the search screen shows a list, not a paged table. */
export const SEARCH_RESULTS_LIMIT = 100;

export interface OfficerSearch {
  q?: string | undefined;
  sideId?: number | undefined;
  regimentId?: number | undefined;
  sortBy: SortBy;
  sortOrder: SortOrder;
}

const isPublicOfficer = and(eq(officers.isActive, true), eq(regiments.isActive, true));

function selectPublicOfficers(db: Executor, where?: SQL) {
  // users.officer_id is not unique, so take one linked account (the oldest) instead of joining
  // them all, which would repeat the officer once per account.
  const linkedUser = db
    .select({ username: users.username, steamId: users.steamId })
    .from(users)
    .where(eq(users.officerId, officers.id))
    .orderBy(asc(users.id))
    .limit(1)
    .as('linked_user');
  return db
    .select({
      id: officers.id,
      name: officers.name,
      rank: officers.rank,
      regimentId: officers.regimentId,
      averageRating: officers.averageRating,
      leadershipRating: officers.leadershipRating,
      tacticsRating: officers.tacticsRating,
      communicationRating: officers.communicationRating,
      fairnessRating: officers.fairnessRating,
      reviewCount: officers.reviewCount,
      profileImageUrl: officers.profileImageUrl,
      isActive: officers.isActive,
      side: { id: sides.id, name: sides.name, code: sides.code },
      regiment: {
        id: regiments.id,
        name: regiments.name,
        description: regiments.description,
        bannerImageUrl: regiments.bannerImageUrl,
      },
      regimentName: regiments.name,
      linkedUsername: linkedUser.username,
      linkedSteamId: linkedUser.steamId,
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
  const query = prepared(db, 'officer_by_id', (db, name) =>
    selectPublicOfficers(db, eq(officers.id, sql.placeholder('officerId'))).prepare(name),
  );
  const [officer] = await query.execute({ officerId });
  if (!officer) throw notFound('Officer');
  return officer;
}

/**
 * Whether /officer/{id} shows an officer: the same condition as getOfficerById, without reading the
 * officer. The page's HTML is answered 404 otherwise (src/server/http/page-shell.ts).
 */
export async function officerIsPublic(db: Executor, officerId: number): Promise<boolean> {
  const query = prepared(db, 'officer_is_public', (db, name) =>
    db
      .select({ id: officers.id })
      .from(officers)
      .innerJoin(regiments, eq(regiments.id, officers.regimentId))
      .where(and(isPublicOfficer, eq(officers.id, sql.placeholder('officerId'))))
      .prepare(name),
  );
  return (await query.execute({ officerId })).length > 0;
}

/** Officers with more than one review, best first (spec section 9: top lists need more than 1). */
export async function listTopOfficers(db: Executor, sideCode?: SideCode): Promise<Officer[]> {
  const top = (db: Executor, name: string, bySide?: SQL) =>
    selectPublicOfficers(db, and(gt(officers.reviewCount, TOP_OFFICERS_MIN_REVIEWS_EXCLUSIVE), bySide))
      .orderBy(desc(officers.averageRating), desc(officers.reviewCount), asc(officers.id))
      .limit(TOP_OFFICERS_LIMIT)
      .prepare(name);
  if (!sideCode) return prepared(db, 'top_officers', top).execute();
  const query = prepared(db, 'top_officers_of_side', (db, name) => top(db, name, eq(sides.code, sql.placeholder('sideCode'))));
  return query.execute({ sideCode });
}

export async function listRegimentOfficers(db: Executor, regimentId: number): Promise<Officer[]> {
  const query = prepared(db, 'officers_of_regiment', (db, name) =>
    selectPublicOfficers(db, eq(officers.regimentId, sql.placeholder('regimentId')))
      .orderBy(desc(officers.averageRating), asc(officers.name), asc(officers.id))
      .prepare(name),
  );
  const rows = await query.execute({ regimentId });
  // An empty list needs one more look to tell "no officers yet" from "no such regiment".
  if (rows.length === 0) {
    const [regiment] = await db
      .select({ id: regiments.id })
      .from(regiments)
      .where(and(eq(regiments.id, regimentId), eq(regiments.isActive, true)));
    if (!regiment) throw notFound('Regiment');
  }
  return rows;
}

const sortColumns = {
  rating: officers.averageRating,
  name: officers.name,
  reviews: officers.reviewCount,
} as const;

/**
 * The search screen: free text over officer name, regiment name and rank (case-insensitive
 * substring; the user's % and _ match literally), optional side and regiment, six sort orders.
 * Ties fall back to name, then id, so equal ratings never swap places between requests.
 *
 * Shaped for the planner (docs/performance.md, Query plans). An OR across the officers-regiments
 * join can use no index, so the text is matched in two branches, each keeping only its first 100
 * in the requested order; the first 100 of their union are the answer.
 * - Regiment name: the trigram index of regiments, then those regiments' officers; for a broad
 *   term, a walk down the sort's index (officers_rating_idx, officers_name_idx,
 *   officers_reviews_idx) that stops at 100 matches.
 * - Officer name or rank: the two trigram indexes of officers, or the same walk. When the regiment
 *   branch found a full 100, only officers sorting no later than its 100th can still be in the
 *   answer, so this branch is bounded there: for a term that few names but many regiment names
 *   contain ("New"), it no longer walks on to find 100 names.
 * Only the chosen ones get their regiment, side and linked account, so the per-officer lookup of
 * the linked account never runs for thousands of matches. Matching compares the stored lower-case
 * columns with LIKE, which is ILIKE's own definition without lower-casing each row again.
 */
export async function searchOfficers(db: Executor, search: OfficerSearch): Promise<Officer[]> {
  const text = search.q?.trim();
  const sortColumn = sortColumns[search.sortBy];
  const direction = search.sortOrder === 'asc' ? asc : desc;
  const tieBreakers = search.sortBy === 'name' ? [asc(officers.id)] : [asc(officers.name), asc(officers.id)];
  const order = [direction(sortColumn), ...tieBreakers];
  const publicAndFiltered = (match?: SQL) =>
    and(
      isPublicOfficer,
      search.sideId === undefined ? undefined : eq(regiments.sideId, search.sideId),
      search.regimentId === undefined ? undefined : eq(officers.regimentId, search.regimentId),
      match,
    );
  const firstMatches = (match?: SQL) =>
    db
      .select({ id: officers.id, sortKey: sql`${sortColumn}`.as('sort_key') })
      .from(officers)
      .innerJoin(regiments, eq(regiments.id, officers.regimentId))
      .where(publicAndFiltered(match))
      .orderBy(...order)
      .limit(SEARCH_RESULTS_LIMIT);

  let matching: SQL;
  if (!text) {
    matching = sql`select id from (${firstMatches()}) first_matches`;
  } else {
    // lower() on both sides is what ILIKE does itself; the columns hold lower(name) already.
    const pattern = sql`lower(${`%${escapeLikePattern(text)}%`})`;
    const byRegiment = sql.identifier('by_regiment');
    const nameOrRank = or(like(officers.nameLower, pattern), like(officers.rankLower, pattern));
    // Two forms of the name branch, of which the database runs one (each is gated by a condition
    // on by_regiment alone, evaluated once): bounded by the regiment branch's last sort key when
    // that branch found a full 100, unbounded otherwise. Two forms rather than one with a fallback
    // bound, because the planner estimates a branch it cannot see the bound of as a third of the
    // officers and then scans them all.
    const regimentBranchCount = sql`(select count(*) from ${byRegiment})`;
    const [edge, comparison] = search.sortOrder === 'asc' ? [sql`max`, sql`<=`] : [sql`min`, sql`>=`];
    const bounded = and(
      nameOrRank,
      sql`${regimentBranchCount} = ${SEARCH_RESULTS_LIMIT}`,
      sql`${sortColumn} ${comparison} (select ${edge}(sort_key) from ${byRegiment})`,
    );
    const unbounded = and(nameOrRank, sql`${regimentBranchCount} < ${SEARCH_RESULTS_LIMIT}`);
    matching = sql`with ${byRegiment} as materialized (${firstMatches(like(regiments.nameLower, pattern))})
      select id from ${byRegiment}
      union select id from (${firstMatches(bounded)}) by_name_bounded
      union select id from (${firstMatches(unbounded)}) by_name`;
  }
  // = any(array(...)): at most 200 ids, each looked up by primary key (as `in (...)`, the planner
  // may hash-join a scan of the whole officers table instead).
  return selectPublicOfficers(db, sql`${officers.id} = any(array(${matching}))`)
    .orderBy(...order)
    .limit(SEARCH_RESULTS_LIMIT);
}
