/**
 * The moderators' side of review waves (issues 17 and 32; docs/decisions/0031-review-waves.md,
 * 0046-waves-hold-their-signal.md): the list /admin/reviews shows, and the decisions, on the whole
 * wave or on one of its reviews. Release counts a review from now on; remove deletes it as a
 * moderator deletes a review (positions, figures and review counts follow) and keeps its author from
 * reviewing that officer again for WAVE_COOLDOWN_DAYS. A wave closes when none of its reviews is left
 * held. Each decision runs in one transaction with its audit entry and notifications, taking the
 * locks review writes take, in their order (officer, regiment, then users), so a decision and a new
 * review of the officer never interleave.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminReviewWave } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { waveHistogramDays, type WaveDetection } from '#core/review-waves.js';
import { queryRows, type Database, type Executor } from '#server/platform/db/client.js';
import { officers, regiments, reviewReplies, reviews, reviewWaves, users } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { recordAdminAction } from '#server/domain/audit-log.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import { notify } from '#server/domain/notify/notify.js';
import { recomputeReviewPositions, recountUserReviews } from '#server/domain/figures/aggregates.js';
import { listWaveReviews } from './queries.js';
import { refreshFiguresOf } from '#server/domain/figures/review-removal.js';
import { postReviewsToRegimentWebhook } from '#server/domain/notify/regiment-webhook-posts.js';
import { queueFollowerNews } from '#server/domain/notify/follower-news.js';
import { recordModerationAction, type StatedReasons } from '#server/domain/moderation/statements.js';
import { keepReview } from '#server/domain/moderation/removed-content.js';

/** How many decided waves the section lists under the open ones. */
const DECIDED_WAVES_SHOWN = 20;

function selectWaves(db: Executor) {
  return db
    .select({
      id: reviewWaves.id,
      status: reviewWaves.status,
      detections: reviewWaves.detections,
      from: reviewWaves.fromAt,
      to: reviewWaves.toAt,
      createdAt: reviewWaves.createdAt,
      decidedAt: reviewWaves.decidedAt,
      decidedCount: reviewWaves.decidedCount,
      releasedCount: reviewWaves.releasedCount,
      removedCount: reviewWaves.removedCount,
      decidedBy: users.username,
      heldCount: officers.heldCount,
      officer: { id: officers.id, name: officers.name, rank: officers.rank },
      regiment: { id: regiments.id, name: regiments.name },
    })
    .from(reviewWaves)
    .innerJoin(officers, eq(officers.id, reviewWaves.officerId))
    .innerJoin(regiments, eq(regiments.id, officers.regimentId))
    .leftJoin(users, eq(users.id, reviewWaves.decidedBy));
}

type WaveRow = Awaited<ReturnType<typeof selectWaves>>[number];

/** The officer's reviews per UTC day over the histogram's days, counted and held apart. */
async function histogramOf(db: Executor, wave: WaveRow): Promise<AdminReviewWave['histogram']> {
  const days = waveHistogramDays(wave.from, wave.to, new Date());
  const first = days[0]!;
  const last = days.at(-1)!;
  const rows = await queryRows<{ day: string; counted: number; held: number }>(
    db,
    sql`select to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
               (count(*) filter (where not r.held))::int as counted,
               (count(*) filter (where r.held))::int as held
        from reviews r
        where r.officer_id = ${wave.officer.id}
          and r.created_at >= ${first}::date at time zone 'UTC'
          and r.created_at < (${last}::date + 1) at time zone 'UTC'
        group by 1`,
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => ({ day, counted: Number(byDay.get(day)?.counted ?? 0), held: Number(byDay.get(day)?.held ?? 0) }));
}

/** The stored detections, with the names of the rival regiments they point at. */
async function describeDetections(db: Executor, detections: WaveDetection[]): Promise<AdminReviewWave['detections']> {
  const regimentIds = detections.flatMap((d) => (d.rule === 'one-regiment' ? [d.regimentId] : []));
  const names = new Map(
    regimentIds.length === 0
      ? []
      : (await db.select({ id: regiments.id, name: regiments.name }).from(regiments).where(inArray(regiments.id, regimentIds))).map((r) => [
          r.id,
          r.name,
        ]),
  );
  return detections.map((d) => (d.rule === 'one-regiment' ? { ...d, regimentName: names.get(d.regimentId) ?? null } : d));
}

async function toAdminWave(db: Executor, wave: WaveRow): Promise<AdminReviewWave> {
  return {
    id: wave.id,
    status: wave.status as AdminReviewWave['status'],
    officer: wave.officer,
    regiment: wave.regiment,
    detections: await describeDetections(db, wave.detections),
    from: wave.from.toISOString(),
    to: wave.to.toISOString(),
    createdAt: wave.createdAt.toISOString(),
    // One open wave per officer: all of the officer's held reviews are this wave's.
    reviewCount: wave.status === 'open' ? wave.heldCount : (wave.decidedCount ?? 0),
    releasedCount: wave.releasedCount,
    removedCount: wave.removedCount,
    decidedAt: wave.decidedAt?.toISOString() ?? null,
    decidedBy: wave.decidedBy,
    reviews: await listWaveReviews(db, wave.id),
    histogram: await histogramOf(db, wave),
  };
}

/** GET /api/admin/waves: every open wave, oldest first, then the latest decided ones. */
export async function listReviewWaves(db: Executor): Promise<AdminReviewWave[]> {
  const open = await selectWaves(db).where(eq(reviewWaves.status, 'open')).orderBy(asc(reviewWaves.createdAt), asc(reviewWaves.id));
  const decided = await selectWaves(db)
    .where(sql`${reviewWaves.status} <> 'open'`)
    .orderBy(desc(reviewWaves.decidedAt), desc(reviewWaves.id))
    .limit(DECIDED_WAVES_SHOWN);
  const waves: AdminReviewWave[] = [];
  for (const wave of [...open, ...decided]) waves.push(await toAdminWave(db, wave));
  return waves;
}

type Outcome = 'released' | 'removed';
export type WaveStatus = AdminReviewWave['status'];

/** What a decision did: the reviews it decided, and the wave after it. */
export interface WaveDecisionOutcome {
  waveId: number;
  officerId: number;
  reviewCount: number;
  waveStatus: WaveStatus;
}

interface DecisionTarget {
  officerId: number;
  /** The officer as people read it: "Col. Joshua Chamberlain". */
  officerName: string;
}

const displayNameOf = (officer: { rank: string | null; name: string }) => (officer.rank ? `${officer.rank} ${officer.name}` : officer.name);

/**
 * The open wave to decide on, with its officer's row locked first (the lock order of every review
 * write). 404 for an unknown wave; 409 once it has been decided (two moderators at once).
 */
async function openWaveForDecision(tx: Executor, waveId: number): Promise<DecisionTarget> {
  const [target] = await tx
    .select({ officerId: reviewWaves.officerId, name: officers.name, rank: officers.rank })
    .from(reviewWaves)
    .innerJoin(officers, eq(officers.id, reviewWaves.officerId))
    .where(eq(reviewWaves.id, waveId));
  if (!target) throw notFound('Review wave');
  await tx.select({ id: officers.id }).from(officers).where(eq(officers.id, target.officerId)).for('no key update');
  const [wave] = await tx.select({ status: reviewWaves.status }).from(reviewWaves).where(eq(reviewWaves.id, waveId)).for('update');
  if (!wave) throw notFound('Review wave');
  if (wave.status !== 'open') throw new AppError('CONFLICT', MSG.waves.alreadyDecided);
  return { officerId: target.officerId, officerName: displayNameOf(target) };
}

/** A held review of the wave, decided together. */
interface HeldReview {
  id: number;
  /** Null when its author deleted their account and kept it (issue 35). */
  userId: number | null;
  username: string | null;
  holdReasons: string[] | null;
}

/** What a decision needs beside the wave: who decides, why (issue 33), and the settings it applies. */
export interface WaveDecisionSettings {
  actor: SessionUser;
  reasons: StatedReasons;
  cooldownDays: number;
  appealWindowDays: number;
}

/** The facts of a wave removal when the moderator stated none: why the review was held, and the cool-down. */
function waveRemovalFacts(holdReasons: string[] | null, cooldownDays: number): string {
  const why = holdReasons?.length ? ` (${holdReasons.join(', ')})` : '';
  return `The review was held in a review wave by the site's detector${why}, and a moderator removed it. You may review this officer again after ${cooldownDays} days.`;
}

/** The accounts that wrote these reviews, once each; a deleted account's kept review has none. */
function authorsOf(held: HeldReview[]): number[] {
  return [...new Set(held.flatMap((review) => (review.userId === null ? [] : [review.userId])))];
}

async function heldReviewsOf(tx: Executor, waveId: number, reviewId?: number): Promise<HeldReview[]> {
  return tx
    .select({ id: reviews.id, userId: reviews.userId, username: users.username, holdReasons: reviews.holdReasons })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.waveId, waveId), eq(reviews.held, true), reviewId === undefined ? undefined : eq(reviews.id, reviewId)))
    .orderBy(asc(reviews.id))
    .for('update', { of: reviews });
}

/**
 * Releases or removes these held reviews of the wave. Released, they count from now on and reach the
 * regiment's Discord channel as new counted reviews; removed, they go as a moderator's delete, and
 * their authors wait `cooldownDays` before reviewing the officer again. Returns when each cool-down ends.
 */
async function applyOutcome(
  tx: Executor,
  target: DecisionTarget,
  waveId: number,
  held: HeldReview[],
  outcome: Outcome,
  decision: WaveDecisionSettings,
): Promise<Date | null> {
  const { cooldownDays } = decision;
  const ids = held.map((review) => review.id);
  if (outcome === 'released') {
    await tx.update(reviews).set({ held: false }).where(inArray(reviews.id, ids));
    await refreshFiguresOf(tx, target.officerId);
    // At once: the moderator's decision is the settling.
    await postReviewsToRegimentWebhook(tx, ids, 0);
    // Held, they reached no follower; counted now, they do (issue 36), and so do the officer's
    // replies to them, which were queued when written and reached nobody while the review was held.
    const replied = await tx.select({ reviewId: reviewReplies.reviewId }).from(reviewReplies).where(inArray(reviewReplies.reviewId, ids));
    await queueFollowerNews(
      tx,
      ...ids.map((reviewId) => ({ event: 'review' as const, reviewId })),
      ...replied.map(({ reviewId }) => ({ event: 'reply' as const, reviewId })),
    );
    return null;
  }
  // Each author is told why, and the review is kept for the appeal window (issue 33).
  for (const review of held) {
    const action = await recordModerationAction(
      tx,
      decision.actor,
      {
        kind: 'wave_removal',
        userId: review.userId,
        targetType: 'review',
        subject: `your review of ${target.officerName}`,
        targetId: review.id,
        reasons: decision.reasons,
        defaultFacts: waveRemovalFacts(review.holdReasons, cooldownDays),
      },
      decision.appealWindowDays,
    );
    await keepReview(tx, review.id, action.id, action.appealableUntil);
  }
  await tx.delete(reviews).where(inArray(reviews.id, ids));
  // The officer's remaining reviews close ranks (positions 1..n, checked at commit).
  await recomputeReviewPositions(tx, [target.officerId]);
  await refreshFiguresOf(tx, target.officerId);
  const authors = authorsOf(held);
  await recountUserReviews(tx, authors);
  const [cooldown] = await queryRows<{ until: string | Date }>(
    tx,
    sql`insert into review_cooldowns (user_id, officer_id, until, wave_id)
        select author, ${target.officerId}, clock_timestamp() + ${cooldownDays} * interval '1 day', ${waveId}
        from unnest(${`{${authors.join(',')}}`}::int[]) as author
        on conflict (user_id, officer_id) do update set until = greatest(review_cooldowns.until, excluded.until), wave_id = excluded.wave_id
        returning until`,
  );
  return cooldown ? new Date(cooldown.until) : null;
}

/**
 * Counts the decided reviews on the wave, and closes it when none is left held: 'released' or
 * 'removed' when every review went that way, 'mixed' otherwise. Returns the wave's status after.
 */
async function recordOnWave(
  tx: Executor,
  admin: SessionUser,
  waveId: number,
  outcome: Outcome,
  count: number,
): Promise<{ status: WaveStatus; released: number; removed: number }> {
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.waveId, waveId), eq(reviews.held, true)));
  const closes = Number(left?.n ?? 0) === 0;
  const released = outcome === 'released' ? count : 0;
  const removed = outcome === 'removed' ? count : 0;
  const [wave] = await queryRows<{ status: WaveStatus; released: number; removed: number }>(
    tx,
    sql`update review_waves set
          released_count = released_count + ${released},
          removed_count = removed_count + ${removed},
          decided_count = coalesce(decided_count, 0) + ${count},
          status = case when not ${closes} then 'open'
                        when removed_count + ${removed} = 0 then 'released'
                        when released_count + ${released} = 0 then 'removed'
                        else 'mixed' end,
          decided_at = case when ${closes} then clock_timestamp() else decided_at end,
          decided_by = case when ${closes} then ${admin.id}::int else decided_by end
        where id = ${waveId}
        returning status, released_count as released, removed_count as removed`,
  );
  return wave!;
}

async function linkedUsersOf(tx: Executor, officerId: number): Promise<number[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.officerId, officerId));
  return rows.map((row) => row.id);
}

/**
 * Tells each decided review's author what became of it (issue 17; issue 32: that author only, for a
 * review decided on its own), and, when the wave closed, the accounts linked to its officer, in the
 * decision's transaction: a notification each, and a mail through the outbox for those who want it
 * (docs/decisions/0036-notifications-and-outbox.md), so neither can fail the decision.
 */
async function announceDecision(
  tx: Executor,
  target: DecisionTarget,
  outcome: Outcome,
  held: HeldReview[],
  cooldownUntil: Date | null,
  wave: { status: WaveStatus; released: number; removed: number },
): Promise<void> {
  const common = { officerId: target.officerId, officerName: target.officerName };
  for (const userId of authorsOf(held)) {
    await notify(tx, {
      userId,
      kind: 'review_wave_decided',
      data: { ...common, outcome, reviewCount: 1, audience: 'reviewer', ...(cooldownUntil ? { cooldownUntil: cooldownUntil.toISOString() } : {}) },
    });
  }
  if (wave.status === 'open') return;
  for (const userId of await linkedUsersOf(tx, target.officerId)) {
    await notify(tx, {
      userId,
      kind: 'review_wave_decided',
      data: {
        ...common,
        outcome: wave.status,
        reviewCount: wave.released + wave.removed,
        releasedCount: wave.released,
        removedCount: wave.removed,
        audience: 'officer',
      },
    });
  }
}

/**
 * One decision in one transaction: the open wave (its officer locked first), the held reviews it
 * covers (all of them, or the one named), the outcome applied, the wave counted and closed if none
 * is left held, the audit entry and the notifications.
 */
async function decide(
  db: Database,
  decision: WaveDecisionSettings,
  waveId: number,
  outcome: Outcome,
  reviewId?: number,
): Promise<WaveDecisionOutcome> {
  const admin = decision.actor;
  return db.transaction(async (tx) => {
    const target = await openWaveForDecision(tx, waveId);
    const held = await heldReviewsOf(tx, waveId, reviewId);
    if (reviewId !== undefined && held.length === 0) {
      // In the wave but decided already (another moderator), or not one of its reviews at all.
      const [inWave] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.id, reviewId), eq(reviews.waveId, waveId)));
      if (inWave) throw new AppError('CONFLICT', MSG.waves.reviewAlreadyDecided);
      throw notFound('Review');
    }
    const cooldownUntil = held.length === 0 ? null : await applyOutcome(tx, target, waveId, held, outcome, decision);
    const wave = await recordOnWave(tx, admin, waveId, outcome, held.length);
    const verb = outcome === 'released' ? 'Released' : 'Removed';
    const single = reviewId !== undefined;
    await recordAdminAction(tx, admin.id, {
      action: single
        ? `review_wave.review_${outcome === 'released' ? 'release' : 'remove'}`
        : `review_wave.${outcome === 'released' ? 'release' : 'remove'}`,
      targetType: 'review_wave',
      targetId: waveId,
      summary: single
        ? `${verb} the review by ${held[0]!.username ?? 'a deleted account'} of ${target.officerName} held in a review wave`
        : `${verb} the review wave of ${target.officerName} (${held.length} ${held.length === 1 ? 'review' : 'reviews'})`,
    });
    await announceDecision(tx, target, outcome, held, cooldownUntil, wave);
    return { waveId, officerId: target.officerId, reviewCount: held.length, waveStatus: wave.status };
  });
}

/**
 * POST /api/admin/waves/{id}/release or .../remove: every review the wave still holds counts from
 * now on, or is deleted as a moderator deletes a review.
 */
export async function decideReviewWave(db: Database, decision: WaveDecisionSettings, waveId: number, outcome: Outcome): Promise<WaveDecisionOutcome> {
  return decide(db, decision, waveId, outcome);
}

/** POST /api/admin/waves/{id}/reviews/{reviewId}/release or .../remove: one review of the wave (issue 32, item 2). */
export async function decideWaveReview(
  db: Database,
  decision: WaveDecisionSettings,
  waveId: number,
  reviewId: number,
  outcome: Outcome,
): Promise<WaveDecisionOutcome> {
  return decide(db, decision, waveId, outcome, reviewId);
}
