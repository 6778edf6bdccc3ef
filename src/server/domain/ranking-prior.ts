/**
 * The community mean the rankings weigh every rating against (issue 16, item 3;
 * docs/decisions/0030-bayesian-ranking.md). It is published in one row, not worked out by each
 * answer: every process and every answer then ranks against the same figure, and an answer kept in
 * the response cache is forgotten exactly when the figure moves ('prior'), instead of every search
 * answer being forgotten with every review. Each process publishes it again on a timer; the
 * catalogue reads the published figure at every look (catalogue-source.ts), the regiment lists
 * when they are computed.
 */
import { eq, sql } from 'drizzle-orm';
import { communityMeanOf } from '#core/rating-math.js';
import type { Executor } from '#server/platform/db/client.js';
import { rankingPrior, regiments } from '#server/platform/db/schema.js';
import type { ResponseCache } from '#server/platform/read-cache/store.js';
import { cacheTags } from '#server/platform/read-cache/tags.js';

/** How often each process publishes the community mean again: a review moves it by far less than 0.01 in this time. */
export const PRIOR_REFRESH_MS = 5 * 60_000;

/** The published community mean (0 before any is published). */
export async function readCommunityMean(db: Executor): Promise<number> {
  const [row] = await db.select({ mean: rankingPrior.communityMean }).from(rankingPrior).where(eq(rankingPrior.id, 1));
  return row?.mean ?? 0;
}

/**
 * Works the community mean out from the active regiments' figures and publishes it: true when the
 * published figure moved (the caller forgets what was ranked against the old one).
 */
export async function refreshCommunityMean(db: Executor): Promise<boolean> {
  const rows = await db
    .select({ averageRating: regiments.averageRating, reviewCount: regiments.reviewCount })
    .from(regiments)
    .where(eq(regiments.isActive, true));
  const mean = communityMeanOf(rows);
  const moved = await db
    .insert(rankingPrior)
    .values({ id: 1, communityMean: mean })
    .onConflictDoUpdate({
      target: rankingPrior.id,
      set: { communityMean: mean, refreshedAt: new Date() },
      setWhere: sql`${rankingPrior.communityMean} <> ${mean}`,
    })
    .returning({ id: rankingPrior.id });
  return moved.length > 0;
}

/**
 * Publishes the community mean again (every PRIOR_REFRESH_MS, and at start); when it moved, every
 * answer ranked against the old one is forgotten, here and, through the cache bus, everywhere.
 */
export async function publishCommunityMean(db: Executor, cache: Pick<ResponseCache, 'invalidate'>): Promise<boolean> {
  const moved = await refreshCommunityMean(db);
  if (moved) cache.invalidate(cacheTags.priorMoved);
  return moved;
}
