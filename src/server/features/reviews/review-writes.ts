/**
 * Editing and deleting reviews (a new one: review-create.ts). Each write changes the review and the
 * aggregates it feeds (officer and regiment figures) in one transaction (docs/decisions/0002-aggregates.md).
 */
import { MSG } from '#core/messages.js';
import { and, eq, sql } from 'drizzle-orm';
import { computeOverallRating } from '#core/rating.js';
import { isSameContent } from '#core/review-history.js';
import { canChangeReview, isSuspended, reviewWriterRefusal } from '#core/permissions.js';
import type { WaveThresholds } from '#core/review-waves.js';
import type { ReviewForm } from '#core/schemas/review.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { officers, reviewRevisions, reviews, users } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { recordAdminAction } from '#server/domain/audit-log.js';
import { flagReasonsOf, reviewSubject, type StaffRemoval } from './moderation.js';
import { recordModerationAction } from '#server/domain/moderation/statements.js';
import { archiveReview } from '#server/domain/moderation/removed-content.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import { requireStaffFactor } from '#server/domain/identity/guards.js';
import { refreshFiguresOf, removeReview } from '#server/domain/figures/review-removal.js';
import { contentColumns } from './queries.js';
import { holdReviewWaves } from './waves.js';

/** Spec section 6: writing needs a linked Steam account, and banned users cannot submit reviews. */
export function assertMayWriteReviews(user: SessionUser): void {
  const refusal = reviewWriterRefusal(user);
  if (refusal === 'suspended') throw new AppError('FORBIDDEN', MSG.reviews.banned);
  if (refusal === 'steam-not-linked') throw new AppError('FORBIDDEN', MSG.reviews.steamRequired);
}

/**
 * The Terms forbid reviewing yourself: nobody reviews the officer their account is linked to
 * (issue 13; docs/decisions/0016-self-reviews.md). Read in the write's transaction, not from the
 * session: an admin may have linked the account since the session was read.
 */
async function assertNotOwnOfficer(tx: Executor, userId: number, officerId: number): Promise<void> {
  const [linked] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.officerId, officerId)));
  if (linked) throw new AppError('FORBIDDEN', MSG.reviews.ownOfficer);
}

function scoresOf(form: ReviewForm) {
  return {
    text: form.text,
    leadership: form.leadership,
    tactics: form.tactics,
    communication: form.communication,
    fairness: form.fairness,
    // Computed here, whatever the client sent (spec section 5).
    overallRating: computeOverallRating(form),
  };
}

/** What a new review's write takes from the configuration. */
export interface ReviewWriteSettings {
  waves: WaveThresholds;
  /** WEBHOOK_SETTLE_SECONDS, in ms: how long before the regiment's Discord channel hears of it. */
  webhookSettleMs: number;
}

/**
 * Loads a review for a change; unknown ids get 404, anyone else 403. Only the author may edit (a
 * review is its author's opinion); the author or an admin may delete (spec section 6).
 *
 * Locks the officer's row, then the review's: the order of createReview and of the officer and
 * regiment deletes, so these writers never wait on each other in a cycle. Under the officer lock no
 * review of the officer is added or renumbered, so the position read here stays right until commit.
 */
async function reviewForChange(tx: Executor, user: SessionUser, reviewId: number, change: 'edit' | 'delete') {
  // A review never moves to another officer, so its officer can be read before any lock.
  const [target] = await tx.select({ officerId: reviews.officerId }).from(reviews).where(eq(reviews.id, reviewId));
  if (!target) throw notFound('Review');
  await tx.select({ id: officers.id }).from(officers).where(eq(officers.id, target.officerId)).for('no key update');
  const [review] = await tx
    .select({
      id: reviews.id,
      userId: reviews.userId,
      officerId: reviews.officerId,
      position: reviews.position,
      // What it says, for the edit's history (updateReview).
      ...contentColumns(reviews),
    })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .for('update');
  // Deleted while this request waited for the officer.
  if (!review) throw notFound('Review');
  if (!canChangeReview(user, review, change)) throw new AppError('FORBIDDEN', MSG.reviews.notAuthor);
  // Someone else's review: staff power, which needs a second factor (issue 34, item 4).
  if (review.userId !== user.id) requireStaffFactor(user);
  return review;
}

/** What an edit did: whose figures it moved, and whether it changed the review at all. */
export interface ReviewEdit {
  officerId: number;
  changed: boolean;
}

/**
 * An edit keeps the version it replaces (issue 18, item 2; docs/decisions/0038-review-edit-history.md)
 * in the same transaction, read under the review's row lock, so the history has every version and
 * a failed edit keeps none. An edit that changes neither the text nor a rating is no edit: nothing is
 * written (no version, no new time, no second look by the wave detector).
 */
export async function updateReview(db: Database, user: SessionUser, reviewId: number, form: ReviewForm, waves: WaveThresholds): Promise<ReviewEdit> {
  if (isSuspended(user)) throw new AppError('FORBIDDEN', MSG.reviews.banned);
  return db.transaction(async (tx) => {
    const review = await reviewForChange(tx, user, reviewId, 'edit');
    // A review written before the account was linked to this officer stays deletable, not editable.
    await assertNotOwnOfficer(tx, user.id, review.officerId);
    const next = scoresOf(form);
    if (isSameContent(review, next)) return { officerId: review.officerId, changed: false };
    await keepReplacedVersion(tx, review.id);
    await tx
      .update(reviews)
      .set({
        ...next,
        // Read under the officer's lock, as a new review's time is (the wave detector orders by it).
        updatedAt: sql`clock_timestamp()`,
        editedAt: sql`clock_timestamp()`,
        revisionCount: sql`${reviews.revisionCount} + 1`,
        // An edited review is a new opinion: a moderator's release of the old one no longer covers
        // it. A held one stays in its open wave.
        waveId: sql`case when ${reviews.held} then ${reviews.waveId} else null end`,
        holdReasons: sql`case when ${reviews.held} then ${reviews.holdReasons} else null end`,
      })
      .where(eq(reviews.id, review.id));
    await holdReviewWaves(tx, review.officerId, waves);
    await refreshFiguresOf(tx, review.officerId);
    return { officerId: review.officerId, changed: true };
  });
}

/**
 * Copies the review as it stands into its history, as the next version number, with the time it
 * was written (its last edit, or its creation). One statement inside the database: the row is
 * locked by reviewForChange, so the version number and the copy cannot race another edit.
 */
async function keepReplacedVersion(tx: Executor, reviewId: number): Promise<void> {
  await tx.insert(reviewRevisions).select(
    tx
      .select({
        reviewId: reviews.id,
        version: sql<number>`${reviews.revisionCount} + 1`.as('version'),
        ...contentColumns(reviews),
        writtenAt: sql<Date>`coalesce(${reviews.editedAt}, ${reviews.createdAt})`.as('written_at'),
      })
      .from(reviews)
      .where(eq(reviews.id, reviewId)),
  );
}

export async function deleteReview(db: Database, user: SessionUser, reviewId: number, removal: StaffRemoval): Promise<void> {
  await db.transaction(async (tx) => {
    const review = await reviewForChange(tx, user, reviewId, 'delete');
    if (review.userId === user.id) {
      await removeReview(tx, review);
      return;
    }
    // Someone else's review can only be deleted by staff (reviewForChange): a moderation action,
    // with a statement of reasons to its author, kept for the appeal window (issue 33).
    const action = await recordModerationAction(
      tx,
      user,
      {
        kind: 'review_removal',
        userId: review.userId,
        targetType: 'review',
        subject: await reviewSubject(tx, review.officerId),
        targetId: review.id,
        reasons: removal.reasons,
        defaultFacts: await flagReasonsOf(tx, review.id, 'review'),
      },
      removal.appealWindowDays,
    );
    await archiveReview(tx, review, action.id, action.appealableUntil);
    await recordAdminAction(tx, user.id, {
      action: 'review.delete',
      targetType: 'review',
      targetId: review.id,
      summary: `Deleted review #${review.id} of officer #${review.officerId}`,
    });
  });
}
