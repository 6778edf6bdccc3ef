/**
 * Who a review list showed, and which officers' review pages show a reviewer: what the review lists,
 * the settings and the Steam figures' refresher share about reviewer signals
 * (docs/decisions/0029-reviewer-signals.md).
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '#server/platform/db/client.js';
import { reviews } from '#server/platform/db/schema.js';

/** An author shown in a list, for the background refresh of their Steam figures. */
export interface ShownReviewer {
  userId: number;
  steamId: string | null;
  refreshedAt: Date | null;
}

/** Told of the authors of every list read from the database (not of answers served from the cache). */
export type OnReviewersShown = (reviewers: ShownReviewer[]) => void;

/** The officers this user has reviewed: the review pages that show their signals. */
export async function officersReviewedBy(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.select({ officerId: reviews.officerId }).from(reviews).where(eq(reviews.userId, userId));
  return rows.map((row) => row.officerId);
}
