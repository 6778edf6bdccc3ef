/**
 * What every removal of a review shares, whoever removes it (its author, a moderator, a wave
 * decision, the link of an account to its own officer): the officer's positions close up and the
 * figures follow, in the caller's transaction (docs/decisions/0002-aggregates.md).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '#server/platform/db/client.js';
import { officers, regiments, reviewFlags, reviews } from '#server/platform/db/schema.js';
import { recomputeOfficerAggregates, recomputeRegimentAggregates, recountUserReviews } from './aggregates.js';

/**
 * Recomputes the figures of the officer and its regiment. The row locks come first, each in a
 * statement of its own: under READ COMMITTED a recompute that had to wait for another writer's lock
 * would otherwise still apply the sums of the snapshot it started with, dropping that writer's
 * review (20 simultaneous reviews of one officer left review_count at 1). Once the lock is held,
 * the recompute's snapshot includes every committed review. Always officer then regiment, so
 * writers never wait on each other in a cycle; NO KEY UPDATE does not conflict with the KEY SHARE
 * lock that inserting a review takes on its officer.
 */
export async function refreshFiguresOf(tx: Executor, officerId: number): Promise<void> {
  const [officer] = await tx.select({ regimentId: officers.regimentId }).from(officers).where(eq(officers.id, officerId)).for('no key update');
  if (!officer) return;
  await tx.select({ id: regiments.id }).from(regiments).where(eq(regiments.id, officer.regimentId)).for('no key update');
  await recomputeOfficerAggregates(tx, [officerId]);
  await recomputeRegimentAggregates(tx, [officer.regimentId]);
}

/**
 * Deletes one review inside the caller's transaction, which holds its officer's row lock: the
 * officer's later reviews move down one place and the figures follow.
 */
export async function removeReview(tx: Executor, review: { id: number; userId: number | null; officerId: number; position: number }): Promise<void> {
  // Flags outlive the review (the transparency report counts them): one still open goes undecided.
  await tx
    .update(reviewFlags)
    .set({ status: 'dropped' })
    .where(and(eq(reviewFlags.reviewId, review.id), eq(reviewFlags.status, 'pending')));
  await tx.delete(reviews).where(eq(reviews.id, review.id));
  // The officer's later reviews move down one place, keeping positions 1..n without a gap. The
  // unique constraint on (officer_id, position) is checked at commit, not row by row.
  await tx
    .update(reviews)
    .set({ position: sql`${reviews.position} - 1` })
    .where(and(eq(reviews.officerId, review.officerId), gt(reviews.position, review.position)));
  await refreshFiguresOf(tx, review.officerId);
  await recountUserReviews(tx, [review.userId]);
}

/**
 * When an account is linked to an officer, its own review of that officer is removed, in the
 * transaction that links them, with the officer's positions and figures (docs/decisions/0016-self-reviews.md).
 * Returns whether there was one. Locks the officer's row first, as every review write does.
 */
export async function removeSelfReview(tx: Executor, userId: number, officerId: number): Promise<boolean> {
  await tx.select({ id: officers.id }).from(officers).where(eq(officers.id, officerId)).for('no key update');
  const [review] = await tx
    .select({ id: reviews.id, userId: reviews.userId, officerId: reviews.officerId, position: reviews.position })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.officerId, officerId)))
    .for('update');
  if (!review) return false;
  await removeReview(tx, review);
  return true;
}
