import { useQuery } from '@tanstack/react-query';
import { homeMessages } from '#core/messages/home';
import { useIsStaff } from '#web/api/auth';
import { recentReviewsQueryOptions } from '#web/api/reviews';
import { AdminReviewDeleteAction } from '#web/components/domain/admin-review-delete-action';
import { ReviewCard } from '#web/components/domain/review-card';
import { Alert, EmptyState, Skeleton } from '#web/components/ui/feedback';
import { errorMessage } from '#web/lib/api-client';
import { HomeSection } from './home-section';

/** 'Recent Reviews' across all officers (spec section 2, Home). */
export function RecentReviewsSection() {
  const reviews = useQuery(recentReviewsQueryOptions());
  // Admins may delete any review (spec section 6); others get no action row at all.
  const isStaff = useIsStaff();

  return (
    <HomeSection id="recent-reviews" title={homeMessages.recentReviews}>
      {reviews.isPending ? (
        <ul className="space-y-4" aria-busy="true" aria-label="Loading recent reviews">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i}>
              <Skeleton className="h-36" />
            </li>
          ))}
        </ul>
      ) : reviews.isError ? (
        <Alert variant="destructive" title="Recent reviews could not be loaded">
          {errorMessage(reviews.error)}
        </Alert>
      ) : reviews.data.length === 0 ? (
        <EmptyState title={homeMessages.noReviews} />
      ) : (
        <ul className="space-y-4">
          {reviews.data.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} showOfficer actions={isStaff ? <AdminReviewDeleteAction review={review} /> : undefined} />
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
