import { Pencil } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { Review } from '#core/api';
import { reviewsMessages } from '#core/messages/reviews';
import type { ReviewForm as ReviewFormValues } from '#core/schemas/review';
import { DeleteConfirmDialog } from '#web/components/domain/delete-confirm-dialog';
import { ReviewCard } from '#web/components/domain/review-card';
import { ReviewReplyBody } from '#web/components/domain/review-reply-body';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog';
import { Spinner } from '#web/components/ui/feedback';
import { reviewFormValuesOf } from './review-body';

// The form and its validation library load when a review is opened for editing: most visits to My
// Reviews only read, and the page stays within its route budget (scripts/check-bundle-size.mjs).
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));

interface MyReviewItemProps {
  review: Review;
  isSaving: boolean;
  isDeleting: boolean;
  /** Saves the edit; calls `onSaved` once it succeeded (the dialog stays open after a failure). */
  onSave: (values: ReviewFormValues, onSaved: () => void) => void;
  /** Deletes the review; calls `onDeleted` once it succeeded. */
  onDelete: (onDeleted: () => void) => void;
  /** The page was opened to edit this review (/my-reviews?edit={id}): its dialog starts open. */
  isEditLinked?: boolean;
  /** That dialog closed, after a save or without one. */
  onLinkedEditClosed?: (saved: boolean) => void;
}

/** One of the user's own reviews, with 'Edit' (a dialog with the review form) and 'Delete' (a confirmation). */
export function MyReviewItem({ review, isSaving, isDeleting, onSave, onDelete, isEditLinked = false, onLinkedEditClosed }: MyReviewItemProps) {
  const [isEditOpen, setEditOpen] = useState(isEditLinked);
  const closeEdit = (saved: boolean) => {
    setEditOpen(false);
    if (isEditLinked) onLinkedEditClosed?.(saved);
  };
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const officerName = `${review.officer.rank} ${review.officer.name}`;

  return (
    <ReviewCard
      review={review}
      showOfficer
      // The officer's answer and 'Resolved', as the officer page shows them (issue 36).
      reply={<ReviewReplyBody review={review} />}
      actions={
        <>
          <Dialog open={isEditOpen} onOpenChange={(open) => (open ? setEditOpen(true) : closeEdit(false))}>
            <DialogTrigger asChild>
              <Button variant="outline" size="sm">
                <Pencil className="h-4 w-4" aria-hidden />
                Edit<span className="sr-only"> your review of {officerName}</span>
              </Button>
            </DialogTrigger>
            <DialogContent title="Edit Review" description={`Your review of ${officerName}`}>
              {/* Mounted on open: the form starts from the review as it is now. */}
              <Suspense fallback={<Spinner />}>
                <ReviewForm
                  defaultValues={reviewFormValuesOf(review)}
                  submitLabel="Save Changes"
                  pendingLabel="Saving…"
                  isSubmitting={isSaving}
                  onSubmit={(values) => onSave(values, () => closeEdit(true))}
                  onCancel={() => closeEdit(false)}
                />
              </Suspense>
            </DialogContent>
          </Dialog>

          <DeleteConfirmDialog
            isOpen={isDeleteOpen}
            onOpenChange={setDeleteOpen}
            label={
              <>
                Delete<span className="sr-only"> your review of {officerName}</span>
              </>
            }
            title={reviewsMessages.deleteReviewTitle}
            description={`Are you sure you want to delete your review of ${officerName}? This cannot be undone.`}
            isPending={isDeleting}
            onConfirm={() => onDelete(() => setDeleteOpen(false))}
          />
        </>
      }
    />
  );
}
