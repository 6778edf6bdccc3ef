import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '#core/api';
import { myReviewsQueryOptions } from '#web/api/reviews';

/**
 * Whether the signed-in user already reviewed this officer (one review per user per officer), from
 * their own reviews; visitors are never asked. If the list cannot be loaded the page offers
 * 'Write a Review' and the server refuses a second review.
 */
export function useHasReviewedOfficer(officerId: number, user: AuthUser | null): { hasReviewedOfficer: boolean; isLoading: boolean } {
  const { data, isPending } = useQuery({
    ...myReviewsQueryOptions(),
    enabled: user !== null,
    // The 5-second polling is for the My Reviews list; the officer page only needs one answer.
    refetchInterval: false,
    select: (reviews) => reviews.some((review) => review.officerId === officerId),
  });
  return { hasReviewedOfficer: data ?? false, isLoading: user !== null && isPending };
}
