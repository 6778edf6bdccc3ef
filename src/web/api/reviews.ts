import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Review, ReviewPage } from '#core/api';
import { apiPaths } from '#core/api-paths';
import { FRESHNESS } from '#core/constants';
import { DEFAULT_REVIEW_SORT, type ReviewSort } from '#core/review-sort';
import type { ReviewBody } from '#core/schemas/review';
import { ApiError, api } from '#web/lib/api-client';
import { officerKeys, officerQueryOptions, officerTrendQueryOptions } from './officers';
import { PERSONAL } from './personal';

/** Every review answer is keyed under 'reviews', so a vote can patch the figures wherever a list shows them. */
export const reviewKeys = {
  all: ['reviews'] as const,
  recent: () => [...reviewKeys.all, 'recent'] as const,
  mine: () => [...reviewKeys.all, 'my'] as const,
  /** Every order of one officer's reviews: what a change to their reviews refreshes. */
  ofOfficer: (officerId: number) => [...reviewKeys.all, 'officer', officerId] as const,
  ofOfficerSorted: (officerId: number, sort: ReviewSort) => [...reviewKeys.ofOfficer(officerId), sort] as const,
  viewerState: (reviewId: number, userId: number) => [...reviewKeys.all, 'vote', reviewId, userId] as const,
  /** Every reviewer's profile (reviewers.ts, issue 36, each under its user id): their reviews, so a review change refreshes them. */
  reviewers: () => [...reviewKeys.all, 'reviewer'] as const,
  /** Every review's edit history (review-history.ts): what a review change refreshes. */
  revisions: () => [...reviewKeys.all, 'revisions'] as const,
  revisionsOf: (reviewId: number) => [...reviewKeys.revisions(), reviewId] as const,
};

export const recentReviewsQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.recent(),
    queryFn: () => api.get<Review[]>(apiPaths.recentReviews),
    staleTime: FRESHNESS.recentReviews,
  });

/**
 * Five reviews a page in the chosen order (spec section 9, issue 16): the first page by number (the
 * URL the HTML preloads), each next one after the previous page's nextCursor, until it is null.
 */
export const officerReviewsQueryOptions = (officerId: number, sort: ReviewSort = DEFAULT_REVIEW_SORT) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.ofOfficerSorted(officerId, sort),
    queryFn: ({ pageParam }) => api.get<ReviewPage>(apiPaths.officerReviews(officerId, { sort, cursor: pageParam })),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

// ---- Writing reviews: the user's own list, create, edit and delete (spec sections 4 and 7) ----
// useMutation, useQueryClient and QueryClient come from the first import of this file.

/**
 * GET /api/reviews/my, polled every 5 s (spec section 4). A 401 throws 'Authentication required'
 * instead of answering null: an empty list would tell someone whose session ended that they have
 * no reviews. Pages ask only once the auth status says signed in.
 */
export const myReviewsQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.mine(),
    queryFn: () => api.get<Review[]>(apiPaths.myReviews),
    refetchInterval: FRESHNESS.myReviewsRefetch,
    ...PERSONAL,
  });

/**
 * Spec section 4, Cache refresh after changes: a review change refreshes the recent, my-reviews
 * and top-officers lists plus that officer's reviews and detail. Create, edit and delete all use
 * this one function. Active queries refetch (the promise waits for them); the others turn stale.
 */
export async function invalidateAfterReviewChange(queryClient: QueryClient, officerId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: recentReviewsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: myReviewsQueryOptions().queryKey }),
    // Every side filter of topOfficersQueryOptions.
    queryClient.invalidateQueries({ queryKey: officerKeys.top() }),
    queryClient.invalidateQueries({ queryKey: reviewKeys.ofOfficer(officerId) }),
    queryClient.invalidateQueries({ queryKey: officerQueryOptions(officerId).queryKey, exact: true }),
    // Beside the spec's list: the officer's monthly trend (issue 16) moves with its reviews too.
    queryClient.invalidateQueries({ queryKey: officerTrendQueryOptions(officerId).queryKey }),
    // And the edit histories (issue 18): an edit adds a version, a delete removes them all.
    queryClient.invalidateQueries({ queryKey: reviewKeys.revisions() }),
    // And the reviewers' profiles (issue 36), the author's among them.
    queryClient.invalidateQueries({ queryKey: reviewKeys.reviewers() }),
  ]);
}

/** POST /api/reviews. Stays pending until the caches are refreshed, so the next screen shows the review. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => api.post<Review>(apiPaths.reviews, body),
    onSuccess: (_review, body) => invalidateAfterReviewChange(queryClient, body.officerId),
    // 409: this officer was reviewed after all (in another tab): our list of own reviews is out of date.
    onError: (error) =>
      error instanceof ApiError && error.status === 409 ? queryClient.invalidateQueries({ queryKey: myReviewsQueryOptions().queryKey }) : undefined,
  });
}

interface UpdateReviewInput {
  id: number;
  body: ReviewBody;
}

/** PUT /api/reviews/{id} with the same fields as a new review. */
export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateReviewInput) => api.put<Review>(apiPaths.review(id), body),
    onSuccess: (_review, { body }) => invalidateAfterReviewChange(queryClient, body.officerId),
  });
}

interface DeleteReviewInput {
  id: number;
  /** The reviewed officer, whose figures and review list change. */
  officerId: number;
}

/** DELETE /api/reviews/{id}. */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: DeleteReviewInput) => api.delete<{ success: boolean; message: string }>(apiPaths.review(id)),
    onSuccess: (_result, { officerId }) => invalidateAfterReviewChange(queryClient, officerId),
  });
}
