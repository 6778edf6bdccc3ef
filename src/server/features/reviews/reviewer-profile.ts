/**
 * A reviewer's public profile (issue 36, item 3): who wrote a review, and the reviews they wrote
 * that count. Banned accounts (a ban or a suspension in force) and deleted ones have none.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ReviewerProfile } from '#core/api.js';
import { MSG } from '#core/messages.js';
import type { Executor } from '#server/platform/db/client.js';
import { BatchedRead, keysParam } from '#server/platform/db/batched.js';
import { prepared } from '#server/platform/db/prepared.js';
import { officers, regiments, users } from '#server/platform/db/schema.js';
import { AppError } from '#server/platform/errors.js';
import { reviewerShown } from '#server/domain/identity/reviewer-shown.js';
import type { OnReviewersShown } from '#server/domain/reviewer-signals/shown-reviewers.js';
import { listReviewerReviews } from './queries.js';

function selectReviewer(db: Executor, name: string) {
  return (
    db
      .select({
        id: users.id,
        username: users.username,
        steamId: users.steamId,
        memberSince: users.createdAt,
        // Withheld in SQL, as on the review cards: a hidden level never leaves the database.
        level: sql<number | null>`case when ${users.hideLevel} then null else ${users.steamLevel} end`.mapWith((v) =>
          v === null ? null : Number(v),
        ),
        totalGames: users.steamTotalGames,
        officer: { id: officers.id, name: officers.name, rank: officers.rank },
        regiment: { id: regiments.id, name: regiments.name },
      })
      .from(users)
      // Their officer and its regiment, only while both are public (as the officer lists show them).
      // The conditions written out, not bound: the generic plan knows them (reviews/queries.ts, isPublicOfficer).
      .leftJoin(officers, and(eq(officers.id, users.officerId), sql`${officers.isActive}`))
      .leftJoin(regiments, and(eq(regiments.id, officers.regimentId), sql`${regiments.isActive}`))
      .where(and(sql`${users.id} = any(${keysParam('ids')})`, reviewerShown(sql.placeholder('now'))))
      .prepare(name)
  );
}

type ReviewerRow = Awaited<ReturnType<ReturnType<typeof selectReviewer>['execute']>>[number];

/**
 * The accounts of the profiles asked for in this turn of the event loop, read by one statement
 * (db/batched.ts), as their pages are (listReviewerReviews); one with no profile is not in the map.
 */
const reviewerAccounts = new BatchedRead<number, ReviewerRow>(async (db, ids) => {
  const rows = await prepared(db, 'reviewer_profiles', selectReviewer).execute({ ids, now: new Date().toISOString() });
  return new Map(rows.map((row) => [row.id, row]));
});

/** The profile with one page of its reviews; 404 for an account that is gone or banned. */
export async function getReviewerProfile(
  db: Executor,
  userId: number,
  { page, limit }: { page: number; limit: number },
  onReviewersShown?: OnReviewersShown,
): Promise<ReviewerProfile> {
  // The two reads at once: the page is thrown away if the account has no profile.
  const [row, { reviews, countedTotal }] = await Promise.all([
    reviewerAccounts.load(db, userId),
    listReviewerReviews(db, userId, { page, limit }, onReviewersShown),
  ]);
  if (!row) throw new AppError('NOT_FOUND', MSG.reviewerProfile.notFound);
  const { level, officer, regiment } = row;
  return {
    reviewer: {
      id: row.id,
      username: row.username,
      steamId: row.steamId,
      memberSince: row.memberSince.toISOString(),
      // Absent, not null, when hidden or unknown (core/api.ts).
      ...(level === null ? {} : { level }),
      totalGames: row.totalGames,
      officer: officer && regiment ? { ...officer, regiment } : null,
    },
    reviews,
    totalCount: countedTotal,
    nextPage: page * limit < countedTotal ? page + 1 : null,
  };
}
