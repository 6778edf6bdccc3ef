import { queryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Review, ReviewPage, ReviewViewerState } from '#core/api';
import { apiPaths } from '#core/api-paths';
import { helpfulVotesAfter } from '#core/review-sort';
import { ApiError, api } from '#web/lib/api-client';
import { reviewKeys } from './reviews';
import { PERSONAL } from './personal';

/**
 * Votes and flags on reviews (spec sections 4, 6 and 7), apart from reviews.ts because the first
 * screen does not use them: the home page's recent reviews have no vote or flag buttons, and the
 * review lists that have them load with their own screens (scripts/check-bundle-size.mjs).
 */

type VoteValue = -1 | 0 | 1;
export type VoteDirection = 'up' | 'down';

/** Spec section 4: pressing the direction of the current vote sends 0 and removes the vote. */
export function nextVoteValue(currentVote: number, direction: VoteDirection): VoteValue {
  const pressed = direction === 'up' ? 1 : -1;
  return currentVote === pressed ? 0 : pressed;
}

/** The net score once `previousVote` is replaced by `nextVote` (the server moves it by the same difference). */
export function scoreAfterVote(score: number, previousVote: number, nextVote: number): number {
  return score - previousVote + nextVote;
}

/** What a vote changes on a review: its net score and its up and down votes. */
type ReviewVoteFigures = Pick<Review, 'score' | 'upvotes' | 'downvotes'>;

/**
 * A cached review list (a plain list or pages of a list) with one review's vote figures replaced.
 * Anything else, or a list without that review, comes back as the same object, so callers can tell
 * nothing changed and leave that query alone.
 */
export function withReviewFigures(data: unknown, reviewId: number, figures: ReviewVoteFigures): unknown {
  const patchList = (reviews: Review[]) => {
    const index = reviews.findIndex((review) => review.id === reviewId);
    const current = reviews[index];
    if (!current || (current.score === figures.score && current.upvotes === figures.upvotes && current.downvotes === figures.downvotes))
      return reviews;
    return reviews.map((review, i) => (i === index ? { ...review, ...figures } : review));
  };
  if (Array.isArray(data)) return patchList(data as Review[]);
  if (data && typeof data === 'object' && 'pages' in data && Array.isArray(data.pages)) {
    const infinite = data as InfiniteData<ReviewPage>;
    const pages = infinite.pages.map((page) => {
      const reviews = page && Array.isArray(page.reviews) ? patchList(page.reviews) : page?.reviews;
      return reviews === page?.reviews ? page : { ...page, reviews };
    });
    return pages.every((page, i) => page === infinite.pages[i]) ? data : { ...infinite, pages };
  }
  return data;
}

/**
 * Sets one review's vote figures wherever a cached review list shows it (the officer's pages in
 * every order, recent reviews, my reviews...), without refetching any list. Queries that do not hold
 * the review are not touched, so their freshness is unchanged. A page in the helpful order keeps its
 * place until it is next fetched: a review does not jump away under the pointer that voted on it.
 */
function setCachedReviewFigures(queryClient: QueryClient, reviewId: number, figures: ReviewVoteFigures): void {
  for (const [queryKey, data] of queryClient.getQueriesData({ queryKey: reviewKeys.all })) {
    const patched = withReviewFigures(data, reviewId, figures);
    if (patched !== data) queryClient.setQueryData(queryKey, patched);
  }
}

const NO_VIEWER_STATE: ReviewViewerState = { value: 0, flagged: false, replyFlagged: false };

/**
 * GET /api/reviews/{id}/vote: the spec's `value`, plus `flagged` (docs/decisions/0017: per-user
 * state stays out of the shared review pages). The key carries the user: this is personal.
 */
export const reviewViewerStateQueryOptions = (reviewId: number, userId: number) =>
  queryOptions({
    queryKey: reviewKeys.viewerState(reviewId, userId),
    queryFn: async (): Promise<ReviewViewerState> => {
      // A session that ended meanwhile has no vote; the auth status refetch updates the page.
      const answer = await api.get<Partial<ReviewViewerState> | null>(apiPaths.reviewVote(reviewId), { on401: 'null' });
      return { ...NO_VIEWER_STATE, ...answer };
    },
    ...PERSONAL,
  });

/** Changes fields of the cached viewer state, keeping the others. */
export function updateCachedViewerState(queryClient: QueryClient, reviewId: number, userId: number, change: Partial<ReviewViewerState>): void {
  queryClient.setQueryData(reviewViewerStateQueryOptions(reviewId, userId).queryKey, (state) => ({ ...(state ?? NO_VIEWER_STATE), ...change }));
}

function setCachedVote(queryClient: QueryClient, reviewId: number, userId: number, value: number): void {
  updateCachedViewerState(queryClient, reviewId, userId, { value });
}

interface CastVoteInput {
  review: Pick<Review, 'id' | 'score' | 'upvotes' | 'downvotes'>;
  userId: number;
  value: VoteValue;
}

/** The figures once the voter's vote goes from `previousVote` to `nextVote`, as the server moves them. */
export function figuresAfterVote(review: ReviewVoteFigures, previousVote: number, nextVote: number): ReviewVoteFigures {
  return { score: scoreAfterVote(review.score, previousVote, nextVote), ...helpfulVotesAfter(review, previousVote, nextVote) };
}

/**
 * POST /api/reviews/{id}/vote. The score, the up and down votes and the vote change at once
 * (optimistic) and go back if the server refuses; then the server's figures and vote are kept.
 * Nothing else is refetched.
 */
export function useCastReviewVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ review, value }: CastVoteInput) => api.post<{ value: number } & ReviewVoteFigures>(apiPaths.reviewVote(review.id), { value }),
    onMutate: async ({ review, userId, value }) => {
      const voteKey = reviewViewerStateQueryOptions(review.id, userId).queryKey;
      await queryClient.cancelQueries({ queryKey: voteKey });
      const previousVote = queryClient.getQueryData(voteKey)?.value ?? 0;
      setCachedVote(queryClient, review.id, userId, value);
      const previousFigures = { score: review.score, upvotes: review.upvotes, downvotes: review.downvotes };
      setCachedReviewFigures(queryClient, review.id, figuresAfterVote(previousFigures, previousVote, value));
      return { previousVote, previousFigures };
    },
    onSuccess: ({ value, ...figures }, { review, userId }) => {
      setCachedVote(queryClient, review.id, userId, value);
      setCachedReviewFigures(queryClient, review.id, figures);
    },
    onError: (_error, { review, userId }, context) => {
      if (!context) return;
      setCachedVote(queryClient, review.id, userId, context.previousVote);
      setCachedReviewFigures(queryClient, review.id, context.previousFigures);
    },
  });
}

interface FlagReviewInput {
  reviewId: number;
  userId: number;
  reason: string;
}

/**
 * POST /api/reviews/{id}/flag: asks an admin to look at a review. The user's flag is open from then
 * on, so their Flag button turns to 'Flagged' at once; a 409 means it already was (another tab).
 * Nothing public changes until an admin decides.
 */
export function useFlagReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reason }: FlagReviewInput) => api.post<{ success: boolean; message: string }>(apiPaths.reviewFlag(reviewId), { reason }),
    onSuccess: (_answer, { reviewId, userId }) => updateCachedViewerState(queryClient, reviewId, userId, { flagged: true }),
    onError: (error, { reviewId, userId }) => {
      if (error instanceof ApiError && error.status === 409) updateCachedViewerState(queryClient, reviewId, userId, { flagged: true });
    },
  });
}
