/**
 * The reviewer signals that come from Steam: each reviewer's War of Rights level and total games,
 * kept on their user row and refreshed off the request path (docs/decisions/0029-reviewer-signals.md).
 * A review list never calls Steam: it reads the row, and tells the refresher which of its authors'
 * figures are stale. The refresher reads those one Steam call at a time per slot, deduplicated,
 * bounded and spaced, and forgets the cached review pages that show a reviewer whose figures changed.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { levelForExperience } from '#core/level.js';
import { MSG } from '#core/messages.js';
import type { SteamStatsResult } from '#core/steam.js';
import type { SteamConfig } from '#server/platform/config.js';
import type { Database } from '#server/platform/db/client.js';
import { users } from '#server/platform/db/schema.js';
import type { ResponseCache } from '#server/platform/read-cache/store.js';
import { cacheTags } from '#server/platform/read-cache/tags.js';
import { officersReviewedBy, type ShownReviewer } from './shown-reviewers.js';
import { getSteamStats } from './steam-stats.js';

/** The figures kept on the user row: null when the profile is private or has no stats. */
export interface SteamFigures {
  level: number | null;
  totalGames: number | null;
}

/**
 * What a statistics answer says about the figures: known ones, none (private or unavailable:
 * nothing is shown), or 'unknown' (Steam unreachable or not configured: the last known figures stay).
 */
export function steamFiguresOf(result: SteamStatsResult): SteamFigures | 'unknown' {
  if (result.success && result.stats) {
    const xp = result.stats.STAT_PROGRESSION_EXPERIENCE;
    return { level: xp === null ? null : levelForExperience(xp), totalGames: result.stats.total };
  }
  if (result.message === MSG.steam.statsUnavailable) return { level: null, totalGames: null };
  return 'unknown';
}

export interface ReviewerSignalsOptions {
  db: Database;
  steam: SteamConfig;
  cache: ResponseCache;
  log: FastifyBaseLogger;
  /** Figures older than this are read again when shown. */
  staleMs?: number;
  /** Steam calls at once. */
  concurrency?: number;
  /** The least time between the starts of two Steam calls: spares the key's daily quota. */
  minIntervalMs?: number;
  /** Reviewers waiting beyond this are dropped: they are asked for again the next time they are shown. */
  maxQueued?: number;
}

export const SIGNALS_STALE_MS = 24 * 60 * 60 * 1000;

export class ReviewerSignalsRefresher {
  private readonly queued = new Map<number, string>();
  private readonly inFlight = new Set<number>();
  private lastStart = 0;
  private wakeUp: NodeJS.Timeout | null = null;
  private isClosed = false;
  private readonly whenIdle: Array<() => void> = [];
  private readonly staleMs: number;
  private readonly concurrency: number;
  private readonly minIntervalMs: number;
  private readonly maxQueued: number;

  constructor(private readonly options: ReviewerSignalsOptions) {
    this.staleMs = options.staleMs ?? SIGNALS_STALE_MS;
    this.concurrency = options.concurrency ?? 2;
    this.minIntervalMs = options.minIntervalMs ?? 500;
    this.maxQueued = options.maxQueued ?? 1000;
  }

  /** Called with the authors of a review list read from the database; returns at once. */
  noteShown = (reviewers: ShownReviewer[]): void => {
    if (this.isClosed || !this.options.steam.apiKey) return;
    const now = Date.now();
    for (const { userId, steamId, refreshedAt } of reviewers) {
      if (!steamId || (refreshedAt && now - refreshedAt.getTime() < this.staleMs)) continue;
      if (this.queued.has(userId) || this.inFlight.has(userId) || this.queued.size >= this.maxQueued) continue;
      this.queued.set(userId, steamId);
    }
    this.pump();
  };

  /**
   * Keeps the figures a statistics answer gives for this user (My Stats already asked Steam), and
   * forgets the review pages that show them if they changed. Never throws: a failure is logged.
   */
  async record(userId: number, result: SteamStatsResult): Promise<void> {
    try {
      const figures = steamFiguresOf(result);
      if (figures === 'unknown') return;
      if (await storeSteamFigures(this.options.db, userId, figures)) await this.forgetPagesShowing(userId);
    } catch (error) {
      this.options.log.warn({ err: error, userId }, 'reviewer signals not recorded');
    }
  }

  /** Forgets the cached answers that show this reviewer's signals (their review pages, the recent list). */
  async forgetPagesShowing(userId: number): Promise<void> {
    this.options.cache.invalidate(cacheTags.reviewerSignals(userId, await officersReviewedBy(this.options.db, userId)));
  }

  /** Resolves when nothing is queued or running (tests, shutdown). */
  idle(): Promise<void> {
    if (this.queued.size === 0 && this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.whenIdle.push(resolve));
  }

  close(): void {
    this.isClosed = true;
    this.queued.clear();
    if (this.wakeUp) clearTimeout(this.wakeUp);
    this.wakeUp = null;
  }

  private pump(): void {
    while (!this.isClosed && this.inFlight.size < this.concurrency && this.queued.size > 0 && !this.wakeUp) {
      const wait = this.lastStart + this.minIntervalMs - Date.now();
      if (wait > 0) {
        this.wakeUp = setTimeout(() => {
          this.wakeUp = null;
          this.pump();
        }, wait);
        // A pending refresh never keeps the process alive.
        this.wakeUp.unref();
        return;
      }
      const [userId, steamId] = this.queued.entries().next().value as [number, string];
      this.queued.delete(userId);
      this.inFlight.add(userId);
      this.lastStart = Date.now();
      void this.refresh(userId, steamId).finally(() => {
        this.inFlight.delete(userId);
        this.pump();
      });
    }
    if (this.queued.size === 0 && this.inFlight.size === 0) for (const resolve of this.whenIdle.splice(0)) resolve();
  }

  private async refresh(userId: number, steamId: string): Promise<void> {
    try {
      const result = await getSteamStats(this.options.db, this.options.steam, steamId);
      await this.record(userId, result);
    } catch (error) {
      this.options.log.warn({ err: error, userId }, 'reviewer signals not refreshed');
    }
  }
}

/**
 * Writes the figures and the time they were read; returns whether the figures changed. The row is
 * locked while compared, so two processes refreshing one user agree on what changed.
 */
export async function storeSteamFigures(db: Database, userId: number, figures: SteamFigures): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ level: users.steamLevel, totalGames: users.steamTotalGames })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    if (!before) return false;
    await tx
      .update(users)
      .set({ steamLevel: figures.level, steamTotalGames: figures.totalGames, steamRefreshedAt: new Date() })
      .where(eq(users.id, userId));
    return before.level !== figures.level || before.totalGames !== figures.totalGames;
  });
}
