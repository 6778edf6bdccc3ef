/**
 * What the benchmark needs from the database: ids to request (picked from the generated data), and
 * signed-in users for the write part of the mixed workload. The users are created directly in the
 * database with sessions made by the app's own createSession, and removed again afterwards, with
 * the aggregates their writes touched recomputed, so the dataset is the same for the next run.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { queryRows, type Database } from '#server/platform/db/client.js';
import * as schema from '#server/platform/db/schema.js';
import {
  recomputeOfficerAggregates,
  recomputeRegimentAggregates,
  recomputeReviewVotes,
  recomputeReviewPositions,
} from '#server/domain/figures/aggregates.js';
import { listOfficerReviews } from '#server/features/reviews/queries.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';
import type { ReviewSort } from '#core/review-sort.js';
import { openDatabase } from '#server/platform/db/client.js';
import type { SearchCatalogue } from '#server/domain/catalogue/catalogue.js';
import { loadCatalogue } from '#server/domain/catalogue/catalogue-sync.js';
import { decodeSearchCursor, type SearchCursor } from '#server/domain/catalogue/cursor.js';
import { searchOfficerPage } from '#server/domain/catalogue/officer-search.js';
import { RANK_PRIOR_WEIGHT } from '#core/constants.js';
import { DEFAULT_SORT } from '#core/search.js';
import { SESSION_COOKIE, bannedNow, createSession, type SessionLifetimes, type SessionUser } from '#server/domain/identity/sessions.js';
import type { LongTailPopulation } from './long-tail.js';

/** Bench accounts are recognizable by name, so a crashed run's leftovers are cleaned by the next. */
const BENCH_USER_PREFIX = 'bench_load_';
/**
 * The ceiling's writers: bench accounts too (removeBenchUsers removes them with the rest), and
 * removed on their own before the aggregates are checked (removeCeilingWriters).
 */
const CEILING_WRITER_PREFIX = `${BENCH_USER_PREFIX}ceiling_`;
/** Steam ids no generated user has (those start at 76561197960265729). */
const BENCH_STEAM_BASE = 76561199900000000n;

/** A LIKE pattern for names starting with `prefix`: `_` is LIKE's any-character, so it is escaped. */
function likePrefix(prefix: string): string {
  return `${prefix.replaceAll('_', '\\_')}%`;
}

export interface BenchDatabase {
  db: Database;
  close(): Promise<void>;
}

/**
 * A connection of the harness's own, without the app pool's 10 s statement timeout. Brings the
 * database to the build's migrations first, as the app would at start: the dataset's
 * facts are read through the app's own queries (the review pages' cursors), which need its columns.
 */
export async function openBenchDatabase(url: string): Promise<BenchDatabase> {
  const migrated = await openDatabase({ url, poolSize: 1 });
  await migrated.close();
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = drizzle(pool, { schema }) as unknown as Database;
  return { db, close: () => pool.end() };
}

/**
 * Reads every table and index of the dataset into the operating system's file cache (pg_prewarm's
 * 'read' mode), so that a scenario measures the app and not the disk. This machine's memory
 * reclaim evicts files left untouched for a few minutes, whatever memory is free: after the page
 * cache was dropped, the long-tail review pages fell from 14,300 to 1,500 requests/s, waiting on
 * reads of the 250 MB of reviews, while the ceiling (one small table, warmed by its own first
 * requests) did not move. A site in service reads these files all the time. 0.2 s when they are
 * already cached, 3.3 s from disk. Null when the extension is not available (it ships with
 * PostgreSQL; creating it takes the bench database's owner): the run then goes on unwarmed.
 */
export async function warmDatabaseFiles(db: Database): Promise<{ bytes: number } | null> {
  try {
    await db.execute(sql`create extension if not exists pg_prewarm`);
  } catch {
    return null;
  }
  const [warmed] = await queryRows<{ bytes: string | null }>(
    db,
    sql`select sum(pg_prewarm(c.oid, 'read')) * current_setting('block_size')::int as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'i', 'm')`,
  );
  return { bytes: Number(warmed?.bytes ?? 0) };
}

export interface DatasetFacts {
  counts: Record<string, number>;
  /** Public officers with at least one review, in a fixed pseudo-random order. */
  officers: Array<{ id: number; name: string }>;
  /**
   * What the long-tail scenarios draw from: every public officer, reviewed or not, in id order, the
   * sides, and every reviewer with a public profile. Inactive officers and banned reviewers are left
   * out: the app answers 404 for them, which the targets count as errors, and no link leads a visitor there.
   */
  longTail: LongTailPopulation;
  largestOfficer: { id: number; name: string; reviewCount: number; deepPage: number };
  /**
   * The largest officer's deep page (deepPage) in the orders that are not positions (issue 16):
   * the cursor that starts it, as the previous page hands it out. Read by number they cost an OFFSET.
   */
  sortedDeepCursors: Record<Exclude<ReviewSort, 'newest' | 'oldest'>, string>;
  /** Reviews of public officers, targets for votes. */
  reviewIds: number[];
  /**
   * For each broad search term, the cursor of the paged search (GET /api/search/officers, default
   * order) at about position SEARCH_DEEP_POSITION, or at its last page if it has fewer matches.
   */
  searchDeepPages: Array<{ q: string; after: string; position: number }>;
  postgresVersion: string;
}

export const REVIEW_PAGE_LIMIT = 5;
const DEEP_PAGE = 1000;
/** Where the deep page of the paged search starts: page 84 of 24 officers, far past the list call's 100. */
export const SEARCH_DEEP_POSITION = 2000;

/**
 * The cursor after the first `position` matches of a search in the default order, found as a reader
 * scrolling would reach it: page after page (100 at a time), through the app's own catalogue and cursor.
 */
function deepSearchCursor(catalogue: SearchCatalogue, q: string, position: number): { q: string; after: string; position: number } {
  const search = { q, ...DEFAULT_SORT };
  let after: SearchCursor | undefined;
  let cursor: string | null = null;
  let reached = 0;
  while (reached < position) {
    const limit = Math.min(100, position - reached);
    const page = searchOfficerPage(catalogue, { ...search, after, limit });
    // The last page: the deep page is then the one after the previous cursor.
    if (page.ids.length < limit || !page.nextCursor) break;
    reached += page.ids.length;
    cursor = page.nextCursor;
    after = decodeSearchCursor(cursor)!;
  }
  if (!cursor) throw new Error(`The search for ${JSON.stringify(q)} has too few matches for a deep page.`);
  return { q, after: cursor, position: reached };
}

export async function readDatasetFacts(db: Database, sampleSize: number, broadSearchTerms: readonly string[]): Promise<DatasetFacts> {
  const [counts] = await queryRows<Record<string, unknown>>(
    db,
    sql`select (select count(*) from users) as users, (select count(*) from regiments) as regiments,
      (select count(*) from officers) as officers, (select count(*) from reviews) as reviews,
      (select count(*) from review_votes) as votes, (select count(*) from review_flags) as flags`,
  );
  const numericCounts = Object.fromEntries(Object.entries(counts ?? {}).map(([k, v]) => [k, Number(v)]));
  if (!numericCounts.reviews) {
    throw new Error('The database has no reviews. Generate the dataset first: npm run bench:data');
  }
  const isPublic = sql`o.is_active and g.is_active`;
  const officers = await queryRows<{ id: number; name: string }>(
    db,
    sql`select o.id, o.name from officers o join regiments g on g.id = o.regiment_id
        where ${isPublic} and o.review_count > 0 order by hashint4(o.id) limit ${sampleSize}`,
  );
  const publicOfficers = await queryRows<{ id: number; name: string }>(
    db,
    sql`select o.id, o.name from officers o join regiments g on g.id = o.regiment_id where ${isPublic} order by o.id`,
  );
  const sides = await queryRows<{ id: number }>(db, sql`select id from sides order by id`);
  // The profiles that answer 200 (reviewer-shown.ts: not banned or suspended now; a deleted account
  // has no row) and list a review (reviewer-profile.ts: one not held, of a public officer).
  const reviewers = await queryRows<{ id: number }>(
    db,
    sql`select users.id from users
        where not ${bannedNow(new Date())}
          and exists (select 1 from reviews r join officers o on o.id = r.officer_id join regiments g on g.id = o.regiment_id
                      where r.user_id = users.id and not r.held and ${isPublic})
        order by users.id`,
  );
  const [largest] = await queryRows<{ id: number; name: string; review_count: number }>(
    db,
    sql`select o.id, o.name, o.review_count from officers o join regiments g on g.id = o.regiment_id
        where ${isPublic} order by o.review_count desc, o.id limit 1`,
  );
  const reviewIds = await queryRows<{ id: number }>(
    db,
    sql`select r.id from reviews r join officers o on o.id = r.officer_id join regiments g on g.id = o.regiment_id
        where ${isPublic} and r.id % 97 = 0 order by hashint4(r.id) limit 2000`,
  );
  const [version] = await queryRows<{ server_version: string }>(db, sql`show server_version`);
  if (!largest || officers.length === 0 || reviewIds.length === 0) throw new Error('The dataset has no public officer with reviews.');
  const lastPage = Math.max(1, Math.ceil(largest.review_count / REVIEW_PAGE_LIMIT));
  const searchDeepPages: DatasetFacts['searchDeepPages'] = [];
  const deepPage = Math.min(DEEP_PAGE, lastPage);
  const cursorOfDeepPage = async (sort: ReviewSort) => {
    if (deepPage === 1) throw new Error('The largest officer has too few reviews for a deep page.');
    const before = await listOfficerReviews(db, largest.id, { sort, page: deepPage - 1, limit: REVIEW_PAGE_LIMIT });
    return before.nextCursor!;
  };
  const sortedDeepCursors = {
    helpful: await cursorOfDeepPage('helpful'),
    highest: await cursorOfDeepPage('highest'),
    lowest: await cursorOfDeepPage('lowest'),
  };
  const { catalogue } = await loadCatalogue(db, RANK_PRIOR_WEIGHT);
  for (const q of broadSearchTerms) searchDeepPages.push(deepSearchCursor(catalogue, q, SEARCH_DEEP_POSITION));
  return {
    counts: numericCounts,
    officers,
    longTail: { officers: publicOfficers, sideIds: sides.map((s) => s.id), reviewerIds: reviewers.map((r) => r.id) },
    largestOfficer: {
      id: largest.id,
      name: largest.name,
      reviewCount: largest.review_count,
      deepPage,
    },
    sortedDeepCursors,
    reviewIds: reviewIds.map((r) => r.id),
    searchDeepPages,
    postgresVersion: version?.server_version ?? 'unknown',
  };
}

export interface BenchUser {
  id: number;
  /** The Cookie header value. */
  cookie: string;
  csrfToken: string;
}

export async function createBenchUsers(db: Database, lifetimes: SessionLifetimes, count: number): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let i = 1; i <= count; i++) {
    const username = `${BENCH_USER_PREFIX}${i}`;
    const steamId = String(BENCH_STEAM_BASE + BigInt(i));
    const [row] = await db
      .insert(schema.users)
      .values({ username, email: `${username}@example.com`, steamId, emailVerified: true })
      .returning({ id: schema.users.id });
    const sessionUser: SessionUser = {
      id: row!.id,
      username,
      email: `${username}@example.com`,
      role: 'user',
      isAdmin: false,
      isOfficer: false,
      officerId: null,
      steamId,
      isBanned: false,
      hasSecondFactor: false,
      deleteAfter: null,
    };
    const created = await createSession(db, lifetimes, sessionUser);
    users.push({ id: row!.id, cookie: `${SESSION_COOKIE}=${created.token}`, csrfToken: created.session.csrfToken });
  }
  return users;
}

/**
 * The ceiling's writers (bench/ceiling.ts takes its user ids in the body): bare accounts, no session
 * or Steam link, since the ceiling checks neither. One statement; their ids in order.
 */
export async function createCeilingWriters(db: Database, count: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into users (username, email, email_verified)
      select ${CEILING_WRITER_PREFIX} || n, ${CEILING_WRITER_PREFIX} || n || '@example.com', true from generate_series(1, ${count}::int) n
      order by n returning id`,
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** A regiment the review-write scenarios review, with the officers they may review. */
export interface WriteRegiment {
  id: number;
  name: string;
  reviewCount: number;
  officerIds: number[];
}

/**
 * What the write scenarios draw from (issue 38, item 5). Every officer here is public, outside the
 * sample the mixed workloads review, and had no review written or edited within the review waves'
 * window (so the window the detector reads holds only the run's own reviews, fewer than make a wave).
 */
export interface WriteFacts {
  /** The long tail's officers for new reviews, in id order, the two regiments' left out. */
  officerIds: number[];
  /** The regiment with the most reviews. */
  largestRegiment: WriteRegiment;
  /**
   * A regiment of median review count: of the regiments ranked within MEDIAN_BAND of the median,
   * the one with the most officers to review (so it can take as many reviews as the largest).
   */
  medianRegiment: WriteRegiment;
}

const MEDIAN_BAND = 0.05;

export async function readWriteFacts(db: Database, facts: DatasetFacts, windowHours: number): Promise<WriteFacts> {
  const sampled = new Set(facts.officers.map((o) => o.id));
  const officers = await queryRows<{ id: number; regiment_id: number }>(
    db,
    sql`select o.id, o.regiment_id from officers o join regiments g on g.id = o.regiment_id
      where o.is_active and g.is_active
        and o.id not in (select officer_id from reviews where updated_at > now() - make_interval(hours => ${windowHours}::int))
      order by o.id`,
  );
  const eligible = officers.filter((o) => !sampled.has(o.id));
  const regiments = await queryRows<{ id: number; name: string; review_count: number; rank: number }>(
    db,
    sql`select id, name, review_count, percent_rank() over (order by review_count) as rank
      from regiments where is_active order by review_count desc, id`,
  );
  const officersOf = (regimentId: number) => eligible.filter((o) => o.regiment_id === regimentId).map((o) => o.id);
  const asWriteRegiment = (r: (typeof regiments)[number]): WriteRegiment => ({
    id: r.id,
    name: r.name,
    reviewCount: r.review_count,
    officerIds: officersOf(r.id),
  });
  const largest = regiments[0];
  const median = regiments
    .filter((r) => Math.abs(r.rank - 0.5) <= MEDIAN_BAND && r.id !== largest?.id)
    .map(asWriteRegiment)
    .sort((a, b) => b.officerIds.length - a.officerIds.length || a.id - b.id)[0];
  if (!largest || !median) throw new Error('The dataset has too few regiments for the review-write scenarios.');
  const largestRegiment = asWriteRegiment(largest);
  const inRegiments = new Set([...largestRegiment.officerIds, ...median.officerIds]);
  return { officerIds: eligible.map((o) => o.id).filter((id) => !inRegiments.has(id)), largestRegiment, medianRegiment: median };
}

/**
 * The bench users' reviews of the write scenarios a review wave caught (held now, or in a wave at
 * all), counted before they are removed: those scenarios are built to form none. The mixes' reviews
 * (of `mixedOfficerIds`, the sample the mixes review) are left out: they pile on 200 officers, and
 * once writes are fast enough a wave forms there, as it would on a real site; the app then holds
 * and recomputes, which the aggregate check covers.
 */
export async function countHeldBenchReviews(db: Database, mixedOfficerIds: readonly number[]): Promise<number> {
  const pattern = likePrefix(BENCH_USER_PREFIX);
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from reviews
      where user_id in (select id from users where username like ${pattern}) and (held or wave_id is not null)
        and officer_id <> all(${`{${mixedOfficerIds.join(',')}}`}::int[])`,
  );
  return Number(row?.n ?? 0);
}

export interface RemovedUsers {
  users: number;
  reviews: number;
  votes: number;
}

/**
 * Deletes the bench accounts (the ceiling's writers included) with their reviews and votes, and
 * recomputes the figures those rows fed, so the dataset is the same for the next run.
 */
export function removeBenchUsers(db: Database): Promise<RemovedUsers> {
  return removeUsersNamed(db, BENCH_USER_PREFIX);
}

/**
 * Deletes the ceiling's writers with what they wrote (bench/ceiling.ts moves counts only, leaving
 * averages and distributions behind), with the same recomputation: what is left is the app's own
 * writes, which the aggregate check then judges.
 */
export function removeCeilingWriters(db: Database): Promise<RemovedUsers> {
  return removeUsersNamed(db, CEILING_WRITER_PREFIX);
}

/**
 * Deletes the accounts whose names start with `prefix`, with their reviews and votes (sessions go
 * with them by cascade; reviews and votes would outlive an account, issue 35, so they are deleted
 * first), and recomputes exactly the figures those rows fed, from the rows left: the positions and
 * figures of the officers they reviewed and of those officers' regiments, and the scores of the
 * reviews they voted on.
 */
async function removeUsersNamed(db: Database, prefix: string): Promise<RemovedUsers> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    const pattern = likePrefix(prefix);
    const benchUsers = sql`(select id from users where username like ${pattern})`;
    const officers = await queryRows<{ officer_id: number; regiment_id: number }>(
      tx,
      sql`select distinct r.officer_id, o.regiment_id from reviews r join officers o on o.id = r.officer_id where r.user_id in ${benchUsers}`,
    );
    const voted = await queryRows<{ review_id: number }>(tx, sql`select distinct review_id from review_votes where user_id in ${benchUsers}`);
    const [counts] = await queryRows<{ users: unknown; reviews: unknown; votes: unknown }>(
      tx,
      sql`select (select count(*) from users where id in ${benchUsers}) as users,
        (select count(*) from reviews where user_id in ${benchUsers}) as reviews,
        (select count(*) from review_votes where user_id in ${benchUsers}) as votes`,
    );
    await tx.execute(sql`delete from review_votes where user_id in ${benchUsers}`);
    await tx.execute(sql`delete from reviews where user_id in ${benchUsers}`);
    await tx.execute(sql`delete from users where id in ${benchUsers}`);
    // Their reviews leave gaps in those officers' review positions (docs/decisions/0008).
    await recomputeReviewPositions(
      tx,
      officers.map((o) => o.officer_id),
    );
    await recomputeOfficerAggregates(
      tx,
      officers.map((o) => o.officer_id),
    );
    await recomputeRegimentAggregates(tx, [...new Set(officers.map((o) => o.regiment_id))]);
    await recomputeReviewVotes(
      tx,
      voted.map((v) => v.review_id),
    );
    return { users: Number(counts?.users), reviews: Number(counts?.reviews), votes: Number(counts?.votes) };
  });
}

/** The same comparison as `npm run db:reconcile`: every aggregate against a recomputation. */
export async function countAggregateDifferences(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    return (await findAggregateDifferences(tx)).length;
  });
}
