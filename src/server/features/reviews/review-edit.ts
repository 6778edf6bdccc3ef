/**
 * An edit of one's own review (spec section 6), as a new review is written (review-create.ts,
 * docs/decisions/0056): BEGIN, the officer's row lock with the author's facts, the review locked and
 * read, one statement that writes everything, COMMIT; the route reads the answer after. The edit
 * keeps the version it replaces in the same statement (issue 18, item 2; decision 0038), read under
 * the review's row lock, so the history has every version and a failed edit keeps none. An edit that
 * changes neither the text nor a rating is no edit: nothing is written (no version, no new time, no
 * second look by the wave detector). An edit that changes only the answer to "Would you serve under
 * this officer again?" (issue 36, item 4) writes the answer and moves its counts, and is no new
 * version either: the history and the detector are of the text and ratings.
 */
import { sql } from 'drizzle-orm';
import { MSG } from '#core/messages.js';
import { canChangeReview, isSuspended } from '#core/permissions.js';
import { computeOverallRating } from '#core/rating.js';
import { isSameContent } from '#core/review-history.js';
import { sameTextKey, type WaveThresholds } from '#core/review-waves.js';
import type { ReviewForm } from '#core/schemas/review.js';
import type { Database } from '#server/platform/db/client.js';
import { runPrepared } from '#server/platform/db/prepared.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { cacheTags, type CacheTag } from '#server/platform/read-cache/tags.js';
import { figureChange, officerFiguresMove, regimentFiguresMove } from '#server/domain/figures/moves.js';
import { refreshFiguresOf } from '#server/domain/figures/review-removal.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import { detectAfterWrite, openWaveQuery, windowRowsQuery, type OpenWaveRow, type WindowRow } from './waves.js';

const p = (name: string) => sql.placeholder(name);

interface LockRow {
  id: number;
  regiment_id: number;
  /** Whether the regiment's figures count the officer's reviews: those of its active officers only. */
  in_regiment: boolean;
  author: { officerId: number | null; createdAt: string; steamLinkedAt: string | null; regimentId: number | null };
}

/**
 * The officer's row lock (the order of every review write: officer, then review), its officer read
 * from the review first (a review never moves to another officer), and the author's facts: their
 * own officer (for the self-review rule), and what the wave detector weighs.
 */
function lockStatement() {
  return sql`
    select o.id, o.regiment_id, o.is_active as in_regiment,
      (select json_build_object('officerId', u.officer_id, 'createdAt', u.created_at, 'steamLinkedAt', u.steam_linked_at,
          'regimentId', (select lo.regiment_id from officers lo where lo.id = u.officer_id))
        from users u where u.id = ${p('userId')}) as author
    from officers o
    where o.id = (select r.officer_id from reviews r where r.id = ${p('reviewId')})
    for no key update of o`;
}

interface ReviewRow {
  user_id: number | null;
  held: boolean;
  text: string;
  leadership: number;
  tactics: number;
  communication: number;
  fairness: number;
  overall_rating: string | number;
  would_serve_again: boolean | null;
}

/** The review under its row lock, after the officer's: what it says now. */
function reviewStatement() {
  return sql`
    select user_id, held, text, leadership::float8 as leadership, tactics::float8 as tactics,
      communication::float8 as communication, fairness::float8 as fairness, overall_rating, would_serve_again
    from reviews where id = ${p('reviewId')} for update`;
}

interface WriteRow {
  updated_at: string | Date;
  recent: WindowRow[];
  open_wave: OpenWaveRow | null;
}

/**
 * The edit in one statement: the version it replaces kept (the number after the last, with the time
 * it was written), the review rewritten (an edited review is a new opinion: a moderator's release
 * of the old one no longer covers it, and a held one stays in its open wave), the officer's and its
 * regiment's figures moved by the change when the review counts in them, and the detector's window
 * and open wave. When only the verdict changed (contentChanged false), no version is kept and the
 * review is not marked edited: its text and ratings are as they were.
 */
function writeStatement() {
  const reviewId = sql`${p('reviewId')}::int`;
  const officerId = sql`${p('officerId')}::int`;
  const contentChanged = sql`${p('contentChanged')}::boolean`;
  return sql`
    with kept as (
      insert into review_revisions (review_id, version, text, leadership, tactics, communication, fairness, overall_rating, written_at)
      select id, revision_count + 1, text, leadership, tactics, communication, fairness, overall_rating, coalesce(edited_at, created_at)
      from reviews where id = ${reviewId} and ${contentChanged}
    ),
    edited as (
      update reviews set text = ${p('text')}, leadership = ${p('leadership')}, tactics = ${p('tactics')},
        communication = ${p('communication')}, fairness = ${p('fairness')}, overall_rating = ${p('overallRating')},
        would_serve_again = ${p('wouldServeAgain')}::boolean, updated_at = clock_timestamp(),
        edited_at = case when ${contentChanged} then clock_timestamp() else edited_at end,
        revision_count = revision_count + case when ${contentChanged} then 1 else 0 end,
        wave_id = case when held or not ${contentChanged} then wave_id else null end,
        hold_reasons = case when held or not ${contentChanged} then hold_reasons else null end
      where id = ${reviewId}
      returning updated_at
    ),
    officer_moved as (update officers set ${officerFiguresMove()} where id = ${officerId} and ${p('counted')}::boolean),
    regiment_moved as (
      update regiments set ${regimentFiguresMove()} where id = ${p('regimentId')} and ${p('counted')}::boolean and ${p('inRegiment')}::boolean
    ),
    recent as (${windowRowsQuery(officerId, sql`${p('windowMs')}`, reviewId)})
    select (select updated_at from edited) as updated_at,
      (select coalesce(json_agg(recent), '[]'::json) from recent) as recent,
      ${openWaveQuery(officerId)} as open_wave`;
}

/** What an edit forgot: 'none' when it changed nothing. */
export interface ReviewEdit {
  invalidation: CacheTag[] | 'none';
}

export async function updateReview(db: Database, user: SessionUser, reviewId: number, form: ReviewForm, waves: WaveThresholds): Promise<ReviewEdit> {
  if (isSuspended(user)) throw new AppError('FORBIDDEN', MSG.reviews.banned);
  // Computed here, whatever the client sent (spec section 5).
  const overallRating = computeOverallRating(form);
  return db.transaction(async (tx) => {
    const [officer] = await runPrepared<LockRow>(tx, 'review_edit_lock', lockStatement, { reviewId, userId: user.id });
    if (!officer) throw notFound('Review');
    const [review] = await runPrepared<ReviewRow>(tx, 'review_edit_read', reviewStatement, { reviewId });
    // Deleted while this request waited for the officer.
    if (!review) throw notFound('Review');
    if (!canChangeReview(user, { userId: review.user_id }, 'edit')) throw new AppError('FORBIDDEN', MSG.reviews.notAuthor);
    // A review written before the account was linked to this officer stays deletable, not editable (0016).
    if (officer.author.officerId === officer.id) throw new AppError('FORBIDDEN', MSG.reviews.ownOfficer);
    const previous = { ...review, overallRating: Number(review.overall_rating), wouldServeAgain: review.would_serve_again };
    // An edit without an answer keeps the one the review has; null clears it (issue 36, item 4).
    const next = { ...form, overallRating, wouldServeAgain: form.wouldServeAgain === undefined ? previous.wouldServeAgain : form.wouldServeAgain };
    const contentChanged = !isSameContent(previous, next);
    if (!contentChanged && previous.wouldServeAgain === next.wouldServeAgain) return { invalidation: 'none' };

    // The edit shows on the officer's pages and on the author's profile.
    const invalidation = [
      ...cacheTags.reviewOf(officer.id),
      cacheTags.reviewer(user.id),
      ...(contentChanged ? [cacheTags.reviewHistory(reviewId)] : []),
    ];
    // A held review counts in no figure, before the edit or after (it stays held).
    const [written] = await runPrepared<WriteRow>(tx, 'review_edit_write', writeStatement, {
      reviewId,
      officerId: officer.id,
      regimentId: officer.regiment_id,
      text: next.text,
      leadership: next.leadership,
      tactics: next.tactics,
      communication: next.communication,
      fairness: next.fairness,
      overallRating: next.overallRating,
      wouldServeAgain: next.wouldServeAgain,
      contentChanged,
      counted: !review.held,
      inRegiment: officer.in_regiment,
      ...figureChange({ added: [next], removed: [previous] }),
      windowMs: waves.windowHours * 3_600_000,
    });
    // The detector weighs text and ratings: a verdict alone gives it nothing new to look at.
    if (!contentChanged) return { invalidation };
    const edited = {
      id: reviewId,
      overallRating: next.overallRating,
      writtenAt: new Date(written!.updated_at),
      authorCreatedAt: new Date(officer.author.createdAt),
      authorSteamLinkedAt: officer.author.steamLinkedAt === null ? null : new Date(officer.author.steamLinkedAt),
      authorRegimentId: officer.author.regimentId,
      textKey: sameTextKey(next.text),
    };
    const reviewed = { id: officer.id, regimentId: officer.regiment_id };
    // A wave held reviews (rare): the figures are recomputed without them, as a moderator's decision
    // does, and the held reviews leave their authors' profiles.
    const wave = await detectAfterWrite(tx, reviewed, written!.recent, written!.open_wave, edited, waves);
    if (!wave) return { invalidation };
    await refreshFiguresOf(tx, officer.id);
    return { invalidation: [...invalidation, ...cacheTags.reviewers(wave.authorIds)] };
  });
}
