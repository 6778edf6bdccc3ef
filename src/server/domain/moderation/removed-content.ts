/**
 * Removal is reversible for the appeal window (issue 33, item 2; docs/decisions/0049-statements-and-appeals.md).
 * A review or reply removed by staff leaves the live tables, so it is hidden and counts in no figure
 * with no reader changed, and is kept here as it was: the review's row, its versions, votes and
 * reply, and the ids of its flags (which outlive it, review_id null). A reversal puts every row back
 * with its own id, in the reversal's transaction, and recomputes the figures it moved; after the
 * window the housekeeping sweep deletes it for good.
 */
import { and, eq, getTableColumns, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { MSG } from '#core/messages.js';
import { queryRows, type Executor } from '#server/platform/db/client.js';
import { officers, removedContent, reviewFlags, reviewReplies, reviewRevisions, reviews, reviewVotes, users } from '#server/platform/db/schema.js';
import { AppError } from '#server/platform/errors.js';
import { recomputeReviewVotes, recountUserReviews } from '#server/domain/figures/aggregates.js';
import { refreshFiguresOf, removeReview } from '#server/domain/figures/review-removal.js';

type Row = Record<string, unknown>;

interface ReviewSnapshot {
  review: Row;
  revisions: Row[];
  votes: Row[];
  reply: Row | null;
  /** The review's own flags and its reply's, re-linked on a reversal. */
  flagIds: number[];
  replyFlagIds: number[];
}

interface ReplySnapshot {
  reply: Row;
  /** Whether the reviewer had marked the exchange resolved. */
  resolved: boolean;
  flagIds: number[];
}

/** The columns a row is put back with: every stored column but those the database computes. */
function storedColumns(table: PgTable): string[] {
  return Object.values(getTableColumns(table))
    .filter((column) => !column.generated)
    .map((column) => column.name);
}

function columnList(names: string[]): SQL {
  return sql.raw(names.map((name) => `"${name}"`).join(', '));
}

/** Rows as JSON objects of their stored columns (timestamps keep their microseconds). */
async function rowsAsJson(tx: Executor, table: string, where: SQL): Promise<Row[]> {
  const rows = await queryRows<{ row: Row }>(tx, sql`select to_jsonb(t) as row from ${sql.raw(`"${table}"`)} t where ${where}`);
  return rows.map((r) => r.row);
}

/**
 * Puts rows back exactly as they were, from their JSON objects. Only the columns the objects have
 * are written: a column added by a later migration takes its default, as for any row written before it.
 */
async function insertRows(tx: Executor, table: PgTable, tableName: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const kept = new Set(Object.keys(rows[0]!));
  const columns = columnList(storedColumns(table).filter((name) => kept.has(name)));
  await tx.execute(
    sql`insert into ${sql.raw(`"${tableName}"`)} (${columns})
        select ${columns} from jsonb_populate_recordset(null::${sql.raw(`"${tableName}"`)}, ${JSON.stringify(rows)}::jsonb)`,
  );
}

/**
 * Takes a review out of the live tables into the archive of `actionId`, inside the removal's
 * transaction (which holds the officer's row lock, as every review removal does): its pending flags
 * are decided 'upheld', its reply's 'dropped' (what they flagged went with the review).
 */
export async function archiveReview(
  tx: Executor,
  review: { id: number; userId: number | null; officerId: number; position: number },
  actionId: number,
  purgeAfter: Date,
): Promise<void> {
  await keepReview(tx, review.id, actionId, purgeAfter);
  await removeReview(tx, review);
}

/** The archive half of archiveReview, for a caller that removes several reviews in one statement (a wave). */
export async function keepReview(tx: Executor, reviewId: number, actionId: number, purgeAfter: Date, now = new Date()): Promise<void> {
  const review = { id: reviewId };
  const [row] = await rowsAsJson(tx, 'reviews', sql`t.id = ${review.id}`);
  const [reply] = await rowsAsJson(tx, 'review_replies', sql`t.review_id = ${review.id}`);
  const flags = await tx.select({ id: reviewFlags.id, onReply: reviewFlags.onReply }).from(reviewFlags).where(eq(reviewFlags.reviewId, review.id));
  await tx
    .update(reviewFlags)
    .set({ status: sql`case when ${reviewFlags.onReply} then 'dropped' else 'upheld' end`, decidedAt: now })
    .where(and(eq(reviewFlags.reviewId, review.id), eq(reviewFlags.status, 'pending')));
  const snapshot: ReviewSnapshot = {
    review: row!,
    revisions: await rowsAsJson(tx, 'review_revisions', sql`t.review_id = ${review.id}`),
    votes: await rowsAsJson(tx, 'review_votes', sql`t.review_id = ${review.id}`),
    reply: reply ?? null,
    flagIds: flags.filter((flag) => !flag.onReply).map((flag) => flag.id),
    replyFlagIds: flags.filter((flag) => flag.onReply).map((flag) => flag.id),
  };
  await tx.insert(removedContent).values({ actionId, kind: 'review', snapshot: snapshot as unknown as Row, purgeAfter });
}

/** Takes a review's reply out into the archive of `actionId`; its pending flags are decided 'upheld'. */
export async function archiveReply(tx: Executor, reviewId: number, actionId: number, purgeAfter: Date, now = new Date()): Promise<void> {
  const [reply] = await rowsAsJson(tx, 'review_replies', sql`t.review_id = ${reviewId}`);
  if (!reply) return;
  const [review] = await tx.select({ resolved: reviews.resolved }).from(reviews).where(eq(reviews.id, reviewId));
  const flags = await tx
    .update(reviewFlags)
    .set({ status: sql`case when ${reviewFlags.status} = 'pending' then 'upheld' else ${reviewFlags.status} end`, decidedAt: now })
    .where(eq(reviewFlags.replyId, Number(reply.id)))
    .returning({ id: reviewFlags.id });
  const snapshot: ReplySnapshot = { reply, resolved: review?.resolved ?? false, flagIds: flags.map((flag) => flag.id) };
  await tx.insert(removedContent).values({ actionId, kind: 'reply', snapshot: snapshot as unknown as Row, purgeAfter });
  await tx.delete(reviewReplies).where(eq(reviewReplies.id, Number(reply.id)));
  if (review?.resolved) await tx.update(reviews).set({ resolved: false }).where(eq(reviews.id, reviewId));
}

/**
 * Puts back what the removal of `actionId` took out, exactly as it was (a review leaves its wave:
 * it counts from now on). Refused (409) when it cannot go back beside what has changed since: the
 * officer is gone, or the author has written a new review of them; a reply's review is gone or has a
 * new reply. Returns the officer whose figures moved, or null when nothing was kept.
 */
export async function restoreRemovedContent(tx: Executor, actionId: number): Promise<number | null> {
  const [kept] = await tx.select().from(removedContent).where(eq(removedContent.actionId, actionId)).for('update');
  if (!kept) return null;
  const officerId =
    kept.kind === 'review'
      ? await restoreReview(tx, kept.snapshot as unknown as ReviewSnapshot)
      : await restoreReply(tx, kept.snapshot as unknown as ReplySnapshot);
  await tx.delete(removedContent).where(eq(removedContent.actionId, actionId));
  return officerId;
}

async function restoreReview(tx: Executor, snapshot: ReviewSnapshot): Promise<number> {
  const review = snapshot.review;
  const officerId = Number(review.officer_id);
  const userId = Number(review.user_id);
  const [officer] = await tx.select({ id: officers.id }).from(officers).where(eq(officers.id, officerId)).for('no key update');
  const [author] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!officer || !author) throw new AppError('CONFLICT', MSG.moderation.cannotRestoreGone);
  const [newer] = await tx
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.officerId, officerId)));
  if (newer) throw new AppError('CONFLICT', MSG.moderation.cannotRestoreReplaced);

  // Its place among the officer's reviews by (created_at, id), the later ones moving up one.
  const [before] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from reviews
        where officer_id = ${officerId} and (created_at, id) < (${review.created_at}::timestamptz, ${Number(review.id)})`,
  );
  const position = (before?.n ?? 0) + 1;
  await tx
    .update(reviews)
    .set({ position: sql`${reviews.position} + 1` })
    .where(and(eq(reviews.officerId, officerId), sql`${reviews.position} >= ${position}`));
  const waveExists =
    review.wave_id === null ? false : (await queryRows(tx, sql`select 1 from review_waves where id = ${Number(review.wave_id)}`)).length > 0;
  await insertRows(tx, reviews, 'reviews', [{ ...review, position, held: false, wave_id: waveExists ? review.wave_id : null }]);
  await insertRows(tx, reviewRevisions, 'review_revisions', snapshot.revisions);

  // Votes and a reply of accounts deleted since go as they would have gone with the account.
  const voterIds = snapshot.votes.map((vote) => Number(vote.user_id));
  const voters = voterIds.length
    ? new Set((await tx.select({ id: users.id }).from(users).where(inArray(users.id, voterIds))).map((u) => u.id))
    : new Set();
  await insertRows(
    tx,
    reviewVotes,
    'review_votes',
    snapshot.votes.filter((vote) => voters.has(Number(vote.user_id))),
  );
  if (snapshot.reply) await insertRows(tx, reviewReplies, 'review_replies', [await withLiveUser(tx, snapshot.reply)]);
  const reviewId = Number(review.id);
  if (snapshot.flagIds.length) await tx.update(reviewFlags).set({ reviewId }).where(inArray(reviewFlags.id, snapshot.flagIds));
  if (snapshot.replyFlagIds.length) {
    await tx
      .update(reviewFlags)
      .set({ reviewId, replyId: snapshot.reply ? Number(snapshot.reply.id) : null })
      .where(inArray(reviewFlags.id, snapshot.replyFlagIds));
  }
  await recomputeReviewVotes(tx, [reviewId]);
  await refreshFiguresOf(tx, officerId);
  await recountUserReviews(tx, [userId]);
  return officerId;
}

async function restoreReply(tx: Executor, snapshot: ReplySnapshot): Promise<number> {
  const reviewId = Number(snapshot.reply.review_id);
  const [review] = await tx.select({ officerId: reviews.officerId }).from(reviews).where(eq(reviews.id, reviewId)).for('update');
  if (!review) throw new AppError('CONFLICT', MSG.moderation.cannotRestoreGone);
  const [newer] = await tx.select({ id: reviewReplies.id }).from(reviewReplies).where(eq(reviewReplies.reviewId, reviewId));
  if (newer) throw new AppError('CONFLICT', MSG.moderation.cannotRestoreReplaced);
  await insertRows(tx, reviewReplies, 'review_replies', [await withLiveUser(tx, snapshot.reply)]);
  if (snapshot.resolved) await tx.update(reviews).set({ resolved: true }).where(eq(reviews.id, reviewId));
  if (snapshot.flagIds.length) {
    await tx
      .update(reviewFlags)
      .set({ reviewId, replyId: Number(snapshot.reply.id) })
      .where(inArray(reviewFlags.id, snapshot.flagIds));
  }
  return review.officerId;
}

/** A reply whose writer's account was deleted since speaks for the officer still (user_id null, as the schema does). */
async function withLiveUser(tx: Executor, reply: Row): Promise<Row> {
  if (reply.user_id === null) return reply;
  const [writer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, Number(reply.user_id)));
  return writer ? reply : { ...reply, user_id: null };
}

/** Deletes for good what was kept past its appeal window. Returns how many removals were purged. */
export async function purgeRemovedContent(tx: Executor, now = new Date()): Promise<number> {
  const purged = await tx.delete(removedContent).where(lt(removedContent.purgeAfter, now)).returning({ actionId: removedContent.actionId });
  return purged.length;
}
