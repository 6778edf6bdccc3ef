/**
 * The other targets of the writes (issue 38, item 5): the review write's time in the largest
 * regiment against a median one, and no review held by a review wave.
 */
import { describe, expect, it } from 'vitest';
import { judgeOtherTargets, type JudgedMeasurement } from './targets.js';

/** A row whose mean is twice its median (a few slow requests), as a shared machine makes them. */
function row(key: string, medianMs: number): JudgedMeasurement {
  return {
    key,
    name: key,
    latencyMs: { p50: medianMs, p95: medianMs * 4, mean: medianMs * 2 },
    detail: { socketErrors: 0, timeouts: 0, statusCodes: { 201: 50 } },
    appRssMaxMb: 150,
  };
}

const find = (verdicts: ReturnType<typeof judgeOtherTargets>, start: string) => verdicts.find((v) => v.target.startsWith(start));

describe('judgeOtherTargets, writes', () => {
  it("holds the largest regiment's review write to 1.5x the median one's, by median latency", () => {
    const met = judgeOtherTargets([row('review-largest-regiment', 12), row('review-median-regiment', 10)], 150, 0, 0);
    expect(find(met, 'review-largest-regiment')).toEqual({
      target: "review-largest-regiment: median latency ≤ 1.5 × review-median-regiment's",
      measured: '1.20 × (12.0 ms / 10.0 ms)',
      meets: true,
    });
    const missed = judgeOtherTargets([row('review-largest-regiment', 40), row('review-median-regiment', 10)], 150, 0, 0);
    expect(find(missed, 'review-largest-regiment')!.meets).toBe(false);
    expect(find(judgeOtherTargets([row('review-median-regiment', 10)], 150, 0, 0), 'review-largest-regiment')!.meets).toBeNull();
  });

  it('misses when a bench review was held, and says so when it was not checked', () => {
    expect(find(judgeOtherTargets([], 150, 0, 0), 'bench reviews held')).toEqual({
      target: 'bench reviews held by a review wave: 0',
      measured: '0 held',
      meets: true,
    });
    expect(find(judgeOtherTargets([], 150, 0, 3), 'bench reviews held')!.meets).toBe(false);
    expect(find(judgeOtherTargets([], 150, 0, null), 'bench reviews held')!.meets).toBeNull();
  });
});
