/**
 * What the search catalogue reads from the database (docs/decisions/0025-search-catalogue.md): all
 * of it at start, then only what the change feed (catalogue_changes, written by triggers) says
 * changed since the last look.
 */
import { asc, inArray, lt, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '#server/platform/db/client.js';
import { runPrepared } from '#server/platform/db/prepared.js';
import { catalogueChanges, officers, rankingPrior, regiments, sides } from '#server/platform/db/schema.js';
import { officerWithLinkedAccount } from '#server/domain/officer-columns.js';

export interface SideRecord {
  id: number;
  name: string;
  code: string;
}

export interface RegimentRecord {
  id: number;
  name: string;
  description: string | null;
  bannerImageUrl: string | null;
  sideId: number;
  isActive: boolean;
  officerCount: number;
  averageRating: number;
  reviewCount: number;
}

export interface OfficerRecord {
  id: number;
  name: string;
  rank: string;
  regimentId: number;
  averageRating: number;
  leadershipRating: number;
  tacticsRating: number;
  communicationRating: number;
  fairnessRating: number;
  reviewCount: number;
  profileImageUrl: string | null;
  isActive: boolean;
  linkedUsername: string | null;
  linkedSteamId: string | null;
}

/** A place in the change feed: the oldest transaction still open when it was read (xid8, as text). */
export type FeedPosition = string;

/** Where the change feed stands now: every change by a transaction older than this is visible. */
export async function feedPosition(db: Executor): Promise<FeedPosition> {
  const [row] = await queryRows<{ position: string }>(db, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as position`);
  return row!.position;
}

export interface FeedChanges {
  /** Read up to here: the next look starts from it. */
  position: FeedPosition;
  officerIds: number[];
  regimentIds: number[];
  /** The community mean published now (ranking-prior.ts), read in the same statement. */
  communityMean: number;
}

/**
 * The officers and regiments changed by transactions from `since` on, and the position to look from
 * next time, read in one statement (one snapshot). A transaction still open now has an id at or
 * after the new position, so its changes are read the next time, once it has committed. Prepared:
 * every process looks after each write it hears of, and PostgreSQL planned each look anew (0.28 ms
 * of its CPU, as much as running it, measured with pg_stat_statements on the bench dataset).
 */
function changesStatement() {
  const since = sql`${sql.placeholder('since')}::xid8`;
  return sql`select pg_snapshot_xmin(pg_current_snapshot())::text as position,
      array(select distinct ${catalogueChanges.officerId} from ${catalogueChanges}
        where ${catalogueChanges.xid} >= ${since} and ${catalogueChanges.officerId} is not null) as officer_ids,
      array(select distinct ${catalogueChanges.regimentId} from ${catalogueChanges}
        where ${catalogueChanges.xid} >= ${since} and ${catalogueChanges.regimentId} is not null) as regiment_ids,
      (select ${rankingPrior.communityMean} from ${rankingPrior} where ${rankingPrior.id} = 1) as community_mean`;
}

export async function changesSince(db: Executor, since: FeedPosition): Promise<FeedChanges> {
  const [row] = await runPrepared<{ position: string; officer_ids: number[] | null; regiment_ids: number[] | null; community_mean: string | null }>(
    db,
    'catalogue_changes_since',
    changesStatement,
    { since },
  );
  return {
    position: row!.position,
    officerIds: (row!.officer_ids ?? []).map(Number),
    regimentIds: (row!.regiment_ids ?? []).map(Number),
    communityMean: Number(row!.community_mean ?? 0),
  };
}

/** Forgets changes older than `olderThanMs`: a process that has not looked for that long reloads everything. */
export async function pruneChanges(db: Executor, olderThanMs: number): Promise<void> {
  await db.delete(catalogueChanges).where(lt(catalogueChanges.at, sql`now() - make_interval(secs => ${olderThanMs / 1000})`));
}

export async function loadSides(db: Executor): Promise<SideRecord[]> {
  return db.select({ id: sides.id, name: sides.name, code: sides.code }).from(sides).orderBy(asc(sides.id));
}

/** Regiments, all of them or those with these ids (a deleted one is simply absent). */
export async function loadRegiments(db: Executor, ids?: readonly number[]): Promise<RegimentRecord[]> {
  return db
    .select({
      id: regiments.id,
      name: regiments.name,
      description: regiments.description,
      bannerImageUrl: regiments.bannerImageUrl,
      sideId: regiments.sideId,
      isActive: regiments.isActive,
      officerCount: regiments.officerCount,
      averageRating: regiments.averageRating,
      reviewCount: regiments.reviewCount,
    })
    .from(regiments)
    .where(ids ? inArray(regiments.id, [...ids]) : undefined);
}

/** Officers with their linked account (the oldest, as every officer answer shows it), all or by id. */
export async function loadOfficers(db: Executor, ids?: readonly number[]): Promise<OfficerRecord[]> {
  const { linkedUser, columns } = officerWithLinkedAccount(db);
  return db
    .select(columns)
    .from(officers)
    .leftJoinLateral(linkedUser, sql`true`)
    .where(ids ? inArray(officers.id, [...ids]) : undefined);
}
