/**
 * The moderators' side of review waves (issue 17; docs/decisions/0031-review-waves.md): the list
 * /admin/reviews shows, and the two decisions. Release counts the wave's reviews from now on; remove
 * deletes them as a moderator deletes a review (positions, figures and review counts follow). Each
 * runs in one transaction with its audit entry, taking the locks review writes take, in their order
 * (officer, regiment, then users), so a decision and a new review of the officer never interleave.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminReviewWave } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { waveHistogramDays, type WaveDetection } from '#core/review-waves.js';
import { queryRows, type Database, type Executor } from '#server/platform/db/client.js';
import { officers, regiments, reviews, reviewWaves, users } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { recordAdminAction } from '#server/domain/audit-log.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import { notify } from '#server/domain/notify/notify.js';
import { recomputeReviewPositions, recountUserReviews } from '#server/domain/figures/aggregates.js';
import { listWaveReviews } from './queries.js';
import { refreshFiguresOf } from '#server/domain/figures/review-removal.js';
import { postReviewsToRegimentWebhook } from '#server/domain/notify/regiment-webhook-posts.js';

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

/** Who learns of a decision: the wave's reviewers and the accounts linked to its officer. */
export interface WaveDecisionOutcome {
  waveId: number;
  officerId: number;
  reviewCount: number;
  reviewerIds: number[];
  officerUserIds: number[];
}

/**
 * The open wave to decide on, with its officer's row locked first (the lock order of every review
 * write). 404 for an unknown wave; 409 once it has been decided (two moderators at once).
 */
async function openWaveForDecision(tx: Executor, waveId: number): Promise<{ officerId: number; officerName: string }> {
  const [target] = await tx
    .select({ officerId: reviewWaves.officerId, officerName: officers.name })
    .from(reviewWaves)
    .innerJoin(officers, eq(officers.id, reviewWaves.officerId))
    .where(eq(reviewWaves.id, waveId));
  if (!target) throw notFound('Review wave');
  await tx.select({ id: officers.id }).from(officers).where(eq(officers.id, target.officerId)).for('no key update');
  const [wave] = await tx.select({ status: reviewWaves.status }).from(reviewWaves).where(eq(reviewWaves.id, waveId)).for('update');
  if (!wave) throw notFound('Review wave');
  if (wave.status !== 'open') throw new AppError('CONFLICT', MSG.waves.alreadyDecided);
  return target;
}

async function linkedUsersOf(tx: Executor, officerId: number): Promise<number[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.officerId, officerId));
  return rows.map((row) => row.id);
}

/**
 * Tells the wave's reviewers and the officer's linked accounts what became of it (issue 17), in the
 * decision's transaction: a notification each, and a mail through the outbox for those who want it
 * (docs/decisions/0036-notifications-and-outbox.md), so neither can fail the decision.
 */
async function announceWaveDecision(
  tx: Executor,
  target: { officerId: number; officerName: string },
  outcome: 'released' | 'removed',
  reviewerIds: number[],
): Promise<number[]> {
  const officerUserIds = await linkedUsersOf(tx, target.officerId);
  const common = { officerId: target.officerId, officerName: target.officerName, outcome, reviewCount: reviewerIds.length };
  for (const userId of new Set(reviewerIds)) await notify(tx, { userId, kind: 'review_wave_decided', data: { ...common, audience: 'reviewer' } });
  for (const userId of officerUserIds) await notify(tx, { userId, kind: 'review_wave_decided', data: { ...common, audience: 'officer' } });
  return officerUserIds;
}

/**
 * One decision in one transaction: the open wave (its officer locked first), what `apply` does to its
 * held reviews (returning their authors), the wave closed, the audit entry and the notifications.
 */
async function decideWave(
  db: Database,
  admin: SessionUser,
  waveId: number,
  outcome: 'released' | 'removed',
  apply: (tx: Executor, officerId: number) => Promise<number[]>,
): Promise<WaveDecisionOutcome> {
  return db.transaction(async (tx) => {
    const target = await openWaveForDecision(tx, waveId);
    const { officerId } = target;
    const reviewerIds = await apply(tx, officerId);
    await tx
      .update(reviewWaves)
      .set({ status: outcome, decidedAt: sql`clock_timestamp()`, decidedBy: admin.id, decidedCount: reviewerIds.length })
      .where(eq(reviewWaves.id, waveId));
    const released = outcome === 'released';
    await recordAdminAction(tx, admin.id, {
      action: released ? 'review_wave.release' : 'review_wave.remove',
      targetType: 'review_wave',
      targetId: waveId,
      summary: `${released ? 'Released' : 'Removed'} review wave #${waveId} of officer #${officerId} (${reviewerIds.length} reviews)`,
    });
    const officerUserIds = await announceWaveDecision(tx, target, outcome, reviewerIds);
    return { waveId, officerId, reviewCount: reviewerIds.length, reviewerIds, officerUserIds };
  });
}

/** POST /api/admin/waves/{id}/release: the wave's reviews count from now on. */
export async function releaseReviewWave(db: Database, admin: SessionUser, waveId: number): Promise<WaveDecisionOutcome> {
  return decideWave(db, admin, waveId, 'released', async (tx, officerId) => {
    const released = await tx
      .update(reviews)
      .set({ held: false })
      .where(and(eq(reviews.waveId, waveId), eq(reviews.held, true)))
      .returning({ id: reviews.id, userId: reviews.userId });
    await refreshFiguresOf(tx, officerId);
    // They count from now on: new counted reviews for the regiment's Discord channel, as any other.
    await postReviewsToRegimentWebhook(
      tx,
      released.map((r) => r.id),
    );
    return released.map((r) => r.userId);
  });
}

/** POST /api/admin/waves/{id}/remove: the wave's held reviews are deleted, as a moderator deletes a review. */
export async function removeReviewWave(db: Database, admin: SessionUser, waveId: number): Promise<WaveDecisionOutcome> {
  return decideWave(db, admin, waveId, 'removed', async (tx, officerId) => {
    const removed = await tx
      .delete(reviews)
      .where(and(eq(reviews.waveId, waveId), eq(reviews.held, true)))
      .returning({ userId: reviews.userId });
    // The officer's remaining reviews close ranks (positions 1..n, checked at commit).
    await recomputeReviewPositions(tx, [officerId]);
    await refreshFiguresOf(tx, officerId);
    const reviewerIds = removed.map((r) => r.userId);
    await recountUserReviews(tx, reviewerIds);
    return reviewerIds;
  });
}
