import type { SteamStats } from '#core/steam';
import { cn } from '#web/lib/cn';
import { buildStatTiles, describeLevelProgress, MISSING_STAT } from './steam-stat-values';

/**
 * The game statistics as tiles (spec section 2, /my-stats): Skirmish, Conquest, Picket Patrol,
 * Contention, War of Rights Level, Total Games. Shared by /my-stats and the officer page.
 */
export function SteamStatsTiles({ stats, className }: { stats: SteamStats; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-3', className)}>
      {buildStatTiles(stats).map((tile) => (
        <div key={tile.label} className="rounded-md border border-stone-200 bg-parchment/40 p-3 text-center">
          <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{tile.label}</dt>
          <dd className={cn('mt-1 text-xl font-bold tabular-nums', tile.value === MISSING_STAT && 'text-stone-400')}>{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The experience points and a bar of the way to the next level (level table, spec section 9). */
export function LevelProgressBar({ xp }: { xp: number | null }) {
  if (xp === null) {
    return (
      <p className="text-sm text-stone-600">
        Experience: <span className="font-semibold">{MISSING_STAT}</span>
      </p>
    );
  }
  const progress = describeLevelProgress(xp);
  const percent = Math.round(progress.fraction * 100);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p>
          Experience: <span className="font-semibold tabular-nums">{xp.toLocaleString('en-US')} XP</span>
        </p>
        <p className="text-stone-600">
          {progress.nextLevel === null
            ? 'Highest level reached'
            : `${progress.xpToNextLevel.toLocaleString('en-US')} XP to level ${progress.nextLevel}`}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label={progress.nextLevel === null ? 'Level progress' : `Progress to level ${progress.nextLevel}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-brass" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
