import { Suspense, lazy } from 'react';
import type { Review } from '#core/api';
import { useIsStaff } from '#web/api/auth';

// Only staff see it: its dialog code stays out of everyone else's pages.
const AdminReviewDelete = lazy(() => import('./admin-review-delete').then((m) => ({ default: m.AdminReviewDelete })));

/** The admin's Delete on a review in a list (spec section 6), loaded and shown for staff only (issue 33: moderators too). */
export function AdminReviewDeleteAction({ review }: { review: Pick<Review, 'id' | 'officerId' | 'user' | 'officer'> }) {
  const isStaff = useIsStaff();
  if (!isStaff) return null;
  return (
    <Suspense fallback={null}>
      <AdminReviewDelete review={review} authorName={review.user.username} officerName={`${review.officer.rank} ${review.officer.name}`} />
    </Suspense>
  );
}
