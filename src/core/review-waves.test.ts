import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WAVE_THRESHOLDS,
  detectReviewWave,
  isFreshAccount,
  sameTextKey,
  type OfficerHistory,
  type WaveFigures,
  type WindowReview,
} from './review-waves.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date('2026-11-20T12:00:00Z');
const OWN_REGIMENT = 7;

/** A seeded generator, so a failing history can be replayed. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface GeneratedReview extends WindowReview {
  counted: boolean;
}

let nextId = 1;
function review(at: Date, overall: number, author: Partial<WindowReview> = {}): GeneratedReview {
  const id = nextId++;
  return {
    id,
    overallRating: overall,
    writtenAt: at,
    // An established account by default: a year old, linked long ago, in no regiment.
    authorCreatedAt: new Date(at.getTime() - 365 * DAY),
    authorSteamLinkedAt: new Date(at.getTime() - 300 * DAY),
    authorRegimentId: null,
    // A text of its own unless the test gives one.
    textKey: sameTextKey(`Review number ${id}, in words of its own.`),
    counted: true,
    ...author,
  };
}

/** The history the server reads at `now`: the counted reviews before the window summed, the window's listed. */
function historyAt(all: GeneratedReview[], now: Date, openWave: OfficerHistory['openWave'] = null): OfficerHistory {
  const start = now.getTime() - DEFAULT_WAVE_THRESHOLDS.windowHours * HOUR;
  const before = all.filter((r) => r.counted && r.writtenAt.getTime() <= start);
  return {
    regimentId: OWN_REGIMENT,
    before: { count: before.length, overallSum: before.reduce((sum, r) => sum + r.overallRating, 0) },
    window: all.filter((r) => r.writtenAt.getTime() > start && r.writtenAt.getTime() <= now.getTime()),
    openWave,
  };
}

const OPENERS = [
  'Solid officer.',
  'Good leader.',
  'Decent commander.',
  'Not bad.',
  'Great guy.',
  'Mixed feelings.',
  'Fair enough.',
  'Played a few games.',
];
const BODIES = [
  'Calls the flanks early',
  'Keeps the line together under fire',
  'Could talk more on comms',
  'Knows the maps well',
  'Gets flustered when we lose the bridge',
  'Gives new players a chance',
  'Pushes too hard sometimes',
  'Listens to his NCOs',
  'Holds the fence line like a wall',
  'Always on time for events',
];
const CLOSERS = ['Would follow again.', 'Recommended.', 'Room to grow.', 'See you on the field.', 'o7', 'Good games.', 'Thanks!', ''];

/**
 * What real reviewers write: sentences of their own, from a small vocabulary of common phrases, so
 * that two of them sometimes say the same.
 */
function everydayText(random: () => number): string {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  return `${pick(OPENERS)} ${pick(BODIES)}. ${pick(CLOSERS)}`.trim();
}

/** A popular officer's steady reviewing: `perDay` reviews a day for `days` days, around `mean`, from established accounts in many regiments. */
function steadyHistory(random: () => number, days: number, perDay: number, mean: number): GeneratedReview[] {
  const reviews: GeneratedReview[] = [];
  for (let i = 0; i < days * perDay; i++) {
    const at = new Date(NOW.getTime() - random() * days * DAY);
    // Mostly within a star of the mean, some far off: real readers disagree.
    const spread = random() < 0.1 ? (random() - 0.5) * 6 : (random() - 0.5) * 2;
    const overall = Math.round(Math.min(5, Math.max(0.5, mean + spread)) * 4) / 4;
    reviews.push(
      review(at, overall, { authorRegimentId: random() < 0.6 ? Math.floor(random() * 200) : null, textKey: sameTextKey(everydayText(random)) }),
    );
  }
  return reviews;
}

describe('detectReviewWave', () => {
  it('leaves steady reviewing of a popular officer alone, at every review of 60 days of it', () => {
    for (const seed of [1, 2, 3]) {
      const random = randomFrom(seed);
      const all = steadyHistory(random, 60, 12, 2.5 + seed * 0.6).sort((a, b) => a.writtenAt.getTime() - b.writtenAt.getTime());
      for (const written of all) expect(detectReviewWave(historyAt(all, written.writtenAt), written.writtenAt)).toBeNull();
    }
  });

  it('leaves a new officer alone while its first reviews come in, however they rate', () => {
    const all = [1, 1.5, 1, 2, 1, 1].map((overall, i) => review(new Date(NOW.getTime() - (6 - i) * HOUR), overall));
    expect(detectReviewWave(historyAt(all, NOW), NOW)).toBeNull();
  });

  it('catches a pile-on of low ratings within a day against a steady 4.5, with the figures behind it', () => {
    const random = randomFrom(11);
    const steady = steadyHistory(random, 30, 2, 4.5).filter((r) => r.writtenAt.getTime() < NOW.getTime() - DAY);
    const wave = [0, 1, 2, 3, 4].map((i) => review(new Date(NOW.getTime() - (10 - i) * HOUR), 1));
    const finding = detectReviewWave(historyAt([...steady, ...wave], NOW), NOW);
    expect(finding?.reviewIds).toEqual(wave.map((r) => r.id));
    const priorMean = steady.reduce((sum, r) => sum + r.overallRating, 0) / steady.length;
    expect(finding?.fired).toEqual([
      {
        rule: 'divergence',
        reviews: 5,
        windowHours: 24,
        windowMean: 1,
        priorMean: Math.round(priorMean * 100) / 100,
        priorReviews: steady.length,
        difference: Math.round((priorMean - 1) * 100) / 100,
        minDifference: 1.5,
      },
    ]);
  });

  it('needs K reviews and a difference of D: four low ratings, or five a star off, are not a wave', () => {
    const steady = [0, 1, 2, 3, 4, 5].map((i) => review(new Date(NOW.getTime() - (10 + i) * DAY), 4.5));
    const four = [0, 1, 2, 3].map((i) => review(new Date(NOW.getTime() - i * HOUR), 1));
    expect(detectReviewWave(historyAt([...steady, ...four], NOW), NOW)).toBeNull();
    const mild = [0, 1, 2, 3, 4].map((i) => review(new Date(NOW.getTime() - i * HOUR), 3.5));
    expect(detectReviewWave(historyAt([...steady, ...mild], NOW), NOW)).toBeNull();
    // Exactly D away is a wave: 4.5 before, 3.0 in the window.
    const atD = [0, 1, 2, 3, 4].map((i) => review(new Date(NOW.getTime() - i * HOUR), 3));
    expect(detectReviewWave(historyAt([...steady, ...atD], NOW), NOW)?.fired[0]).toMatchObject({ rule: 'divergence', difference: 1.5 });
  });

  it('catches glowing pile-ons as well as hostile ones', () => {
    const steady = [0, 1, 2, 3, 4, 5].map((i) => review(new Date(NOW.getTime() - (10 + i) * DAY), 2));
    const wave = [0, 1, 2, 3, 4].map((i) => review(new Date(NOW.getTime() - i * HOUR), 5));
    expect(detectReviewWave(historyAt([...steady, ...wave], NOW), NOW)?.fired).toMatchObject([{ rule: 'divergence', windowMean: 5, priorMean: 2 }]);
  });

  it('only counts reviews within the window: the same five spread over five days are no wave', () => {
    const steady = [0, 1, 2, 3, 4, 5].map((i) => review(new Date(NOW.getTime() - (10 + i) * DAY), 4.5));
    const spread = [0, 1, 2, 3, 4].map((i) => review(new Date(NOW.getTime() - i * DAY - HOUR), 1));
    expect(detectReviewWave(historyAt([...steady, ...spread], NOW), NOW)).toBeNull();
  });

  it('catches five reviews from fresh accounts, whatever they rate, and holds only those', () => {
    const steady = steadyHistory(randomFrom(5), 20, 3, 4);
    const fresh = [0, 1, 2, 3, 4].map((i) => {
      const at = new Date(NOW.getTime() - i * HOUR);
      // Accounts made days before, or old accounts linked to Steam hours before.
      return i % 2 === 0
        ? review(at, 4, { authorCreatedAt: new Date(at.getTime() - 2 * DAY) })
        : review(at, 4, { authorSteamLinkedAt: new Date(at.getTime() - 3 * HOUR) });
    });
    const finding = detectReviewWave(historyAt([...steady, ...fresh], NOW), NOW);
    expect(finding?.fired).toEqual([{ rule: 'fresh-accounts', reviews: 5, windowHours: 24, freshDays: 7 }]);
    expect(finding?.reviewIds).toEqual(fresh.map((r) => r.id).sort((a, b) => a - b));
  });

  it('counts an account as fresh only under seven days before its review', () => {
    const at = NOW;
    expect(isFreshAccount(review(at, 3, { authorCreatedAt: new Date(at.getTime() - 7 * DAY + 1) }), 7)).toBe(true);
    expect(isFreshAccount(review(at, 3, { authorCreatedAt: new Date(at.getTime() - 7 * DAY) }), 7)).toBe(false);
    expect(isFreshAccount(review(at, 3, { authorSteamLinkedAt: null }), 7)).toBe(false);
  });

  it("catches five officers of one rival regiment, but not the officer's own regiment", () => {
    const rivals = [0, 1, 2, 3, 4].map((i) => review(new Date(NOW.getTime() - i * HOUR), 3, { authorRegimentId: 42 }));
    const comrades = [0, 1, 2, 3, 4].map((i) => review(new Date(NOW.getTime() - i * HOUR - 30 * 60_000), 4, { authorRegimentId: OWN_REGIMENT }));
    const finding = detectReviewWave(historyAt([...rivals, ...comrades], NOW), NOW);
    expect(finding?.fired).toEqual([{ rule: 'one-regiment', reviews: 5, windowHours: 24, regimentId: 42 }]);
    expect(finding?.reviewIds).toEqual(rivals.map((r) => r.id));
  });

  it('holds only the reviews that carry the signal: an established reviewer in line with the mean counts through a raid', () => {
    const steady = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => review(new Date(NOW.getTime() - (10 + i) * DAY), 4 + (i % 3) * 0.25));
    // Level 54, a member for a year: an ordinary 4-star review, then five accounts made minutes earlier pile on.
    const honest = review(new Date(NOW.getTime() - 100_000), 4);
    const raid = [0, 1, 2, 3, 4].map((i) => {
      const at = new Date(NOW.getTime() - 90_000 + i * 15_000);
      return review(at, 1, { authorCreatedAt: new Date(at.getTime() - 10 * 60_000), authorSteamLinkedAt: new Date(at.getTime() - 5 * 60_000) });
    });
    const finding = detectReviewWave(historyAt([...steady, honest, ...raid], NOW), NOW);
    expect(finding?.fired.map((f) => f.rule)).toEqual(['divergence', 'fresh-accounts']);
    expect(finding?.reviewIds).toEqual(raid.map((r) => r.id));
    expect(finding?.held).toEqual(raid.map((r) => ({ id: r.id, reasons: ['divergence', 'fresh-accounts'] })));
    // The divergence rule's figures are the diverging reviews', not the window's.
    expect(finding?.fired[0]).toMatchObject({ reviews: 5, windowMean: 1 });
  });

  it('holds one side of the mean at a time: reviews far above and far below are not one wave', () => {
    const steady = [0, 1, 2, 3, 4, 5].map((i) => review(new Date(NOW.getTime() - (10 + i) * DAY), 3));
    const split = [1, 5, 1, 5, 1, 5, 1, 5].map((overall, i) => review(new Date(NOW.getTime() - i * HOUR), overall));
    expect(detectReviewWave(historyAt([...steady, ...split], NOW), NOW)).toBeNull();
  });

  it('catches five reviews with the same text from established accounts, however they write it', () => {
    const steady = steadyHistory(randomFrom(8), 20, 3, 4);
    const spellings = [
      'Worst officer ever, avoid!',
      'worst officer ever avoid',
      'WORST OFFICER EVER. AVOID.',
      'Worst  officer  ever... avoid',
      'Worst officer ever - avoid',
    ];
    const copies = spellings.map((text, i) => review(new Date(NOW.getTime() - i * HOUR), 4, { textKey: sameTextKey(text), authorRegimentId: i }));
    const finding = detectReviewWave(historyAt([...steady, ...copies], NOW), NOW);
    expect(finding?.fired).toEqual([{ rule: 'same-text', reviews: 5, windowHours: 24, textKey: 'worstofficereveravoid' }]);
    expect(finding?.reviewIds).toEqual(copies.map((r) => r.id));
    expect(finding?.held.every((r) => r.reasons.join() === 'same-text')).toBe(true);
    // Four copies are not enough.
    expect(detectReviewWave(historyAt([...steady, ...copies.slice(1)], NOW), NOW)).toBeNull();
  });

  it('lets a later review join an open wave only with its signal, within the window after the latest', () => {
    const waveEnd = new Date(NOW.getTime() - 30 * HOUR);
    const detections: WaveFigures[] = [{ rule: 'fresh-accounts', reviews: 5, windowHours: 24, freshDays: 7 }];
    const fresh = (at: Date) => review(at, 4, { authorCreatedAt: new Date(at.getTime() - DAY) });
    const joining = fresh(new Date(waveEnd.getTime() + 20 * HOUR));
    const established = review(new Date(waveEnd.getTime() + 21 * HOUR), 1);
    const older = fresh(new Date(waveEnd.getTime() - HOUR));
    const history = historyAt([older, joining, established], NOW, { latestAt: waveEnd, detections });
    expect(detectReviewWave(history, NOW)).toEqual({ reviewIds: [joining.id], held: [{ id: joining.id, reasons: ['fresh-accounts'] }], fired: [] });
    const late = fresh(new Date(waveEnd.getTime() + 25 * HOUR));
    expect(detectReviewWave(historyAt([late], NOW, { latestAt: waveEnd, detections }), NOW)).toBeNull();
  });

  it('lets a review join an open divergence wave only from the same side of the mean, as far from it', () => {
    const waveEnd = new Date(NOW.getTime() - 2 * HOUR);
    const detections: WaveFigures[] = [
      { rule: 'divergence', reviews: 5, windowHours: 24, windowMean: 1, priorMean: 4.2, priorReviews: 30, difference: 3.2, minDifference: 1.5 },
    ];
    const low = review(new Date(NOW.getTime() - HOUR), 2.5);
    const inLine = review(new Date(NOW.getTime() - HOUR + 1), 4);
    const high = review(new Date(NOW.getTime() - HOUR + 2), 5);
    const finding = detectReviewWave(historyAt([low, inLine, high], NOW, { latestAt: waveEnd, detections }), NOW);
    expect(finding?.reviewIds).toEqual([low.id]);
  });
});
