/**
 * Public reads of officers (spec section 7, Reference data). An officer is public while both it and
 * its regiment are active: a hidden regiment takes its officers out of every list with it, so no
 * answer links to a regiment page that would say 'Regiment Not Found'.
 */
import { and, asc, desc, eq, gt, like, notLike, or, sql, type SQL } from 'drizzle-orm';
import type { Officer } from '#core/api.js';
import { TOP_OFFICERS_LIMIT, TOP_OFFICERS_MIN_REVIEWS_EXCLUSIVE, type SideCode } from '#core/constants.js';
import { escapeLikePattern, type OfficerSearch } from '#core/search.js';
import { queryRows, type Executor } from '#server/db/client.js';
import { prepared } from '#server/db/prepared.js';
import { officers, regiments, sides, users } from '#server/db/schema.js';
import { notFound } from '#server/errors.js';
import { afterKey, isUnrated, orderByTerms, searchOrder, type SortKeyValue } from './search-order.js';

/** The most rows one search answers; the search screen shows a list, not a paged table. */
export const SEARCH_RESULTS_LIMIT = 100;

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
  const query = prepared(db, 'officer_by_id', (db, name) => selectPublicOfficers(db, eq(officers.id, sql.placeholder('officerId'))).prepare(name));
  const [officer] = await query.execute({ officerId });
  if (!officer) throw notFound('Officer');
  return officer;
}

/**
 * Whether /officer/{id} shows an officer: the same condition as getOfficerById, without reading the
 * officer. The page's HTML is answered 404 otherwise (src/server/read-cache/page-shell.ts).
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
      .orderBy(desc(officers.averageRating), asc(isUnrated), asc(officers.name), asc(officers.id))
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

/**
 * The search screen: free text over officer name, regiment name and rank (case-insensitive
 * substring; the user's % and _ match literally), optional side and regiment, six sort orders.
 * Ties fall back to name, then id, so equal ratings never swap places between requests, and
 * officers without a review come last in both rating orders (search-order.ts). This is the spec's GET /api/officers/search: the first 100, as a list.
 */
export async function searchOfficers(db: Executor, search: OfficerSearch): Promise<Officer[]> {
  return findOfficerMatches(db, search, { limit: SEARCH_RESULTS_LIMIT });
}

export interface MatchWindow {
  /** Only officers after this key in the search's order (a page's cursor); from the first when absent. */
  after?: readonly SortKeyValue[] | undefined;
  limit: number;
}

/**
 * The first `limit` officers matching a search, after `after` when given: the one query behind
 * both search calls (docs/decisions/0019-search-paging.md).
 *
 * Shaped for the planner (docs/performance.md, Query plans). An OR across the officers-regiments
 * join can use no index, so the text is matched in two branches, each keeping only its first
 * `limit` in the requested order; the first `limit` of their union are the answer.
 * - Regiment name: the trigram index of regiments, then those regiments' officers; for a broad
 *   term, a walk down the sort's index (officers_rating_idx, or officers_rating_unrated_last_idx
 *   for rating ascending; officers_name_idx, officers_reviews_idx) that stops at `limit` matches.
 * - Officer name or rank: the two trigram indexes of officers, or the same walk. When the regiment
 *   branch found a full `limit`, only officers sorting no later than its last can still be in the
 *   answer, so this branch is bounded there: for a term that few names but many regiment names
 *   contain ("New"), it no longer walks on to find `limit` names.
 * A page after a cursor adds the keyset condition to both branches (afterKey): each walk starts at
 * the cursor, so page 50 reads what page 1 does, not the 49 pages before it.
 * Only the chosen ones get their regiment, side and linked account, so the per-officer lookup of
 * the linked account never runs for thousands of matches. Matching compares the stored lower-case
 * columns with LIKE, which is ILIKE's own definition without lower-casing each row again.
 */
export async function findOfficerMatches(db: Executor, search: OfficerSearch, { after, limit }: MatchWindow): Promise<Officer[]> {
  const text = search.q?.trim();
  const terms = searchOrder(search.sortBy, search.sortOrder);
  const sortColumn = terms[0]!.column;
  const order = orderByTerms(terms);
  const publicAndFiltered = (match?: SQL) => and(isPublicOfficer, searchFilters(search), after ? afterKey(terms, after) : undefined, match);
  const firstMatches = (match?: SQL) =>
    db
      .select({ id: officers.id, sortKey: sql`${sortColumn}`.as('sort_key') })
      .from(officers)
      .innerJoin(regiments, eq(regiments.id, officers.regimentId))
      .where(publicAndFiltered(match))
      .orderBy(...order)
      .limit(limit);

  let matching: SQL;
  if (!text) {
    matching = sql`select id from (${firstMatches()}) first_matches`;
  } else {
    const pattern = likePattern(text);
    const byRegiment = sql.identifier('by_regiment');
    const nameOrRank = or(like(officers.nameLower, pattern), like(officers.rankLower, pattern));
    // Two forms of the name branch, of which the database runs one (each is gated by a condition
    // on by_regiment alone, evaluated once): bounded by the regiment branch's last sort key when
    // that branch found a full `limit`, unbounded otherwise. Two forms rather than one with a
    // fallback bound, because the planner estimates a branch it cannot see the bound of as a third
    // of the officers and then scans them all.
    const regimentBranchCount = sql`(select count(*) from ${byRegiment})`;
    const [edge, comparison] = search.sortOrder === 'asc' ? [sql`max`, sql`<=`] : [sql`min`, sql`>=`];
    const bounded = and(
      nameOrRank,
      sql`${regimentBranchCount} = ${limit}`,
      sql`${sortColumn} ${comparison} (select ${edge}(sort_key) from ${byRegiment})`,
    );
    const unbounded = and(nameOrRank, sql`${regimentBranchCount} < ${limit}`);
    matching = sql`with ${byRegiment} as materialized (${firstMatches(like(regiments.nameLower, pattern))})
      select id from ${byRegiment}
      union select id from (${firstMatches(bounded)}) by_name_bounded
      union select id from (${firstMatches(unbounded)}) by_name`;
  }
  // = any(array(...)): at most 2 x limit ids, each looked up by primary key (as `in (...)`, the
  // planner may hash-join a scan of the whole officers table instead).
  return selectPublicOfficers(db, sql`${officers.id} = any(array(${matching}))`)
    .orderBy(...order)
    .limit(limit);
}

/**
 * How many public officers match a search in all: the true total behind its pages, as cheap as a
 * page. The officers of regiments whose name matches are the stored regiment.officer_count (active
 * officers, kept exact with every write like the other aggregates: docs/decisions/0002), summed over
 * those regiments through their trigram index, instead of counted one officer at a time (11,000
 * for "Infantry"). Only the officers whose name or rank matches while their regiment's name does
 * not are counted one by one. Without text, the sum over the active regiments is the whole count.
 */
export async function countOfficerMatches(db: Executor, search: OfficerSearch): Promise<number> {
  const text = search.q?.trim();
  const pattern = text ? likePattern(text) : undefined;
  const regimentFilters = and(
    eq(regiments.isActive, true),
    search.sideId === undefined ? undefined : eq(regiments.sideId, search.sideId),
    search.regimentId === undefined ? undefined : eq(regiments.id, search.regimentId),
  );
  const ofMatchingRegiments = db
    .select({ n: sql`coalesce(sum(${regiments.officerCount}), 0)` })
    .from(regiments)
    .where(and(regimentFilters, pattern ? like(regiments.nameLower, pattern) : undefined));
  if (!pattern) return countOf(db, sql`(${ofMatchingRegiments})`);
  const byNameOrRankAlone = db
    .select({ n: sql`count(*)` })
    .from(officers)
    .innerJoin(regiments, eq(regiments.id, officers.regimentId))
    .where(
      and(
        isPublicOfficer,
        searchFilters(search),
        or(like(officers.nameLower, pattern), like(officers.rankLower, pattern)),
        notLike(regiments.nameLower, pattern),
      ),
    );
  return countOf(db, sql`(${ofMatchingRegiments}) + (${byNameOrRankAlone})`);
}

/** A count expression's value: bigint and numeric arrive as text from pg and as numbers from PGlite. */
async function countOf(db: Executor, count: SQL): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(db, sql`select ${count} as n`);
  return Number(row?.n ?? 0);
}

/** The side and regiment filters of a search, as a condition on the officers-regiments join. */
function searchFilters(search: OfficerSearch): SQL | undefined {
  return and(
    search.sideId === undefined ? undefined : eq(regiments.sideId, search.sideId),
    search.regimentId === undefined ? undefined : eq(officers.regimentId, search.regimentId),
  );
}

/** `%text%` with the user's wildcards escaped, lower-cased as the stored columns are (what ILIKE does itself). */
function likePattern(text: string): SQL {
  return sql`lower(${`%${escapeLikePattern(text)}%`})`;
}
