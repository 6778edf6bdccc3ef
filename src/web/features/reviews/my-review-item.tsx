import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Review } from '#core/api';
import { reviewsMessages } from '#core/messages/reviews';
import type { ReviewForm as ReviewFormValues } from '#core/schemas/review';
import { ReviewCard } from '#web/components/domain/review-card';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog';
import { reviewFormValuesOf } from './review-body';
import { ReviewForm } from './review-form';

interface MyReviewItemProps {
  review: Review;
  isSaving: boolean;
  isDeleting: boolean;
  /** Saves the edit; calls `onSaved` once it succeeded (the dialog stays open after a failure). */
  onSave: (values: ReviewFormValues, onSaved: () => void) => void;
  /** Deletes the review; calls `onDeleted` once it succeeded. */
  onDelete: (onDeleted: () => void) => void;
}

/** One of the user's own reviews, with 'Edit' (a dialog with the review form) and 'Delete' (a confirmation). */
export function MyReviewItem({ review, isSaving, isDeleting, onSave, onDelete }: MyReviewItemProps) {
  const [isEditOpen, setEditOpen] = useState(false);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const officerName = `${review.officer.rank} ${review.officer.name}`;

  return (
    <ReviewCard
      review={review}
      showOfficer
      actions={
        <>
          <Dialog open={isEditOpen} onOpenChange={setEditOpen}>
            <DialogTrigger asChild>
              <Button variant="outline" size="sm">
                <Pencil className="h-4 w-4" aria-hidden />
                Edit<span className="sr-only"> your review of {officerName}</span>
              </Button>
            </DialogTrigger>
            <DialogContent title="Edit Review" description={`Your review of ${officerName}`}>
              {/* Mounted on open: the form starts from the review as it is now. */}
              <ReviewForm
                defaultValues={reviewFormValuesOf(review)}
                submitLabel="Save Changes"
                pendingLabel="Saving…"
                isSubmitting={isSaving}
                onSubmit={(values) => onSave(values, () => setEditOpen(false))}
                onCancel={() => setEditOpen(false)}
              />
            </DialogContent>
          </Dialog>

          <Dialog open={isDeleteOpen} onOpenChange={setDeleteOpen}>
            <DialogTrigger asChild>
              <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
                <Trash2 className="h-4 w-4" aria-hidden />
                Delete<span className="sr-only"> your review of {officerName}</span>
              </Button>
            </DialogTrigger>
            <DialogContent
              title={reviewsMessages.deleteReviewTitle}
              description={`Are you sure you want to delete your review of ${officerName}? This cannot be undone.`}
            >
              <div className="flex justify-end gap-3">
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <Button variant="destructive" disabled={isDeleting} onClick={() => onDelete(() => setDeleteOpen(false))}>
                  {isDeleting ? 'Deleting…' : 'Delete'}
                </Button>
              </div>
            </DialogContent>
          </Dialog>
        </>
      }
    />
  );
}
