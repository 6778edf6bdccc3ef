import { describe, expect, it } from 'vitest';
import { LEVEL_TABLE, levelForExperience } from './level.js';

describe('level table', () => {
  it('has 100 contiguous levels starting at 0 with an unbounded last level', () => {
    expect(LEVEL_TABLE).toHaveLength(100);
    expect(LEVEL_TABLE[0]).toEqual({ level: 1, startXP: 0, endXP: 10_000 });
    for (let i = 1; i < LEVEL_TABLE.length; i++) {
      expect(LEVEL_TABLE[i]!.startXP).toBe(LEVEL_TABLE[i - 1]!.endXP);
    }
    expect(LEVEL_TABLE[99]!.endXP).toBeNull();
  });

  it('uses the span of each band of ten levels', () => {
    const spans = [10_000, 30_000, 50_000, 70_000, 90_000, 110_000, 130_000, 150_000, 170_000];
    spans.forEach((span, band) => {
      const first = LEVEL_TABLE[band * 10]!;
      const last = LEVEL_TABLE[band * 10 + 9]!;
      expect(first.endXP! - first.startXP).toBe(span);
      if (last.endXP !== null) expect(last.endXP - last.startXP).toBe(span);
    });
    // Level 91 starts after 10 levels of each of the nine lower bands.
    expect(LEVEL_TABLE[90]!.startXP).toBe(10 * (10_000 + 30_000 + 50_000 + 70_000 + 90_000 + 110_000 + 130_000 + 150_000 + 170_000));
    expect(LEVEL_TABLE[98]!.endXP! - LEVEL_TABLE[98]!.startXP).toBe(190_000);
  });

  it.each([
    [-1, 0],
    [-100_000, 0],
    [0, 1],
    [9_999, 1],
    [10_000, 2],
    [99_999, 10],
    [100_000, 11], // band edge 10 -> 11
    [129_999, 11],
    [130_000, 12],
    [399_999, 20],
    [400_000, 21], // band edge 20 -> 21
    [900_000, 31], // band edge 30 -> 31
    [1_600_000, 41],
    [2_500_000, 51],
    [3_600_000, 61],
    [4_900_000, 71],
    [6_400_000, 81],
    [8_100_000, 91], // band edge 90 -> 91
    [8_100_000 + 9 * 190_000 - 1, 99],
    [8_100_000 + 9 * 190_000, 100],
    [1e12, 100],
  ])('%i XP is level %i', (xp, level) => {
    expect(levelForExperience(xp)).toBe(level);
  });

  it('treats a missing value as level 0', () => {
    expect(levelForExperience(null)).toBe(0);
    expect(levelForExperience(undefined)).toBe(0);
    expect(levelForExperience(Number.NaN)).toBe(0);
  });
});
