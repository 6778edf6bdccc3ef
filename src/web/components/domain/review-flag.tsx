import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useId } from 'react';
import type { Review } from '#core/api';
import { accountMessages } from '#core/messages/account';
import { sessionMessages } from '#core/messages/session';
import { reviewActionsMessages } from '#core/messages/review-actions';
import { canFlagReview, isOwnReview } from '#core/permissions';
import { useAuth } from '#web/api/auth';
import { reviewViewerStateQueryOptions } from '#web/api/review-votes';
import { toast } from '#web/lib/toast-store';
import { FlagButton } from './flag-button';

// The dialog (and, when it opens, its form) loads for signed-in readers only: visitors get a
// button that asks them to log in, without the dialog's code on their first screen.
const ReviewFlagDialog = lazy(() => import('./review-flag-dialog').then((m) => ({ default: m.ReviewFlagDialog })));

/**
 * 'Flag' asks an admin to look at a review (spec sections 2 and 6): a dialog takes the reason.
 * Visitors are told to log in; the author of the review has nothing to flag; a suspended account
 * cannot flag (the button says why); a user whose flag is open sees 'Flagged' (from the same
 * per-user answer as their vote, GET /api/reviews/{id}/vote).
 */
export function ReviewFlag({ review }: { review: Pick<Review, 'id' | 'userId'> }) {
  const { user, isLoading } = useAuth();
  const suspendedNoticeId = useId();
  const isOwn = isOwnReview(user, review);
  const mayFlag = canFlagReview(user, review);
  const flagged = useQuery({
    ...reviewViewerStateQueryOptions(review.id, user?.id ?? 0),
    enabled: mayFlag,
    select: (state) => state.flagged,
  });

  if (isOwn) return null;

  if (!user) {
    return (
      <FlagButton
        disabled={isLoading}
        onClick={() => toast({ title: sessionMessages.authenticationRequiredTitle, description: reviewActionsMessages.loginToFlag })}
      />
    );
  }

  if (!mayFlag) {
    return (
      <>
        <FlagButton disabled title={accountMessages.suspended} aria-describedby={suspendedNoticeId} />
        <span id={suspendedNoticeId} className="sr-only">
          {accountMessages.suspended}
        </span>
      </>
    );
  }

  return (
    <Suspense fallback={<FlagButton disabled />}>
      <ReviewFlagDialog reviewId={review.id} userId={user.id} isFlagged={flagged.data === true} isChecking={flagged.isPending} />
    </Suspense>
  );
}
