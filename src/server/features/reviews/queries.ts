/**
 * Public reads of reviews: the home page's recent list and an officer's paged list (spec section 7,
 * Reviews). Reviews of an officer who is not public (inactive, or in an inactive regiment) are not
 * shown, matching the officer lists.
 */
import { and, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Review, ReviewPage } from '#core/api.js';
import { RECENT_REVIEWS_LIMIT } from '#core/constants.js';
import type { Executor } from '#server/db/client.js';
import { prepared } from '#server/db/prepared.js';
import { officers, regiments, reviews, users } from '#server/db/schema.js';
import { notFound } from '#server/errors.js';

export interface PageRequest {
  page: number;
  limit: number;
}

const isPublicOfficer = and(eq(officers.isActive, true), eq(regiments.isActive, true));

/** Newest first; an officer's page orders by position instead, which is the same order. */
const NEWEST_FIRST = [desc(reviews.createdAt), desc(reviews.id)];

function selectPublicReviews(db: Executor, where?: SQL, orderBy: SQL[] = NEWEST_FIRST) {
  return db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      officerId: reviews.officerId,
      text: reviews.text,
      leadership: reviews.leadership,
      tactics: reviews.tactics,
      communication: reviews.communication,
      fairness: reviews.fairness,
      overallRating: reviews.overallRating,
      score: reviews.score,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      officer: { id: officers.id, name: officers.name, rank: officers.rank },
      regiment: { id: regiments.id, name: regiments.name },
      // The author's public identity only: never email or password hash. Beside it the reviewer's
      // signals, read from the user's row: no Steam call and no count per review shown
      // (docs/decisions/0029-reviewer-signals.md). A hidden level is withheld here, in SQL.
      user: {
        username: users.username,
        steamId: users.steamId,
        level: sql<number | null>`case when ${users.hideLevel} then null else ${users.steamLevel} end`.mapWith((v) =>
          v === null ? null : Number(v),
        ),
        totalGames: users.steamTotalGames,
        reviewCount: users.reviewCount,
        memberSince: users.createdAt,
      },
      // When the author's Steam figures were last read: for the background refresh, not the answer.
      signalsRefreshedAt: users.steamRefreshedAt,
    })
    .from(reviews)
    .innerJoin(officers, eq(officers.id, reviews.officerId))
    .innerJoin(regiments, eq(regiments.id, officers.regimentId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(isPublicOfficer, where))
    .orderBy(...orderBy);
}

type ReviewRow = Awaited<ReturnType<typeof selectPublicReviews>>[number];

function toReview({ signalsRefreshedAt: _refreshedAt, ...row }: ReviewRow): Review {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: { ...row.user, memberSince: row.user.memberSince.toISOString() },
  };
}

/** An author shown in a list, for the background refresh of their Steam figures. */
export interface ShownReviewer {
  userId: number;
  steamId: string | null;
  refreshedAt: Date | null;
}

/** Told of the authors of every list read from the database (not of answers served from the cache). */
export type OnReviewersShown = (reviewers: ShownReviewer[]) => void;

function reviewersOf(rows: ReviewRow[]): ShownReviewer[] {
  return rows.map((row) => ({ userId: row.userId, steamId: row.user.steamId, refreshedAt: row.signalsRefreshedAt }));
}

export async function listRecentReviews(db: Executor, onReviewersShown?: OnReviewersShown): Promise<Review[]> {
  const query = prepared(db, 'recent_reviews', (db, name) => selectPublicReviews(db).limit(RECENT_REVIEWS_LIMIT).prepare(name));
  const rows = await query.execute();
  onReviewersShown?.(reviewersOf(rows));
  return rows.map(toReview);
}

/**
 * One page of an officer's reviews, newest first, with the officer's total for infinite scroll.
 * The total is the officer's stored review_count; page p is the positions
 * (n - p*limit, n - (p-1)*limit], one range read of the (officer_id, position) index however deep
 * the page: no OFFSET scan (docs/decisions/0008-review-positions.md). Position order is
 * (created_at, id) order, so the answer is newest first exactly as before.
 */
export async function listOfficerReviews(
  db: Executor,
  officerId: number,
  { page, limit }: PageRequest,
  onReviewersShown?: OnReviewersShown,
): Promise<ReviewPage> {
  const countQuery = prepared(db, 'officer_review_count', (db, name) =>
    db
      .select({ totalCount: officers.reviewCount })
      .from(officers)
      .innerJoin(regiments, eq(regiments.id, officers.regimentId))
      .where(and(eq(officers.id, sql.placeholder('officerId')), isPublicOfficer))
      .prepare(name),
  );
  const [officer] = await countQuery.execute({ officerId });
  if (!officer) throw notFound('Officer');
  const { totalCount } = officer;
  // Numbers, not SQL: page and limit are validated integers, and a page far past the end must not
  // overflow an int4 expression in the database.
  const newest = totalCount - (page - 1) * limit;
  if (newest <= 0) return { reviews: [], totalCount };
  const oldest = Math.max(newest - limit, 0);
  const pageQuery = prepared(db, 'officer_review_page', (db, name) =>
    selectPublicReviews(
      db,
      and(
        eq(reviews.officerId, sql.placeholder('officerId')),
        gt(reviews.position, sql.placeholder('oldest')),
        lte(reviews.position, sql.placeholder('newest')),
      ),
      [desc(reviews.position)],
    )
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
  const rows = await pageQuery.execute({ officerId, oldest, newest, limit });
  onReviewersShown?.(reviewersOf(rows));
  return { reviews: rows.map(toReview), totalCount };
}

export async function getReviewById(db: Executor, reviewId: number): Promise<Review> {
  const [row] = await selectPublicReviews(db, eq(reviews.id, reviewId)).limit(1);
  if (!row) throw notFound('Review');
  return toReview(row);
}

/** The signed-in user's own reviews, newest first (My Reviews). */
export async function listUserReviews(db: Executor, userId: number): Promise<Review[]> {
  const rows = await selectPublicReviews(db, eq(reviews.userId, userId));
  return rows.map(toReview);
}

/** The officers this user has reviewed: the review pages that show their signals. */
export async function officersReviewedBy(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.select({ officerId: reviews.officerId }).from(reviews).where(eq(reviews.userId, userId));
  return rows.map((row) => row.officerId);
}
