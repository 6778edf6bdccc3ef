import { Check } from 'lucide-react';
import { useState } from 'react';
import type { FlaggedReview } from '#core/api';
import { adminMessages } from '#core/messages/admin';
import { reviewReplyMessages as M } from '#core/messages/review-reply';
import { useApproveFlaggedReply, useDeleteReply } from '#web/api/review-replies';
import { Button } from '#web/components/ui/button';
import { DeleteConfirmDialog } from '#web/components/domain/delete-confirm-dialog';
import { reasonsOf, StatementFields, useStatementDraft } from '#web/components/domain/statement-fields';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';

const failed = (detail: string) => (error: Error) =>
  toast({ title: adminMessages.errorTitle, description: `${detail}: ${errorMessage(error)}`, variant: 'destructive' });

/**
 * A flagged reply's row (issue 18, item 1): Approve clears the reply's flags and keeps it; Delete
 * removes the reply, never the review.
 */
export function FlaggedReplyActions({ row }: { row: FlaggedReview }) {
  const [isOpen, setOpen] = useState(false);
  const [draft, setDraft] = useStatementDraft();
  const reasons = reasonsOf(draft);
  const review = { id: row.id, officerId: row.officerId };
  const approve = useApproveFlaggedReply();
  const remove = useDeleteReply();
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        disabled={approve.isPending}
        onClick={() =>
          approve.mutate(
            { review },
            { onSuccess: () => toast({ title: M.replyApprovedTitle, description: M.replyApproved }), onError: failed(adminMessages.approveFailed) },
          )
        }
      >
        <Check className="h-4 w-4" aria-hidden />
        Approve<span className="sr-only"> reply from {row.officerName}</span>
      </Button>
      <DeleteConfirmDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        label={
          <>
            Delete<span className="sr-only"> reply from {row.officerName}</span>
          </>
        }
        title={M.deleteReplyTitle}
        description={M.deleteReplyConfirm(row.officerName)}
        isPending={remove.isPending}
        confirmDisabled={reasons === null}
        onConfirm={() =>
          remove.mutate(
            { review, reasons: reasons ?? undefined },
            {
              onSuccess: () => {
                toast({ title: M.replyDeletedTitle, description: M.replyRemoved });
                setOpen(false);
              },
              onError: failed(adminMessages.deleteReviewFailed),
            },
          )
        }
      >
        <StatementFields draft={draft} onChange={setDraft} />
      </DeleteConfirmDialog>
    </>
  );
}
