import { LEVEL_TABLE, levelForExperience } from '#core/level';
import type { SteamStats } from '#core/steam';

/** What a tile shows for a statistic the API did not return (spec section 2, /my-stats). */
export const MISSING_STAT = 'N/A';

interface StatTile {
  label: string;
  value: string;
}

function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? MISSING_STAT : value.toLocaleString('en-US');
}

/**
 * The six tiles of the game statistics, in the spec's order. The level is derived from the
 * experience statistic and is 0 when that is missing (it never shows 'N/A').
 */
export function buildStatTiles(stats: SteamStats): StatTile[] {
  return [
    { label: 'Skirmish', value: formatCount(stats.skirmish) },
    { label: 'Conquest', value: formatCount(stats.conquest) },
    { label: 'Picket Patrol', value: formatCount(stats.picketPatrol) },
    { label: 'Contention', value: formatCount(stats.contention) },
    { label: 'War of Rights Level', value: String(levelForExperience(stats.STAT_PROGRESSION_EXPERIENCE)) },
    { label: 'Total Games', value: formatCount(stats.total) },
  ];
}

interface LevelProgress {
  level: number;
  xp: number;
  /** The next level and the XP where it starts; null at the last level. */
  nextLevel: number | null;
  nextLevelXP: number | null;
  /** XP still needed for the next level (0 at the last level). */
  xpToNextLevel: number;
  /** How far through the current level, from 0 to 1 (1 at the last level). */
  fraction: number;
}

/**
 * Where `xp` stands in the level table (spec section 9). Negative XP is level 0, working towards
 * level 1, which starts at 0 XP.
 */
export function describeLevelProgress(xp: number): LevelProgress {
  const level = levelForExperience(xp);
  if (level === 0) {
    const first = LEVEL_TABLE[0]!;
    return { level: 0, xp, nextLevel: first.level, nextLevelXP: first.startXP, xpToNextLevel: first.startXP - xp, fraction: 0 };
  }
  const entry = LEVEL_TABLE[level - 1]!;
  if (entry.endXP === null) {
    return { level, xp, nextLevel: null, nextLevelXP: null, xpToNextLevel: 0, fraction: 1 };
  }
  return {
    level,
    xp,
    nextLevel: level + 1,
    nextLevelXP: entry.endXP,
    xpToNextLevel: entry.endXP - xp,
    fraction: (xp - entry.startXP) / (entry.endXP - entry.startXP),
  };
}
