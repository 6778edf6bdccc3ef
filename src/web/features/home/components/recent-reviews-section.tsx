import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { homeMessages } from '#core/messages/home';
import { useIsStaff } from '#web/api/auth';
import { recentReviewsQueryOptions } from '#web/api/reviews';
import { Alert, EmptyState, Skeleton } from '#web/components/ui/feedback';
import { errorMessage } from '#web/lib/api-client';
import { HomeSection } from './home-section';

/**
 * The cards come in their own chunk, after the first paint: the section is below the fold on every
 * screen, and the review card (with its stars, reviewer signals and actions) was the largest part of
 * the first screen's script and of its first render's long task (Lighthouse, docs/performance.md).
 * The reviews themselves are asked for at once, with the page (the page shell preloads them).
 */
const RecentReviewList = lazy(() => import('./recent-review-list').then((m) => ({ default: m.RecentReviewList })));

/** 'Recent Reviews' across all officers (spec section 2, Home). */
export function RecentReviewsSection() {
  const reviews = useQuery(recentReviewsQueryOptions());
  // Admins may delete any review (spec section 6).
  const isStaff = useIsStaff();

  return (
    <HomeSection id="recent-reviews" title={homeMessages.recentReviews}>
      {reviews.isPending ? (
        <RecentReviewsSkeleton />
      ) : reviews.isError ? (
        <Alert variant="destructive" title="Recent reviews could not be loaded">
          {errorMessage(reviews.error)}
        </Alert>
      ) : reviews.data.length === 0 ? (
        <EmptyState title={homeMessages.noReviews} />
      ) : (
        <Suspense fallback={<RecentReviewsSkeleton />}>
          <RecentReviewList reviews={reviews.data} isStaff={isStaff} />
        </Suspense>
      )}
    </HomeSection>
  );
}

function RecentReviewsSkeleton() {
  return (
    <ul className="space-y-4" aria-busy="true" aria-label="Loading recent reviews">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i}>
          <Skeleton className="h-36" />
        </li>
      ))}
    </ul>
  );
}
