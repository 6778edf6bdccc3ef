/**
 * The War of Rights-style player level, derived from the STAT_PROGRESSION_EXPERIENCE statistic
 * (spec section 9). 100 levels; level 1 starts at 0 XP; each range starts where the previous one
 * ends; the last level has no end. Negative XP gives level 0.
 */
export interface LevelEntry {
  level: number;
  startXP: number;
  /** null for the last level: unbounded. */
  endXP: number | null;
}

/** XP span of each level, by band of ten levels: 1-10, 11-20, ..., 91-100. */
const BAND_SPANS = [10_000, 30_000, 50_000, 70_000, 90_000, 110_000, 130_000, 150_000, 170_000, 190_000] as const;
export const MAX_LEVEL = 100;

function buildLevelTable(): LevelEntry[] {
  const table: LevelEntry[] = [];
  let start = 0;
  for (let level = 1; level <= MAX_LEVEL; level++) {
    const span = BAND_SPANS[Math.floor((level - 1) / 10)]!;
    const end = level === MAX_LEVEL ? null : start + span;
    table.push({ level, startXP: start, endXP: end });
    start += span;
  }
  return table;
}

export const LEVEL_TABLE: readonly LevelEntry[] = buildLevelTable();

export function levelForExperience(xp: number | null | undefined): number {
  if (xp === null || xp === undefined || Number.isNaN(xp)) return 0;
  if (xp < 0) return 0;
  // Binary search over the ranges [startXP, endXP).
  let low = 0;
  let high = LEVEL_TABLE.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (LEVEL_TABLE[mid]!.startXP <= xp) low = mid;
    else high = mid - 1;
  }
  return LEVEL_TABLE[low]!.level;
}
