/**
 * Public reads of reviews: the home page's recent list and an officer's paged list (spec section 7,
 * Reviews). Reviews of an officer who is not public (inactive, or in an inactive regiment) are not
 * shown, matching the officer lists.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Review, ReviewPage, WaveReview } from '#core/api.js';
import { RECENT_REVIEWS_LIMIT } from '#core/constants.js';
import { MSG } from '#core/messages.js';
import type { ReviewSort } from '#core/review-sort.js';
import { sameTextKey, WAVE_RULES, type WaveRule } from '#core/review-waves.js';
import type { Executor } from '#server/platform/db/client.js';
import { BatchedRead, keysParam } from '#server/platform/db/batched.js';
import { prepared } from '#server/platform/db/prepared.js';
import { officers, regiments, reviewReplies, reviewRevisions, reviews, users } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { afterCursorKey, cursorKeyOf, cursorKeyPlaceholders, encodeReviewCursor, reviewOrderBy, type ReviewCursor } from './review-order.js';
import type { OnReviewersShown, ShownReviewer } from '#server/domain/reviewer-signals/shown-reviewers.js';

/** A page by number (the spec's call) or after a cursor (issue 16), in one of the list's orders. */
export interface PageRequest {
  sort: ReviewSort;
  limit: number;
  page?: number | undefined;
  cursor?: ReviewCursor | undefined;
}

/**
 * Written out, not compared with bound `true`s: a prepared statement's generic plan then knows the
 * condition as a custom plan does. With two boolean parameters PostgreSQL priced the generic plan of
 * a reviewer's page above its custom plans and planned it afresh on every run (0.5 ms of planning
 * for 0.05 ms of execution).
 */
export const isPublicOfficer = sql`${officers.isActive} and ${regiments.isActive}`;

/** Newest first; an officer's page orders by position instead, which is the same order. */
const NEWEST_FIRST = [desc(reviews.createdAt), desc(reviews.id)];

/** What a review, or one of its kept versions (review_revisions), says: its text and ratings. */
export const contentColumns = (table: typeof reviews | typeof reviewRevisions) => ({
  text: table.text,
  leadership: table.leadership,
  tactics: table.tactics,
  communication: table.communication,
  fairness: table.fairness,
  overallRating: table.overallRating,
});

const REVIEW_FIELDS = {
  id: reviews.id,
  userId: reviews.userId,
  officerId: reviews.officerId,
  ...contentColumns(reviews),
  wouldServeAgain: reviews.wouldServeAgain,
  score: reviews.score,
  upvotes: reviews.upvotes,
  downvotes: reviews.downvotes,
  held: reviews.held,
  // The officer's reply (issue 18, item 1): null when the left join finds none.
  reply: { text: reviewReplies.text, createdAt: reviewReplies.createdAt, updatedAt: reviewReplies.updatedAt },
  resolved: reviews.resolved,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  editedAt: reviews.editedAt,
  revisionCount: reviews.revisionCount,
  officer: { id: officers.id, name: officers.name, rank: officers.rank },
  regiment: { id: regiments.id, name: regiments.name },
  // The author's public identity only: never email or password hash. Beside it the reviewer's
  // signals, read from the user's row: no Steam call and no count per review shown
  // (docs/decisions/0029-reviewer-signals.md). A hidden level is withheld here, in SQL.
  user: {
    id: users.id,
    username: users.username,
    steamId: users.steamId,
    level: sql<number | null>`case when ${users.hideLevel} then null else ${users.steamLevel} end`.mapWith((v) => (v === null ? null : Number(v))),
    totalGames: users.steamTotalGames,
    reviewCount: users.reviewCount,
    memberSince: users.createdAt,
  },
};

/** Every review an officer's list counts: the stored review_count and the reviews held in a wave beside it (0031). */
const listedTotal = sql<number>`${officers.reviewCount} + ${officers.heldCount}`.mapWith(Number);

/**
 * Every review is read with its place in the officer list's orders (review-order.ts), its list's
 * total (`total`: by default the officer's listed total, so a page of an officer's reviews needs no
 * second statement for it; a reviewer's page counts their reviews in its own scan), and when its
 * author's Steam figures were last read (for the background refresh): columns of the rows already
 * fetched, which the answer drops.
 */
function selectPublicReviews(db: Executor, where?: SQL, orderBy: SQL[] = NEWEST_FIRST, total = listedTotal) {
  return (
    db
      .select({
        ...REVIEW_FIELDS,
        position: reviews.position,
        helpfulBound: reviews.helpfulBound,
        listedTotal: total,
        signalsRefreshedAt: users.steamRefreshedAt,
      })
      .from(reviews)
      .innerJoin(officers, eq(officers.id, reviews.officerId))
      .innerJoin(regiments, eq(regiments.id, officers.regimentId))
      // No author once the account was deleted and the review kept (issue 35): 'Anonymous Soldier'.
      .leftJoin(users, eq(users.id, reviews.userId))
      .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
      .where(and(isPublicOfficer, where))
      .orderBy(...orderBy)
  );
}

type ReviewRow = Awaited<ReturnType<typeof selectPublicReviews>>[number];

/**
 * The answer's review, field by field: every field of Review, nothing of the row's extra columns.
 * Written out rather than as `{ position, ...row }` and spreads, which V8 copies key by key: 9.7 µs
 * a row against 2.7 µs, on every review page computed.
 */
function toReview(row: ReviewRow): Review {
  const { reply, user } = row;
  return {
    id: row.id,
    userId: row.userId,
    officerId: row.officerId,
    text: row.text,
    leadership: row.leadership,
    tactics: row.tactics,
    communication: row.communication,
    fairness: row.fairness,
    overallRating: row.overallRating,
    wouldServeAgain: row.wouldServeAgain,
    score: row.score,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    held: row.held,
    reply: reply && { text: reply.text, createdAt: reply.createdAt.toISOString(), updatedAt: reply.updatedAt.toISOString() },
    resolved: row.resolved,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    revisionCount: row.revisionCount,
    officer: { id: row.officer.id, name: row.officer.name, rank: row.officer.rank },
    regiment: { id: row.regiment.id, name: row.regiment.name },
    user: user?.memberSince ? { ...user, memberSince: user.memberSince.toISOString() } : ANONYMOUS_AUTHOR,
  };
}

/** The author of a review whose account was deleted and the review kept (issue 35): nobody. */
const ANONYMOUS_AUTHOR: Review['user'] = {
  id: null,
  username: null,
  steamId: null,
  level: null,
  totalGames: null,
  reviewCount: 0,
  memberSince: null,
};

function reviewersOf(rows: ReviewRow[]): ShownReviewer[] {
  return rows.flatMap((row) =>
    row.userId === null ? [] : [{ userId: row.userId, steamId: row.user?.steamId ?? null, refreshedAt: row.signalsRefreshedAt }],
  );
}

/**
 * The home page's latest reviews. Reviews held in a review wave are left out: they stay readable on
 * their officer's page, under its notice, but a pile-on is not put on the front page
 * (docs/decisions/0031-review-waves.md).
 */
export async function listRecentReviews(db: Executor, onReviewersShown?: OnReviewersShown): Promise<Review[]> {
  const query = prepared(db, 'recent_reviews', (db, name) =>
    selectPublicReviews(db, eq(reviews.held, false)).limit(RECENT_REVIEWS_LIMIT).prepare(name),
  );
  const rows = await query.execute();
  onReviewersShown?.(reviewersOf(rows));
  return rows.map(toReview);
}

function selectOfficerReviews(db: Executor, where: SQL | undefined, orderBy: SQL[]) {
  return selectPublicReviews(db, and(eq(reviews.officerId, sql.placeholder('officerId')), where), orderBy);
}

/**
 * One page of an officer's reviews in the requested order, with the officer's total for infinite
 * scroll and the cursor of the next page (docs/decisions/0027-review-helpfulness.md). The total is
 * every review listed: the officer's stored review_count and the reviews held in a wave beside it
 * (0031), read from the officer's row in the same statement as the page. Only a page without rows
 * asks for it apart, which also answers 404 for an officer that is not public.
 *
 * - After a cursor, every order reads one range of its index: as fast at the thousandth page as at
 *   the first.
 * - By page number, newest and oldest are a range of positions (0008), also constant-time; the other
 *   orders skip (page - 1) * limit rows of their index (an OFFSET), the spec's paging kept correct
 *   for them but not fast deep down: cursors are their fast path.
 */
export async function listOfficerReviews(
  db: Executor,
  officerId: number,
  request: PageRequest,
  onReviewersShown?: OnReviewersShown,
): Promise<ReviewPage> {
  const { sort, limit, cursor } = request;
  if (cursor && (cursor.officerId !== officerId || cursor.sort !== sort)) throw new AppError('BAD_REQUEST', MSG.reviews.cursorOfAnotherList);
  const page = request.page ?? 1;
  const { rows, hasMore } = cursor
    ? await readAfterCursor(db, officerId, sort, cursor.key, limit)
    : sort === 'newest' || sort === 'oldest'
      ? await readPositionRange(db, officerId, sort, page, limit)
      : await readByOffset(db, officerId, sort, page, limit);
  const totalCount = rows[0]?.listedTotal ?? (await officerReviewTotals.load(db, officerId));
  if (totalCount === undefined) throw notFound('Officer');
  const last = rows.at(-1);
  onReviewersShown?.(reviewersOf(rows));
  return {
    reviews: rows.map(toReview),
    totalCount,
    nextCursor: hasMore && last ? encodeReviewCursor({ officerId, sort, key: cursorKeyOf(sort, last) }) : null,
  };
}

interface RowsRead {
  rows: ReviewRow[];
  hasMore: boolean;
}

/** One more row than the page: whether it came says whether a next page exists. */
function pageOf(rows: ReviewRow[], limit: number): RowsRead {
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

async function readAfterCursor(db: Executor, officerId: number, sort: ReviewSort, key: number[], limit: number): Promise<RowsRead> {
  const query = prepared(db, `officer_review_page_${sort}_after`, (db, name) =>
    selectOfficerReviews(db, afterCursorKey(sort), reviewOrderBy(sort)).limit(sql.placeholder('limit')).prepare(name),
  );
  const keyValues = Object.fromEntries(cursorKeyPlaceholders(sort).map((placeholder, i) => [placeholder, key[i]]));
  return pageOf(await query.execute({ officerId, limit: limit + 1, ...keyValues }), limit);
}

/**
 * Page p of newest or oldest is a range of positions (1..n, dense: 0008): newest
 * (n - p*limit, n - (p-1)*limit], oldest ((p-1)*limit, p*limit], read through the
 * (officer_id, position) index however deep the page. The statement takes n from the officer's row
 * as it reads the range, so one round trip answers the page; positions below or above the range
 * say if more exist. An empty range is past the end (positions are dense).
 */
async function readPositionRange(db: Executor, officerId: number, sort: 'newest' | 'oldest', page: number, limit: number): Promise<RowsRead> {
  // page and limit are validated integers; their product may pass int4, so it travels as int8.
  const skipped = (page - 1) * limit;
  const rows = (await positionRanges.load(db, `${officerId} ${skipped} ${limit}`, sort)) ?? [];
  const total = rows[0]?.listedTotal ?? 0;
  return { rows, hasMore: sort === 'newest' ? total - skipped - limit > 0 : skipped + limit < total };
}

/**
 * The listed total of officers asked for at once (db/batched.ts), for a page that has no rows:
 * every review listed, read from the officer's row; an officer that is not public is not in the map.
 */
const officerReviewTotals = new BatchedRead<number, number>(async (db, ids) => {
  const query = prepared(db, 'officer_review_totals', (db, name) =>
    db
      .select({ id: officers.id, totalCount: listedTotal })
      .from(officers)
      .innerJoin(regiments, eq(regiments.id, officers.regimentId))
      .where(and(sql`${officers.id} = any(${keysParam('ids')})`, isPublicOfficer))
      .prepare(name),
  );
  return new Map((await query.execute({ ids })).map((row) => [row.id, row.totalCount]));
});

/**
 * The bounds of a page's range of positions, from the officer's listed total (`listed`) and the
 * request (`wanted`: reviews skipped, and the page's size).
 */
const RANGE_BOUNDS = {
  newest: {
    above: sql.raw('listed.review_count + listed.held_count - wanted.skipped - wanted.size'),
    upTo: sql.raw('listed.review_count + listed.held_count - wanted.skipped'),
  },
  oldest: { above: sql.raw('wanted.skipped'), upTo: sql.raw('wanted.skipped + wanted.size') },
} as const;

/**
 * Pages by position of several officers read at once, each key "officerId skipped size", the group
 * the order (newest or oldest), each page's rows in that order.
 */
const positionRanges = new BatchedRead<string, ReviewRow[]>(async (db, keys, group) => {
  const sort = group as 'newest' | 'oldest';
  const { above, upTo } = RANGE_BOUNDS[sort];
  const query = prepared(db, `officer_review_pages_${sort}`, (db, name) =>
    selectPublicReviews(db, undefined, [asc(reviews.officerId), asc(reviews.position)])
      // Each range through the (officer_id, position) index: a lateral subquery kept apart from the
      // joins (offset 0), or the planner reads every review of the officer and filters the range.
      .innerJoin(
        sql`(select picked.id from unnest(${keysParam('officerIds')}, ${keysParam('skipped', 'int8')}, ${keysParam('sizes')})
          as wanted(officer_id, skipped, size)
          join officers as listed on listed.id = wanted.officer_id
          cross join lateral (select id from reviews where reviews.officer_id = wanted.officer_id
            and reviews.position > ${above} and reviews.position <= ${upTo} offset 0) as picked) as page`,
        sql`page.id = ${reviews.id}`,
      )
      .prepare(name),
  );
  const wanted = keys.map((key) => key.split(' ').map(Number) as [number, number, number]);
  const rows = await query.execute({ officerIds: wanted.map((w) => w[0]), skipped: wanted.map((w) => w[1]), sizes: wanted.map((w) => w[2]) });
  // Two pages of one officer may be asked for in one batch: a row goes to each page holding it, by
  // its place in the page's order (1 = the first listed; newest counts down from the officer's total).
  const byOfficer = new Map<number, Array<{ skipped: number; upTo: number; key: string; rows: ReviewRow[] }>>();
  wanted.forEach(([officerId, skipped, size], i) => {
    const list = byOfficer.get(officerId) ?? [];
    list.push({ skipped, upTo: skipped + size, key: keys[i]!, rows: [] });
    byOfficer.set(officerId, list);
  });
  for (const row of rows)
    for (const page of byOfficer.get(row.officerId) ?? []) {
      const place = sort === 'newest' ? row.listedTotal + 1 - row.position : row.position;
      if (place > page.skipped && place <= page.upTo) page.rows.push(row);
    }
  const byKey = new Map<string, ReviewRow[]>();
  for (const page of [...byOfficer.values()].flat()) byKey.set(page.key, sort === 'newest' ? page.rows.reverse() : page.rows);
  return byKey;
});

/** Page p of the other orders by number: an OFFSET into the order's index (cursors are the fast path). */
async function readByOffset(db: Executor, officerId: number, sort: ReviewSort, page: number, limit: number): Promise<RowsRead> {
  const query = prepared(db, `officer_review_page_${sort}_offset`, (db, name) =>
    selectOfficerReviews(db, undefined, reviewOrderBy(sort)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(name),
  );
  return pageOf(await query.execute({ officerId, limit: limit + 1, offset: (page - 1) * limit }), limit);
}

export async function getReviewById(db: Executor, reviewId: number): Promise<Review> {
  const [row] = await selectPublicReviews(db, eq(reviews.id, reviewId)).limit(1);
  if (!row) throw notFound('Review');
  return toReview(row);
}

/**
 * The reviews of a review wave, oldest first (the moderators' section, issues 17 and 32), each with
 * why it is held and the reviewer's signals a moderator weighs beside it.
 */
export async function listWaveReviews(db: Executor, waveId: number): Promise<WaveReview[]> {
  const rows = await selectPublicReviews(db, eq(reviews.waveId, waveId), [asc(reviews.createdAt), asc(reviews.id)]);
  const extras = new Map(
    (
      await db
        .select({ id: reviews.id, holdReasons: reviews.holdReasons, authorSteamLinkedAt: users.steamLinkedAt })
        .from(reviews)
        .leftJoin(users, eq(users.id, reviews.userId))
        .where(eq(reviews.waveId, waveId))
    ).map((row) => [row.id, row]),
  );
  const keys = rows.map((row) => sameTextKey(row.text));
  return rows.map((row, index) => {
    const extra = extras.get(row.id);
    return {
      ...toReview(row),
      holdReasons: (extra?.holdReasons ?? []).filter((reason): reason is WaveRule => (WAVE_RULES as readonly string[]).includes(reason)),
      authorSteamLinkedAt: extra?.authorSteamLinkedAt?.toISOString() ?? null,
      sameTextCount: keys.filter((key, other) => other !== index && key === keys[index]).length,
    };
  });
}

/** The signed-in user's own reviews, newest first (My Reviews). */
export async function listUserReviews(db: Executor, userId: number): Promise<Review[]> {
  const rows = await selectPublicReviews(db, eq(reviews.userId, userId));
  return rows.map(toReview);
}

/**
 * The reviews that count on a reviewer's profile (issue 36, item 3), as `from ... where` for the
 * reviewer `user` (a column or an alias of the statement): not held in a wave, of an officer in a
 * regiment both public. The conditions written out, not bound (isPublicOfficer): the partial index
 * reviews_user_counted_idx serves both the count and the page.
 */
export const countedReviewsOf = (user: SQL) => sql`from reviews r
  join officers ro on ro.id = r.officer_id and ro.is_active
  join regiments rg on rg.id = ro.regiment_id and rg.is_active
  where r.user_id = ${user} and not r.held`;

/**
 * One page of the reviews a reviewer wrote that count, newest first (their profile, issue 36, item
 * 3): none held in a review wave, none of an officer who is not public. Read with the same page of
 * the other profiles asked for in this turn of the event loop (reviewerPages): a crowd opening
 * different profiles costs one statement per batch, not one per visitor.
 */
export async function listReviewerReviews(
  db: Executor,
  userId: number,
  { page, limit }: { page: number; limit: number },
  onReviewersShown?: OnReviewersShown,
): Promise<{ reviews: Review[]; countedTotal: number }> {
  const skipped = (page - 1) * limit;
  const rows = (await reviewerPages.load(db, userId, `${skipped} ${limit}`)) ?? [];
  onReviewersShown?.(reviewersOf(rows));
  // Each row carries the count of every review that counts; an empty first page means there are
  // none, and only a page past the end (which a client following nextPage never asks for) counts apart.
  const countedTotal = rows[0]?.listedTotal ?? (skipped === 0 ? 0 : ((await reviewerCountedTotals.load(db, userId)) ?? 0));
  return { reviews: rows.map(toReview), countedTotal };
}

/**
 * The same page of several reviewers read at once (db/batched.ts), the group "skipped size", each
 * page newest first. Each is picked in a lateral subquery through the partial index
 * reviews_user_counted_idx, with the public-officer condition inside it (outside, a page would come
 * short of rows the limit had already spent); `not held` and the activity flags written out, not
 * bound, so the generic plan may use that index (isPublicOfficer). A reviewer writes one review per
 * officer, so the offset stays short. The limit and offset are read through scalar subqueries, as
 * the keys are (keysParam): a custom plan that saw a limit of 10 always looked cheaper than the
 * generic one, so PostgreSQL planned every execution anew (4.8 ms of bind for a 0.9 ms read).
 *
 * Each row's `listedTotal` is its reviewer's count of reviews that count, taken by a window over the
 * same scan (`count(*) over ()`, before the limit): the profile's total costs no statement of its
 * own. As a subquery of the account's read it probed every counted review's officer and regiment a
 * second time, three quarters of that read's time on the benchmark's dataset.
 */
const reviewerPages = new BatchedRead<number, ReviewRow[]>(async (db, userIds, group) => {
  const [skipped, size] = group.split(' ').map(Number) as [number, number];
  const query = prepared(db, 'reviewer_review_pages', (db, name) =>
    selectPublicReviews(db, undefined, [asc(reviews.userId), ...NEWEST_FIRST], sql<number>`page.counted`.mapWith(Number))
      .innerJoin(
        sql`(select picked.id, picked.counted from unnest(${keysParam('userIds')}) as wanted(user_id)
          cross join lateral (select r.id, count(*) over () as counted ${countedReviewsOf(sql.raw('wanted.user_id'))}
            order by r.created_at desc, r.id desc
            limit (select ${sql.placeholder('size')}::int8) offset (select ${sql.placeholder('skipped')}::int8)) as picked) as page`,
        sql`page.id = ${reviews.id}`,
      )
      .prepare(name),
  );
  const byUser = new Map<number, ReviewRow[]>(userIds.map((id) => [id, []]));
  for (const row of await query.execute({ userIds, skipped, size })) byUser.get(row.userId!)?.push(row);
  return byUser;
});

/** The count of reviews that count of reviewers asked for at once, for a page past the end of theirs. */
const reviewerCountedTotals = new BatchedRead<number, number>(async (db, userIds) => {
  const query = prepared(db, 'reviewer_counted_totals', (db, name) =>
    db
      .select({
        userId: sql<number>`wanted.user_id`.mapWith(Number),
        countedTotal: sql<number>`(select count(*) ${countedReviewsOf(sql.raw('wanted.user_id'))})`.mapWith(Number),
      })
      .from(sql`unnest(${keysParam('userIds')}) as wanted(user_id)`)
      .prepare(name),
  );
  return new Map((await query.execute({ userIds })).map((row) => [row.userId, row.countedTotal]));
});
