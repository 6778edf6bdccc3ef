/**
 * Review waves (issues 17 and 32; docs/decisions/0031-review-waves.md, 0046-waves-hold-their-signal.md):
 * a burst of reviews of one officer that looks like a pile-on is held out of the figures until a
 * moderator decides on each of its reviews. This is the detector, a pure function of the officer's
 * review history at one moment, so the rules can be read, tested on generated histories and
 * explained to the people they touch.
 *
 * The window is the last `windowHours` up to the moment of a review write. Each rule has a signal a
 * single review carries or not, and fires when at least `minReviews` (K) reviews of the window carry
 * it. A rule that fires holds exactly the reviews that carry its signal, never the rest of the window:
 * - divergence: reviews whose overall differs from the officer's mean before the window (its counted
 *   reviews written earlier) by `minDifference` (D) stars or more, all on the same side of it;
 * - fresh accounts: reviews whose authors' accounts were created, or linked to Steam, less than
 *   `freshDays` before the review;
 * - one regiment: reviews by officers of one and the same regiment, other than the reviewed
 *   officer's own;
 * - same text: reviews whose texts are the same once case, spacing and punctuation are set aside.
 * While a wave is open, a later review of the officer joins it if it carries the signal of a rule
 * the wave caught and was written within the window after the wave's latest review. A review that
 * carries no signal of the wave is never held, whatever its timing.
 */

export interface WaveThresholds {
  /** The sliding window, in hours (default 24). */
  windowHours: number;
  /** K: the least number of reviews that makes a wave (default 5). */
  minReviews: number;
  /** D: the least difference in stars between a review and the officer's mean before the window (default 1.5). */
  minDifference: number;
  /** An account created or Steam-linked less than this many days before its review is fresh (default 7). */
  freshDays: number;
}

export const DEFAULT_WAVE_THRESHOLDS: WaveThresholds = { windowHours: 24, minReviews: 5, minDifference: 1.5, freshDays: 7 };

export const WAVE_RULES = ['divergence', 'fresh-accounts', 'one-regiment', 'same-text'] as const;
export type WaveRule = (typeof WAVE_RULES)[number];

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
  /** Its text as the same-text rule compares it (`sameTextKey`). */
  textKey: string;
}

/** The figures behind a rule that fired, kept with the wave and shown to the moderator. */
export type WaveFigures = { reviews: number; windowHours: number } & (
  | {
      rule: 'divergence';
      /** The mean overall of the diverging reviews. */
      windowMean: number;
      priorMean: number;
      priorReviews: number;
      difference: number;
      /** D when it fired: a later review joins the wave if it is as far from `priorMean`, on the same side. */
      minDifference?: number;
    }
  | { rule: 'fresh-accounts'; freshDays: number }
  | { rule: 'one-regiment'; regimentId: number }
  | { rule: 'same-text'; textKey: string }
);

export interface OfficerHistory {
  /** The reviewed officer's regiment: its own members reviewing it are not a rival regiment. */
  regimentId: number;
  /** The officer's counted reviews written before the window: how many, and the sum of their overall ratings. */
  before: { count: number; overallSum: number };
  /** The reviews written within the window that no moderator has decided on yet (held or counted). */
  window: WindowReview[];
  /** The officer's open wave, if one is being checked: its latest review's time and the rules it caught. */
  openWave: { latestAt: Date; detections: WaveFigures[] } | null;
}

/** A review to hold, and the rules whose signal it carries. */
export interface HeldReview {
  id: number;
  reasons: WaveRule[];
}

export interface WaveFinding {
  /** The reviews to hold: every one of the window that carries the signal of a rule that fired, or of the open wave. */
  reviewIds: number[];
  /** The same reviews, each with why it is held. */
  held: HeldReview[];
  /** The rules that fired now, with their figures (empty when reviews only join the open wave). */
  fired: WaveFigures[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Means and differences are compared and kept to two decimals, the precision ratings are stored in. */
function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The start of the window that ends at `now`: reviews written after it are in the window. */
export function waveWindowStart(now: Date, thresholds: WaveThresholds): Date {
  return new Date(now.getTime() - thresholds.windowHours * HOUR_MS);
}

/**
 * A review's text as the same-text rule compares it: "Terrible officer!!", "terrible  officer" and
 * "TERRIBLE OFFICER." are one text. Compatibility forms folded (NFKC), lower case, and every space
 * and punctuation mark left out.
 */
export function sameTextKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{Z}\s]+/gu, '');
}

/** Whether the author's account was created or linked to Steam less than `freshDays` before the review. */
export function isFreshAccount(review: WindowReview, freshDays: number): boolean {
  const since = review.writtenAt.getTime() - freshDays * DAY_MS;
  return review.authorCreatedAt.getTime() > since || (review.authorSteamLinkedAt !== null && review.authorSteamLinkedAt.getTime() > since);
}

/** The side of the prior mean a review lies on, if it is at least `minDifference` from it. */
function divergenceSide(overall: number, priorMean: number, minDifference: number): -1 | 1 | null {
  const difference = round2(overall - priorMean);
  if (Math.abs(difference) < minDifference) return null;
  return difference < 0 ? -1 : 1;
}

/** Whether a review carries the signal of a rule with these figures (for the open wave's later reviews). */
function carriesSignal(review: WindowReview, figures: WaveFigures, regimentId: number, t: WaveThresholds): boolean {
  switch (figures.rule) {
    case 'divergence': {
      const side = figures.windowMean < figures.priorMean ? -1 : 1;
      return divergenceSide(review.overallRating, figures.priorMean, figures.minDifference ?? t.minDifference) === side;
    }
    case 'fresh-accounts':
      return isFreshAccount(review, t.freshDays);
    case 'one-regiment':
      return review.authorRegimentId === figures.regimentId && figures.regimentId !== regimentId;
    case 'same-text':
      return review.textKey === figures.textKey;
  }
}

interface Caught {
  figures: WaveFigures;
  members: WindowReview[];
}

function divergence(history: OfficerHistory, t: WaveThresholds): Caught[] {
  const { window, before } = history;
  // A new officer (nothing counted before the window) has no mean to diverge from.
  if (window.length < t.minReviews || before.count === 0) return [];
  const priorMean = before.overallSum / before.count;
  const caught: Caught[] = [];
  for (const side of [-1, 1] as const) {
    const members = window.filter((r) => divergenceSide(r.overallRating, priorMean, t.minDifference) === side);
    if (members.length < t.minReviews) continue;
    const windowMean = members.reduce((sum, r) => sum + r.overallRating, 0) / members.length;
    caught.push({
      figures: {
        rule: 'divergence',
        reviews: members.length,
        windowHours: t.windowHours,
        windowMean: round2(windowMean),
        priorMean: round2(priorMean),
        priorReviews: before.count,
        difference: round2(Math.abs(windowMean - priorMean)),
        minDifference: t.minDifference,
      },
      members,
    });
  }
  return caught;
}

function freshAccounts(history: OfficerHistory, t: WaveThresholds): Caught[] {
  const members = history.window.filter((r) => isFreshAccount(r, t.freshDays));
  if (members.length < t.minReviews) return [];
  return [{ figures: { rule: 'fresh-accounts', reviews: members.length, windowHours: t.windowHours, freshDays: t.freshDays }, members }];
}

/** Groups the window's reviews by `key` (null: in no group) and keeps the groups of at least K. */
function groupsOfK(window: WindowReview[], key: (review: WindowReview) => string | number | null, t: WaveThresholds) {
  const groups = new Map<string | number, WindowReview[]>();
  for (const review of window) {
    const k = key(review);
    if (k !== null) groups.set(k, [...(groups.get(k) ?? []), review]);
  }
  return [...groups].filter(([, members]) => members.length >= t.minReviews);
}

function oneRegiment(history: OfficerHistory, t: WaveThresholds): Caught[] {
  const rivalOf = (r: WindowReview) => (r.authorRegimentId === null || r.authorRegimentId === history.regimentId ? null : r.authorRegimentId);
  return groupsOfK(history.window, rivalOf, t).map(([regimentId, members]) => ({
    figures: { rule: 'one-regiment', reviews: members.length, windowHours: t.windowHours, regimentId: Number(regimentId) },
    members,
  }));
}

function sameText(history: OfficerHistory, t: WaveThresholds): Caught[] {
  return groupsOfK(history.window, (r) => r.textKey, t).map(([textKey, members]) => ({
    figures: { rule: 'same-text', reviews: members.length, windowHours: t.windowHours, textKey: String(textKey) },
    members,
  }));
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
 * The open wave's later reviews: those written within the window after its latest review (each one
 * joining moves that mark on) that carry the signal of a rule the wave caught.
 */
function joiningOpenWave(history: OfficerHistory, now: Date, t: WaveThresholds): Caught[] {
  const open = history.openWave;
  if (!open) return [];
  const joined = new Map<WaveFigures, WindowReview[]>(open.detections.map((figures) => [figures, []]));
  let latest = open.latestAt.getTime();
  for (const review of [...history.window].sort((a, b) => a.writtenAt.getTime() - b.writtenAt.getTime())) {
    const at = review.writtenAt.getTime();
    if (at < latest) continue;
    if (at - latest > t.windowHours * HOUR_MS || at > now.getTime()) break;
    const signals = open.detections.filter((figures) => carriesSignal(review, figures, history.regimentId, t));
    for (const figures of signals) joined.get(figures)!.push(review);
    if (signals.length > 0) latest = at;
  }
  return [...joined].map(([figures, members]) => ({ figures, members }));
}

/**
 * What the officer's history at `now` holds: the reviews to hold, why, and the rules that fired; or
 * null when nothing is unusual and no review joins the open wave.
 */
export function detectReviewWave(history: OfficerHistory, now: Date, thresholds: WaveThresholds = DEFAULT_WAVE_THRESHOLDS): WaveFinding | null {
  if (!canFormWave(history.window.length, history.openWave !== null, thresholds)) return null;
  const fired = [
    ...divergence(history, thresholds),
    ...freshAccounts(history, thresholds),
    ...oneRegiment(history, thresholds),
    ...sameText(history, thresholds),
  ];
  const reasons = new Map<number, Set<WaveRule>>();
  for (const { figures, members } of [...fired, ...joiningOpenWave(history, now, thresholds)]) {
    for (const review of members) reasons.set(review.id, (reasons.get(review.id) ?? new Set()).add(figures.rule));
  }
  if (reasons.size === 0) return null;
  const held = [...reasons].sort(([a], [b]) => a - b).map(([id, rules]) => ({ id, reasons: WAVE_RULES.filter((rule) => rules.has(rule)) }));
  return { reviewIds: held.map((review) => review.id), held, fired: fired.map((caught) => caught.figures) };
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
