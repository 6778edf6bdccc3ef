import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { parsePositiveId } from '#core/parse-id';
import type { Review } from '#core/api';
import { commonMessages } from '#core/messages/common';
import { homeMessages } from '#core/messages/home';
import { reviewsMessages } from '#core/messages/reviews';
import type { ReviewForm as ReviewFormValues } from '#core/schemas/review';
import { authStatusQueryOptions, useAuth } from '#web/api/auth';
import { myReviewsQueryOptions, useDeleteReview, useUpdateReview } from '#web/api/reviews';
import { Button } from '#web/components/ui/button';
import { EmptyState, Skeleton, Spinner } from '#web/components/ui/feedback';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { MY_REVIEWS_EDIT_PARAM } from '#web/lib/my-reviews-edit';
import { MyReviewItem } from './my-review-item';
import { RedirectWithNotice } from '#web/components/redirect-with-notice';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { isSignedOutError, requireSignedInForMyReviews } from './review-access';
import { buildReviewBody } from './review-body';

/** /my-reviews (spec section 2): the user's own reviews, refreshed every 5 s, with edit and delete. */
function MyReviewsPage() {
  useDocumentTitle('My Reviews');
  const { user, isLoading } = useAuth();
  const access = requireSignedInForMyReviews({ user, isAuthLoading: isLoading });

  if (access.kind === 'pending') return <Spinner label={commonMessages.checkingAccount} />;
  if (access.kind === 'redirect') return <RedirectWithNotice redirect={access} />;
  return <MyReviews />;
}

function MyReviews() {
  const queryClient = useQueryClient();
  const reviews = useQuery(myReviewsQueryOptions());
  // Page-level mutations: a deleted review's item unmounts, but its toast still has to show.
  const updateReview = useUpdateReview();
  const deleteReview = useDeleteReview();

  // 401: the session ended. The auth status decides where the user goes; ask it now, not in 10 s.
  const isSignedOut = isSignedOutError(reviews.error);
  useEffect(() => {
    if (isSignedOut) void queryClient.invalidateQueries({ queryKey: authStatusQueryOptions().queryKey });
  }, [isSignedOut, queryClient]);

  // ?edit={id}: that review's dialog opens (issue 39, item 2: 'Edit Your Review' on an officer page).
  const [searchParams, setSearchParams] = useSearchParams();
  const editId = parsePositiveId(searchParams.get(MY_REVIEWS_EDIT_PARAM) ?? undefined);
  const navigate = useNavigate();
  const location = useLocation();
  /**
   * The dialog opened by the link closes: cancelled, back where the user came from (the officer
   * page); saved, or opened by a link from outside the app, the list stays and the parameter goes,
   * so a reload does not open the dialog again.
   */
  const closeLinkedEdit = (saved: boolean) => {
    if (!saved && location.key !== 'default') void navigate(-1);
    else setSearchParams({}, { replace: true });
  };

  const save = (review: Review, values: ReviewFormValues, onSaved: () => void) =>
    updateReview.mutate(
      { id: review.id, body: buildReviewBody(values, review.officerId) },
      {
        onSuccess: () => {
          toast({ title: reviewsMessages.updatedTitle, description: reviewsMessages.updated });
          onSaved();
        },
        onError: (error) => toast({ title: reviewsMessages.updateFailedTitle, description: errorMessage(error), variant: 'destructive' }),
      },
    );

  const remove = (review: Review, onDeleted: () => void) =>
    deleteReview.mutate(
      { id: review.id, officerId: review.officerId },
      {
        onSuccess: () => {
          toast({ title: reviewsMessages.deleted });
          onDeleted();
        },
        onError: (error) => toast({ title: reviewsMessages.deleteFailedTitle, description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold text-primary">My Reviews</h1>
        <p className="mt-1 text-stone-600">The reviews you have written. Edit or delete them here.</p>
      </header>

      {reviews.isPending ? (
        <MyReviewsSkeleton />
      ) : reviews.isError && !reviews.data ? (
        <LoadFailedAlert title={reviewsMessages.fetchFailed} error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : reviews.data.length === 0 ? (
        <EmptyState title="You have not written any reviews yet">
          <p>Find an officer you have served under and tell others how they lead.</p>
          <Button asChild variant="brass" className="mt-4">
            <Link to="/search">{homeMessages.findOfficer}</Link>
          </Button>
        </EmptyState>
      ) : (
        <ul className="space-y-4" aria-label="My reviews">
          {reviews.data.map((review) => (
            <li key={review.id}>
              <MyReviewItem
                review={review}
                isSaving={updateReview.isPending && updateReview.variables.id === review.id}
                isDeleting={deleteReview.isPending && deleteReview.variables.id === review.id}
                isEditLinked={review.id === editId}
                onLinkedEditClosed={closeLinkedEdit}
                onSave={(values, onSaved) => save(review, values, onSaved)}
                onDelete={(onDeleted) => remove(review, onDeleted)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function MyReviewsSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-label="Loading your reviews">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="rounded-lg border border-stone-200 bg-surface p-5 shadow-sm">
          <div className="flex justify-between gap-4">
            <Skeleton className="h-5 w-56" />
            <Skeleton className="h-4 w-24" />
          </div>
          <Skeleton className="mt-2 h-4 w-40" />
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-3/4" />
          <div className="mt-4 flex gap-2">
            <Skeleton className="h-8 w-16" />
            <Skeleton className="h-8 w-20" />
          </div>
        </div>
      ))}
    </div>
  );
}

export { MyReviewsPage as Component };
