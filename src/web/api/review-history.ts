import { queryOptions } from '@tanstack/react-query';
import type { ReviewRevisions } from '#core/api';
import { apiPaths } from '#core/api-paths';
import { api } from '#web/lib/api-client';
import { reviewKeys } from './reviews';

/**
 * GET /api/reviews/{id}/revisions (issue 18, item 2): a module of its own, loaded with the history
 * dialog only. Refreshed by every review change (invalidateAfterReviewChange).
 */
export const reviewRevisionsQueryOptions = (reviewId: number) =>
  queryOptions({
    queryKey: reviewKeys.revisionsOf(reviewId),
    queryFn: () => api.get<ReviewRevisions>(apiPaths.reviewRevisions(reviewId)),
  });
