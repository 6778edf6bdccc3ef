/**
 * Review waves on the write path (issues 17 and 32; docs/decisions/0031-review-waves.md and
 * 0046-waves-hold-their-signal.md): after every new or edited review, in its transaction and under
 * its officer's row lock, the officer's recent history is read and given to the detector
 * (src/core/review-waves.ts). What it catches is held, with the rules whose signal each review
 * carries: the reviews stay listed, marked `held`, and every figure is recomputed without them
 * (aggregates.ts) until a moderator releases or removes them (wave-decisions.ts).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  canFormWave,
  detectReviewWave,
  sameTextKey,
  waveWindowStart,
  type OfficerHistory,
  type WaveDetection,
  type WaveFinding,
  type WaveThresholds,
  type WindowReview,
} from '#core/review-waves.js';
import { queryRows, type Executor } from '#server/platform/db/client.js';
import { reviews, reviewWaves } from '#server/platform/db/schema.js';

/** A review of the detector's window as read from the database (readOfficerHistory, review-create.ts). */
export interface WindowRow {
  id: number;
  overall: string | number;
  written_at: string | Date;
  author_created_at: string | Date;
  author_linked_at: string | Date | null;
  author_regiment_id: number | null;
  text: string;
}

/**
 * The officer's history as the detector reads it, at the database's clock (the one review times are
 * written with: clock_timestamp() in review-writes.ts): the reviews written within the window that no
 * moderator has decided on (counted, or held in the open wave; a released review is never caught
 * again unless edited), its open wave, and its counted reviews written before the window (count and
 * sum). That last read of all the officer's reviews is made only when a wave could form at all
 * (`canFormWave`); on most writes it cannot.
 */
async function readOfficerHistory(
  tx: Executor,
  officerId: number,
  thresholds: WaveThresholds,
): Promise<{ history: OfficerHistory; now: Date } | null> {
  const [officer] = await queryRows<{
    now: string | Date;
    regiment_id: number;
    open_to: string | Date | null;
    open_detections: WaveDetection[] | null;
  }>(
    tx,
    sql`select clock_timestamp() as now, o.regiment_id, w.to_at as open_to, w.detections as open_detections
        from officers o left join review_waves w on w.officer_id = o.id and w.status = 'open'
        where o.id = ${officerId}`,
  );
  if (!officer) return null;
  const now = new Date(officer.now);
  const start = waveWindowStart(now, thresholds).toISOString();
  const window = await queryRows<WindowRow>(
    tx,
    sql`
    select r.id, r.overall_rating as overall, r.updated_at as written_at, r.text,
           u.created_at as author_created_at, u.steam_linked_at as author_linked_at, lo.regiment_id as author_regiment_id
    from reviews r
    join users u on u.id = r.user_id
    left join officers lo on lo.id = u.officer_id
    where r.officer_id = ${officerId} and r.updated_at > ${start}::timestamptz and (r.wave_id is null or r.held)`,
  );
  const openWave = officer.open_to === null ? null : { latestAt: new Date(officer.open_to), detections: officer.open_detections ?? [] };
  const reviews = window.map(windowReviewOf);
  const before = await countedBeforeWindow(tx, officerId, now, reviews.length, openWave !== null, thresholds);
  return { history: { regimentId: officer.regiment_id, before, window: reviews, openWave }, now };
}

/**
 * The detector's window as a write statement reads it with its own write (review-create.ts,
 * review-edit.ts): the officer's reviews no moderator has decided on, written within the window
 * (a second more: the detector's clock is the written review's time, and windowReviewOf's caller
 * filters by it), but for `exceptId`, the review being written, which the statement still sees as
 * it was. WindowRow's columns.
 */
export function windowRowsQuery(officerId: SQL, windowMs: SQL, exceptId: SQL): SQL {
  return sql`
    select r.id, r.overall_rating as overall, r.updated_at as written_at, r.text,
           u.created_at as author_created_at, u.steam_linked_at as author_linked_at, lo.regiment_id as author_regiment_id
    from reviews r
    join users u on u.id = r.user_id
    left join officers lo on lo.id = u.officer_id
    where r.officer_id = ${officerId} and (r.wave_id is null or r.held) and r.id <> ${exceptId}
      and r.updated_at > clock_timestamp() - (${windowMs}::bigint + 1000) * interval '1 millisecond'`;
}

/** The officer's open wave, as a write statement returns it beside its window (OpenWaveRow). */
export function openWaveQuery(officerId: SQL): SQL {
  return sql`(select json_build_object('toAt', w.to_at, 'detections', w.detections) from review_waves w
    where w.officer_id = ${officerId} and w.status = 'open')`;
}

export interface OpenWaveRow {
  toAt: string;
  detections: WaveDetection[];
}

/** What a write's wave check held: the reviews, and their authors (whose profiles show them: cacheTags.reviewers). */
export interface HeldByWave {
  reviewIds: number[];
  authorIds: number[];
}

/**
 * The history the detector reads after a write whose statement returned the window and the open
 * wave: `written` (the review just written, which that statement could not see as written) added,
 * the window cut at the detector's own clock (`now`, the written review's time), and the counted
 * reviews before it read if a wave could form. Then what it finds is held (holdFinding); returns
 * what it held, or null.
 */
export async function detectAfterWrite(
  tx: Executor,
  officer: { id: number; regimentId: number },
  rows: WindowRow[],
  openWaveRow: OpenWaveRow | null,
  written: WindowReview,
  thresholds: WaveThresholds,
): Promise<HeldByWave | null> {
  const now = written.writtenAt;
  const start = waveWindowStart(now, thresholds).getTime();
  const window = [...rows.map(windowReviewOf).filter((review) => review.writtenAt.getTime() > start), written];
  const openWave = openWaveRow && { latestAt: new Date(openWaveRow.toAt), detections: openWaveRow.detections };
  const before = await countedBeforeWindow(tx, officer.id, now, window.length, openWave !== null, thresholds);
  const history: OfficerHistory = { regimentId: officer.regimentId, before, window, openWave };
  const finding = detectReviewWave(history, now, thresholds);
  if (!finding) return null;
  return { reviewIds: finding.reviewIds, authorIds: await holdFinding(tx, officer.id, history, finding, now) };
}

export function windowReviewOf(row: WindowRow): WindowReview {
  return {
    id: row.id,
    overallRating: Number(row.overall),
    writtenAt: new Date(row.written_at),
    authorCreatedAt: new Date(row.author_created_at),
    authorSteamLinkedAt: row.author_linked_at === null ? null : new Date(row.author_linked_at),
    authorRegimentId: row.author_regiment_id,
    textKey: sameTextKey(row.text),
  };
}

/**
 * The officer's counted reviews written before the window (count and sum of their overall ratings),
 * read only when a wave could form at all (`canFormWave`): on most writes it cannot, and this reads
 * every review of the officer.
 */
export async function countedBeforeWindow(
  tx: Executor,
  officerId: number,
  now: Date,
  windowSize: number,
  hasOpenWave: boolean,
  thresholds: WaveThresholds,
): Promise<OfficerHistory['before']> {
  if (!canFormWave(windowSize, hasOpenWave, thresholds)) return { count: 0, overallSum: 0 };
  const start = waveWindowStart(now, thresholds).toISOString();
  const [sums] = await queryRows<{ n: number; total: string | number | null }>(
    tx,
    sql`select count(*)::int as n, sum(r.overall_rating) as total from reviews r
        where r.officer_id = ${officerId} and not r.held and r.updated_at <= ${start}::timestamptz`,
  );
  return { count: sums?.n ?? 0, overallSum: Number(sums?.total ?? 0) };
}

/** A rule that fires again while its wave is open replaces its earlier figures: one line per rule (and rival regiment, text, side of the mean). */
function mergeDetections(kept: WaveDetection[], fired: WaveDetection[]): WaveDetection[] {
  const keyOf = (d: WaveDetection) => {
    switch (d.rule) {
      case 'one-regiment':
        return `${d.rule}:${d.regimentId}`;
      case 'same-text':
        return `${d.rule}:${d.textKey}`;
      case 'divergence':
        return `${d.rule}:${d.windowMean < d.priorMean ? 'below' : 'above'}`;
      default:
        return d.rule;
    }
  };
  const merged = new Map(kept.map((d) => [keyOf(d), d]));
  for (const d of fired) merged.set(keyOf(d), d);
  return [...merged.values()];
}

/**
 * Runs the detector for this officer after a review write, inside the write's transaction (which
 * holds the officer's row lock, so two writes never decide on one officer at once). Holds what it
 * finds in the officer's open wave, opening one if needed. The caller recomputes the figures after.
 */
export async function holdReviewWaves(tx: Executor, officerId: number, thresholds: WaveThresholds): Promise<void> {
  const read = await readOfficerHistory(tx, officerId, thresholds);
  if (!read) return;
  const { history, now } = read;
  const finding = detectReviewWave(history, now, thresholds);
  if (finding) await holdFinding(tx, officerId, history, finding, now);
}

/**
 * Holds what the detector found in the officer's open wave, opening one if needed, and returns the
 * held reviews' authors. The caller holds the officer's row lock and recomputes the figures after.
 */
export async function holdFinding(tx: Executor, officerId: number, history: OfficerHistory, finding: WaveFinding, now: Date): Promise<number[]> {
  const held = history.window.filter((review) => finding.reviewIds.includes(review.id));
  const times = held.map((review) => review.writtenAt.getTime());
  const from = new Date(Math.min(...times));
  const to = new Date(Math.max(...times));
  const detections = finding.fired.map((figures) => ({ ...figures, at: now.toISOString() }));
  const [open] = await tx
    .select({ id: reviewWaves.id, detections: reviewWaves.detections })
    .from(reviewWaves)
    .where(and(eq(reviewWaves.officerId, officerId), eq(reviewWaves.status, 'open')));
  let waveId: number;
  if (open) {
    waveId = open.id;
    // A wave only grows: its span, and its rules with their latest figures.
    await tx
      .update(reviewWaves)
      .set({
        fromAt: sql`least(${reviewWaves.fromAt}, ${from.toISOString()}::timestamptz)`,
        toAt: sql`greatest(${reviewWaves.toAt}, ${to.toISOString()}::timestamptz)`,
        detections: mergeDetections(open.detections, detections),
      })
      .where(eq(reviewWaves.id, waveId));
  } else {
    const [created] = await tx.insert(reviewWaves).values({ officerId, detections, fromAt: from, toAt: to }).returning({ id: reviewWaves.id });
    waveId = created!.id;
  }
  // One update per set of reasons (a wave has a few); a review already held keeps its earlier
  // reasons beside the new ones, in the rules' order (which is also alphabetical).
  const byReasons = new Map<string, number[]>();
  for (const review of finding.held) byReasons.set(review.reasons.join(','), [...(byReasons.get(review.reasons.join(',')) ?? []), review.id]);
  const authorIds = new Set<number>();
  for (const [reasons, ids] of byReasons) {
    const held = await tx
      .update(reviews)
      .set({
        held: true,
        waveId,
        holdReasons: sql`array(select distinct unnest(coalesce(${reviews.holdReasons}, '{}') || string_to_array(${reasons}, ',')) order by 1)`,
      })
      .where(inArray(reviews.id, ids))
      .returning({ userId: reviews.userId });
    for (const { userId } of held) if (userId !== null) authorIds.add(userId);
  }
  return [...authorIds];
}
