import type { Review } from '#core/api';
import { AdminReviewDeleteAction } from '#web/components/domain/admin-review-delete-action';
import { ReviewCard } from '#web/components/domain/review-card';

/** The recent reviews' cards; staff get the delete action on each (spec section 6), others no action row at all. */
export function RecentReviewList({ reviews, isStaff }: { reviews: Review[]; isStaff: boolean }) {
  return (
    <ul className="space-y-4">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} showOfficer actions={isStaff ? <AdminReviewDeleteAction review={review} /> : undefined} />
        </li>
      ))}
    </ul>
  );
}
