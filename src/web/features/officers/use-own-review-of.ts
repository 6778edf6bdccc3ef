import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '#core/api';
import { myReviewsQueryOptions } from '#web/api/reviews';

/**
 * The signed-in user's review of this officer, if any (one review per user per officer), from their
 * own reviews; visitors are never asked. If the list cannot be loaded the page offers 'Write a
 * Review' and the server refuses a second review.
 */
export function useOwnReviewOf(officerId: number, user: AuthUser | null): { ownReviewId: number | null; isLoading: boolean } {
  const { data, isPending } = useQuery({
    ...myReviewsQueryOptions(),
    enabled: user !== null,
    // The 5-second polling is for the My Reviews list; the officer page only needs one answer.
    refetchInterval: false,
    select: (reviews) => reviews.find((review) => review.officerId === officerId)?.id ?? null,
  });
  return { ownReviewId: data ?? null, isLoading: user !== null && isPending };
}
