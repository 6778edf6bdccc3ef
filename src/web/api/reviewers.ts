import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ReviewerProfile } from '#core/api';
import { apiPaths } from '#core/api-paths';
import { api } from '#web/lib/api-client';
import { reviewKeys } from './reviews';

/**
 * GET /api/reviewers/{userId} (issue 36, item 3): the profile and its reviews, five a page, page by
 * page until nextPage is null. Keyed under 'reviews', so a vote patches its figures here too.
 */
export const reviewerProfileQueryOptions = (userId: number) =>
  infiniteQueryOptions({
    queryKey: [...reviewKeys.reviewers(), userId],
    queryFn: ({ pageParam }) => api.get<ReviewerProfile>(apiPaths.reviewer(userId, pageParam)),
    initialPageParam: 1,
    getNextPageParam: (lastPage) => lastPage.nextPage ?? undefined,
  });
