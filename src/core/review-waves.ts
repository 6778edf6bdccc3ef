/**
 * Review waves (issue 17; docs/decisions/0031-review-waves.md): a burst of reviews of one officer that
 * looks like a pile-on is held out of the figures until a moderator releases or removes it. This is
 * the detector, a pure function of the officer's review history at one moment, so the rules can be
 * read, tested on generated histories and explained to the people they touch.
 *
 * The window is the last `windowHours` up to the moment of a review write. A wave is a set of the
 * window's reviews that meets any of three rules:
 * - divergence: at least `minReviews` reviews in the window whose mean overall differs from the
 *   officer's mean before the window (its counted reviews written earlier) by `minDifference` stars
 *   or more. The set is the whole window: the burst is judged as one, as Steam's review bombs are.
 * - fresh accounts: at least `minReviews` reviews in the window whose authors' accounts were created,
 *   or linked to Steam, less than `freshDays` before the review. The set is those reviews.
 * - one regiment: at least `minReviews` reviews in the window by officers of one and the same
 *   regiment, other than the reviewed officer's own. The set is those reviews.
 * While a wave is open, every later review of the officer written within the window after the wave's
 * latest review joins it.
 */

export interface WaveThresholds {
  /** The sliding window, in hours (default 24). */
  windowHours: number;
  /** K: the least number of reviews that makes a wave (default 5). */
  minReviews: number;
  /** D: the least difference in stars between the window's mean and the mean before it (default 1.5). */
  minDifference: number;
  /** An account created or Steam-linked less than this many days before its review is fresh (default 7). */
  freshDays: number;
}

export const DEFAULT_WAVE_THRESHOLDS: WaveThresholds = { windowHours: 24, minReviews: 5, minDifference: 1.5, freshDays: 7 };

export type WaveRule = 'divergence' | 'fresh-accounts' | 'one-regiment';

/** One review of the window, as the detector needs it. */
export interface WindowReview {
  id: number;
  overallRating: number;
  /** When the review was written or last edited: what places it in the window. */
  writtenAt: Date;
  /** When its author's account was created, and linked to Steam (null: unknown or never). */
  authorCreatedAt: Date;
  authorSteamLinkedAt: Date | null;
  /** The regiment of the officer the author's account is linked to, if any. */
  authorRegimentId: number | null;
}

/** The figures behind a rule that fired, kept with the wave and shown to the moderator. */
export type WaveFigures = { reviews: number; windowHours: number } & (
  | { rule: 'divergence'; windowMean: number; priorMean: number; priorReviews: number; difference: number }
  | { rule: 'fresh-accounts'; freshDays: number }
  | { rule: 'one-regiment'; regimentId: number }
);

export interface OfficerHistory {
  /** The reviewed officer's regiment: its own members reviewing it are not a rival regiment. */
  regimentId: number;
  /** The officer's counted reviews written before the window: how many, and the sum of their overall ratings. */
  before: { count: number; overallSum: number };
  /** The reviews written within the window that no moderator has decided on yet (held or counted). */
  window: WindowReview[];
  /** The officer's open wave, if one is being checked: its latest review's time. */
  openWave: { latestAt: Date } | null;
}

export interface WaveFinding {
  /** The reviews to hold: every one of the window that a rule caught, or that joins the open wave. */
  reviewIds: number[];
  /** The rules that fired now, with their figures (empty when reviews only join the open wave). */
  fired: WaveFigures[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Ratings and means are shown and stored to two decimals. */
function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The start of the window that ends at `now`: reviews written after it are in the window. */
export function waveWindowStart(now: Date, thresholds: WaveThresholds): Date {
  return new Date(now.getTime() - thresholds.windowHours * HOUR_MS);
}

function divergence(history: OfficerHistory, t: WaveThresholds): { figures: WaveFigures; ids: number[] } | null {
  const { window, before } = history;
  if (window.length < t.minReviews || before.count === 0) return null;
  const windowMean = window.reduce((sum, r) => sum + r.overallRating, 0) / window.length;
  const priorMean = before.overallSum / before.count;
  // Compared at the precision the figures are shown in, so a moderator's arithmetic agrees.
  const difference = round2(Math.abs(windowMean - priorMean));
  if (difference < t.minDifference) return null;
  return {
    figures: {
      rule: 'divergence',
      reviews: window.length,
      windowHours: t.windowHours,
      windowMean: round2(windowMean),
      priorMean: round2(priorMean),
      priorReviews: before.count,
      difference,
    },
    ids: window.map((r) => r.id),
  };
}

/** Whether the author's account was created or linked to Steam less than `freshDays` before the review. */
export function isFreshAccount(review: WindowReview, freshDays: number): boolean {
  const since = review.writtenAt.getTime() - freshDays * DAY_MS;
  return review.authorCreatedAt.getTime() > since || (review.authorSteamLinkedAt !== null && review.authorSteamLinkedAt.getTime() > since);
}

function freshAccounts(history: OfficerHistory, t: WaveThresholds): { figures: WaveFigures; ids: number[] } | null {
  const fresh = history.window.filter((r) => isFreshAccount(r, t.freshDays));
  if (fresh.length < t.minReviews) return null;
  return {
    figures: { rule: 'fresh-accounts', reviews: fresh.length, windowHours: t.windowHours, freshDays: t.freshDays },
    ids: fresh.map((r) => r.id),
  };
}

function oneRegiment(history: OfficerHistory, t: WaveThresholds): { figures: WaveFigures; ids: number[] }[] {
  const byRegiment = new Map<number, number[]>();
  for (const review of history.window) {
    const regimentId = review.authorRegimentId;
    if (regimentId === null || regimentId === history.regimentId) continue;
    byRegiment.set(regimentId, [...(byRegiment.get(regimentId) ?? []), review.id]);
  }
  return [...byRegiment]
    .filter(([, ids]) => ids.length >= t.minReviews)
    .map(([regimentId, ids]) => ({ figures: { rule: 'one-regiment', reviews: ids.length, windowHours: t.windowHours, regimentId }, ids }));
}

/**
 * Whether the detector could find anything in a window of this many undecided reviews: every rule
 * needs `minReviews` of them, and only an open wave takes in fewer. When it cannot, the mean before
 * the window (a read of all the officer's reviews) is not needed.
 */
export function canFormWave(windowSize: number, hasOpenWave: boolean, thresholds: WaveThresholds): boolean {
  return hasOpenWave || windowSize >= thresholds.minReviews;
}

/**
 * What the officer's history at `now` holds: the reviews to hold and the rules that fired, or null
 * when nothing is unusual and no open wave is still taking reviews.
 */
export function detectReviewWave(history: OfficerHistory, now: Date, thresholds: WaveThresholds = DEFAULT_WAVE_THRESHOLDS): WaveFinding | null {
  if (!canFormWave(history.window.length, history.openWave !== null, thresholds)) return null;
  const found = [divergence(history, thresholds), freshAccounts(history, thresholds), ...oneRegiment(history, thresholds)].filter(
    (finding) => finding !== null,
  );
  const held = new Set(found.flatMap((finding) => finding.ids));
  // An open wave takes every review written within the window after its latest one.
  if (history.openWave) {
    let latest = history.openWave.latestAt.getTime();
    for (const review of [...history.window].sort((a, b) => a.writtenAt.getTime() - b.writtenAt.getTime())) {
      const at = review.writtenAt.getTime();
      if (at < latest) continue;
      if (at - latest > thresholds.windowHours * HOUR_MS || at > now.getTime()) break;
      held.add(review.id);
      latest = at;
    }
  }
  if (held.size === 0) return null;
  return { reviewIds: [...held].sort((a, b) => a - b), fired: found.map((finding) => finding.figures) };
}

/** A rule that fired, as a wave keeps it: its figures and when it fired. */
export type WaveDetection = WaveFigures & { at: string };

/** Days shown on each side of a wave in the moderators' histogram. */
export const WAVE_HISTOGRAM_MARGIN_DAYS = 7;

function utcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * The UTC days (YYYY-MM-DD, oldest first) of a wave's histogram: a week before its first review to a
 * week after its last, not past `today`. A wave that grew over weeks shows its last 60 days at most.
 */
export function waveHistogramDays(from: Date, to: Date, today: Date): string[] {
  const start = Date.parse(utcDay(from.getTime())) - WAVE_HISTOGRAM_MARGIN_DAYS * DAY_MS;
  const end = Math.min(Date.parse(utcDay(to.getTime())) + WAVE_HISTOGRAM_MARGIN_DAYS * DAY_MS, Date.parse(utcDay(today.getTime())));
  const days: string[] = [];
  for (let day = Math.max(start, end - 60 * DAY_MS); day <= end; day += DAY_MS) days.push(utcDay(day));
  return days;
}
