/** Review waves (issues 17 and 32; docs/decisions/0031, 0046): the public notice and the moderators' section. */
import type { AdminReviewWave } from '../api.js';
import type { WaveRule } from '../review-waves.js';

type WaveDetection = AdminReviewWave['detections'][number];

function reviewsWord(n: number): string {
  return `${n} ${n === 1 ? 'review' : 'reviews'}`;
}

export const waveMessages = {
  /** The officer page's notice, worded by the issue; the dates are formatDate's. */
  notice: (from: string, to: string, heldCount: number) =>
    `Unusual review activity ${from === to ? `on ${from}` : `between ${from} and ${to}`}: ${heldCount} ${heldCount === 1 ? 'review is' : 'reviews are'} being checked and ${heldCount === 1 ? 'is' : 'are'} not counted in the ratings.`,
  /** The officer header's count during a wave (issue 32): one set of numbers with the list below. */
  headerCounts: (counted: number, held: number) => `${counted} counted · ${held} being checked`,
  sectionTitle: 'Review Waves',
  none: 'No review waves are waiting for a decision.',
  loadFailed: 'The review waves could not be loaded.',
  dashboardOpenWaves: 'Open Review Waves',
  /** One rule that fired, with its figures, in words a moderator can check. */
  detection: (d: WaveDetection, regimentName: string | null) => {
    switch (d.rule) {
      case 'divergence':
        // One decimal, as every rating the site shows (spec: "display one decimal out of 5.0").
        return `${reviewsWord(d.reviews)} within ${d.windowHours} hours averaged ${d.windowMean.toFixed(1)}, against ${d.priorMean.toFixed(1)} from ${reviewsWord(d.priorReviews)} before (${d.difference.toFixed(1)} stars apart).`;
      case 'fresh-accounts':
        return `${reviewsWord(d.reviews)} within ${d.windowHours} hours from accounts created or linked to Steam less than ${d.freshDays} days before.`;
      case 'one-regiment':
        return `${reviewsWord(d.reviews)} within ${d.windowHours} hours from officers of ${regimentName ?? `regiment #${d.regimentId}`}.`;
      case 'same-text':
        return `${reviewsWord(d.reviews)} within ${d.windowHours} hours with the same text.`;
    }
  },
  ruleNames: {
    divergence: 'Unusual ratings',
    'fresh-accounts': 'New accounts',
    'one-regiment': 'One regiment',
    'same-text': 'Same text',
  } satisfies Record<WaveRule, string>,
  /** Beside each held review: why it is held, and the reviewer's signals. */
  heldFor: (ruleNames: string) => `Held for: ${ruleNames}`,
  /** A review held before the reasons were kept. */
  heldWithWave: 'Held with its wave',
  steamLinked: (date: string) => `Steam linked ${date}`,
  steamNotLinked: 'Steam not linked',
  sameText: (n: number) => `Same text as ${n} other ${n === 1 ? 'review' : 'reviews'} of the wave`,
  span: (from: string, to: string) => `Reviews written between ${from} and ${to}`,
  statusNames: { open: 'Being checked', released: 'Released', removed: 'Removed', mixed: 'Decided review by review' },
  /** A decided wave's outcome (issue 32: decided review by review, some released and some removed). */
  decidedCounts: (released: number, removed: number) => `${released} released, ${removed} removed`,
  /** One review's own decision, beside it in the wave. */
  releaseReview: 'Release this review',
  removeReview: 'Remove this review',
  releaseReviewConfirm: 'Release this review? It will count in the ratings from now on.',
  removeReviewConfirm: (days: number) => `Remove this review? It will be deleted, and its author cannot review this officer again for ${days} days.`,
  reviewReleasedTitle: 'Review Released',
  reviewRemovedTitle: 'Review Removed',
  histogramTitle: 'Reviews per day',
  histogramCaption: (officer: string) => `Reviews of ${officer} per day around the wave`,
  histogramDayColumn: 'Day',
  histogramCountedColumn: 'Counted',
  histogramHeldColumn: 'Held',
  release: 'Release',
  remove: 'Remove',
  releaseConfirm: (n: number) => `Release ${reviewsWord(n)}? They will count in the ratings from now on.`,
  removeConfirm: (n: number) => `Remove ${reviewsWord(n)}? They will be deleted, as a moderator deletes a review.`,
  releasedTitle: 'Wave Released',
  removedTitle: 'Wave Removed',
  released: (n: number) => `${reviewsWord(n)} released: they count in the ratings from now on.`,
  removed: (n: number) => `${reviewsWord(n)} removed.`,
  alreadyDecided: 'This review wave has already been decided.',
  /** Issue 32: one review of a wave decided on its own. */
  reviewAlreadyDecided: 'This review has already been decided.',
  reviewReleased: 'The review was released: it counts in the ratings from now on.',
  reviewRemoved: 'The review was removed.',
  /** POST /api/reviews by an account whose review of the officer was removed from a wave (WAVE_COOLDOWN_DAYS). */
  cooldown: (date: string) =>
    `Your earlier review of this officer was removed by the moderators after unusual review activity. You can review this officer again from ${date}.`,
  decisionFailed: 'The decision could not be saved.',
} as const;
