import { Suspense, lazy } from 'react';
import type { Review } from '../../../core/api';
import { MSG } from '../../../core/messages';
import { useAuth } from '../../api/auth';
import { toast } from '../../lib/toast-store';
import { FlagButton } from './flag-button';

// The dialog (and, when it opens, its form) loads for signed-in readers only: visitors get a
// button that asks them to log in, without the dialog's code on their first screen.
const ReviewFlagDialog = lazy(() => import('./review-flag-dialog').then((m) => ({ default: m.ReviewFlagDialog })));

/**
 * 'Flag' asks an admin to look at a review (spec sections 2 and 6): a dialog takes the reason.
 * Visitors are told to log in; the author of the review has nothing to flag.
 */
export function ReviewFlag({ review }: { review: Pick<Review, 'id' | 'userId'> }) {
  const { user, isLoading } = useAuth();

  if (user && user.id === review.userId) return null;

  if (!user) {
    return (
      <FlagButton
        disabled={isLoading}
        onClick={() => toast({ title: MSG.auth.authenticationRequiredTitle, description: MSG.reviewActions.loginToFlag })}
      />
    );
  }

  return (
    <Suspense fallback={<FlagButton disabled />}>
      <ReviewFlagDialog reviewId={review.id} />
    </Suspense>
  );
}
