import { describe, expect, it } from 'vitest';
import type { SteamStats } from '#core/steam';
import { buildStatTiles, describeLevelProgress } from './steam-stat-values';

const full: SteamStats = { skirmish: 1_250, conquest: 45, picketPatrol: 0, contention: 8, total: 1_303, STAT_PROGRESSION_EXPERIENCE: 10_000 };

describe('buildStatTiles', () => {
  it('lists the six tiles in order, with the level derived from the experience', () => {
    expect(buildStatTiles(full)).toEqual([
      { label: 'Skirmish', value: '1,250' },
      { label: 'Conquest', value: '45' },
      { label: 'Picket Patrol', value: '0' },
      { label: 'Contention', value: '8' },
      { label: 'War of Rights Level', value: '2' },
      { label: 'Total Games', value: '1,303' },
    ]);
  });

  it("shows 'N/A' for missing counts, and level 0 without experience", () => {
    const tiles = buildStatTiles({
      skirmish: null,
      conquest: null,
      picketPatrol: null,
      contention: null,
      total: null,
      STAT_PROGRESSION_EXPERIENCE: null,
    });
    expect(tiles.map((t) => t.value)).toEqual(['N/A', 'N/A', 'N/A', 'N/A', '0', 'N/A']);
  });

  it('gives level 0 for negative experience', () => {
    expect(buildStatTiles({ ...full, STAT_PROGRESSION_EXPERIENCE: -5 })[4]).toEqual({ label: 'War of Rights Level', value: '0' });
  });
});

describe('describeLevelProgress', () => {
  it('starts level 1 at 0 XP', () => {
    expect(describeLevelProgress(0)).toEqual({ level: 1, xp: 0, nextLevel: 2, nextLevelXP: 10_000, xpToNextLevel: 10_000, fraction: 0 });
  });

  it('measures the way through the current level', () => {
    // Level 11 spans 100,000 to 130,000 XP.
    expect(describeLevelProgress(115_000)).toEqual({
      level: 11,
      xp: 115_000,
      nextLevel: 12,
      nextLevelXP: 130_000,
      xpToNextLevel: 15_000,
      fraction: 0.5,
    });
  });

  it('starts a level afresh exactly at its start', () => {
    expect(describeLevelProgress(10_000)).toMatchObject({ level: 2, fraction: 0, xpToNextLevel: 10_000 });
    expect(describeLevelProgress(9_999)).toMatchObject({ level: 1, nextLevel: 2, xpToNextLevel: 1 });
  });

  it('has no next level at the last one', () => {
    expect(describeLevelProgress(1e9)).toEqual({ level: 100, xp: 1e9, nextLevel: null, nextLevelXP: null, xpToNextLevel: 0, fraction: 1 });
  });

  it('puts negative experience at level 0, working towards level 1', () => {
    expect(describeLevelProgress(-500)).toEqual({ level: 0, xp: -500, nextLevel: 1, nextLevelXP: 0, xpToNextLevel: 500, fraction: 0 });
  });
});
