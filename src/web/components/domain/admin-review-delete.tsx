import { useState } from 'react';
import { adminMessages } from '#core/messages/admin';
import { anonymousSoldier } from '#core/messages/common';
import { reviewsMessages } from '#core/messages/reviews';
import { useDeleteReviewAsAdmin } from '#web/api/admin';
import { useIsStaff } from '#web/api/auth';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';
import { DeleteConfirmDialog } from './delete-confirm-dialog';
import { reasonsOf, StatementFields, useStatementDraft } from './statement-fields';
import { staffMessages } from '#core/messages/staff';

export interface AdminReviewDeleteProps {
  review: { id: number; officerId: number };
  /** The review's author as shown to people; null shows 'Anonymous Soldier'. */
  authorName: string | null;
  /** The reviewed officer, e.g. 'Major Winfield Hancock'. */
  officerName: string;
}

/**
 * The admin's Delete on any review (spec section 6): a confirmation titled 'Delete Review', then
 * DELETE /api/reviews/{id} with the ground and facts its author is told (issue 33). Renders nothing
 * for anyone but staff (admins and moderators). The toasts are raised at the
 * mutation level: this button leaves the page with its review once the lists are refreshed.
 */
export function AdminReviewDelete({ review, authorName, officerName }: AdminReviewDeleteProps) {
  const isStaff = useIsStaff();
  const [isOpen, setOpen] = useState(false);
  const [draft, setDraft] = useStatementDraft();
  const reasons = reasonsOf(draft);
  const deleteReview = useDeleteReviewAsAdmin({
    onSuccess: () => {
      toast({ title: adminMessages.reviewDeletedTitle, description: adminMessages.reviewDeleted });
      setOpen(false);
    },
    onError: (error) =>
      toast({ title: adminMessages.errorTitle, description: `${adminMessages.deleteReviewFailed}: ${errorMessage(error)}`, variant: 'destructive' }),
  });
  if (!isStaff) return null;

  const author = authorName || anonymousSoldier;
  return (
    <DeleteConfirmDialog
      isOpen={isOpen}
      onOpenChange={setOpen}
      label={
        <>
          Delete<span className="sr-only"> review by {author}</span>
        </>
      }
      title={reviewsMessages.deleteReviewTitle}
      description={`Are you sure you want to delete the review by ${author} of ${officerName}? ${staffMessages.removalTold}`}
      isPending={deleteReview.isPending}
      confirmDisabled={reasons === null}
      onConfirm={() => reasons && deleteReview.mutate({ id: review.id, officerId: review.officerId, reasons })}
    >
      <StatementFields draft={draft} onChange={setDraft} />
    </DeleteConfirmDialog>
  );
}
