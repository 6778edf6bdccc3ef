/**
 * GET /api/reviews/{id}/revisions (issue 18, item 2; docs/decisions/0038-review-edit-history.md): a
 * review's versions, newest first, each with what it changed from the one before it. As public as the
 * review itself: a held review's history too, and nothing of a review whose officer is not public.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { ReviewRevisions, ReviewVersion } from '#core/api.js';
import { changesBetween, type ReviewContent } from '#core/review-history.js';
import type { Executor } from '#server/platform/db/client.js';
import { officers, regiments, reviewRevisions, reviews } from '#server/platform/db/schema.js';
import { notFound } from '#server/platform/errors.js';
import { contentColumns, isPublicOfficer } from './queries.js';

/** Two reads, both by key: the review (with its officer's visibility), then its kept versions. */
export async function getReviewRevisions(db: Executor, reviewId: number): Promise<ReviewRevisions> {
  const [review] = await db
    .select({
      ...contentColumns(reviews),
      officerId: reviews.officerId,
      createdAt: reviews.createdAt,
      editedAt: reviews.editedAt,
      revisionCount: reviews.revisionCount,
    })
    .from(reviews)
    .innerJoin(officers, eq(officers.id, reviews.officerId))
    .innerJoin(regiments, eq(regiments.id, officers.regimentId))
    .where(and(eq(reviews.id, reviewId), isPublicOfficer));
  if (!review) throw notFound('Review');
  const earlier = await db
    .select({
      version: reviewRevisions.version,
      writtenAt: reviewRevisions.writtenAt,
      ...contentColumns(reviewRevisions),
    })
    .from(reviewRevisions)
    .where(eq(reviewRevisions.reviewId, reviewId))
    .orderBy(desc(reviewRevisions.version));
  const { officerId, createdAt, editedAt, revisionCount, ...content } = review;
  const newestFirst = [{ ...content, version: revisionCount + 1, writtenAt: editedAt ?? createdAt }, ...earlier];
  return {
    reviewId,
    officerId,
    createdAt: createdAt.toISOString(),
    editedAt: editedAt?.toISOString() ?? null,
    revisionCount,
    versions: newestFirst.map(({ writtenAt, ...version }, index): ReviewVersion => ({
      ...version,
      isCurrent: index === 0,
      writtenAt: writtenAt.toISOString(),
      changes: index + 1 < newestFirst.length ? changesBetween(newestFirst[index + 1]! as ReviewContent, version) : null,
    })),
  };
}
