import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, MessageSquareReply, Pencil } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { Review } from '#core/api';
import { LIMITS } from '#core/constants';
import { reviewReplyMessages as M } from '#core/messages/review-reply';
import { reviewActionsMessages } from '#core/messages/review-actions';
import { canModerate } from '#core/permissions';
import { canDeleteReply, canFlagReply, canReplyToReview, canResolveReview } from '#core/reply-permissions';
import { replyBodySchema } from '#core/schemas/review';
import { useAuth } from '#web/api/auth';
import { useDeleteReply, useFlagReply, usePutReply, useSetResolved } from '#web/api/review-replies';
import { reviewViewerStateQueryOptions } from '#web/api/review-votes';
import { reasonsOf, StatementFields, useStatementDraft } from '#web/components/domain/statement-fields';
import { DeleteConfirmDialog } from '#web/components/domain/delete-confirm-dialog';
import { FlagButton, FlaggedButton } from '#web/components/domain/flag-button';
import { FlagReasonFields } from '#web/components/domain/review-flag-form';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog';
import { Textarea } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';
import { officerTitle } from './review-reply';

const failed = (title: string) => (error: Error) => toast({ title, description: errorMessage(error), variant: 'destructive' });

/** The officer's Reply / Edit reply / Delete reply, and the reviewer's Mark resolved toggle. */
export function ReplyOwnerControls({ review }: { review: Review }) {
  const { user } = useAuth();
  const setResolved = useSetResolved();
  return (
    <>
      {canReplyToReview(user, review) && <ReplyDialog review={review} />}
      {review.reply && canDeleteReply(user, review) && !canModerate(user) && <DeleteReplyDialog review={review} />}
      {canResolveReview(user, review) && (
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={review.resolved}
          disabled={setResolved.isPending}
          onClick={() =>
            setResolved.mutate(
              { review, resolved: !review.resolved },
              {
                onSuccess: (answer) => toast({ title: answer.resolved ? M.resolvedTitle : M.unresolvedTitle }),
                onError: failed(M.resolveFailedTitle),
              },
            )
          }
        >
          <CheckCircle2 className="h-4 w-4" aria-hidden />
          {review.resolved ? M.markUnresolved : M.markResolved}
        </Button>
      )}
    </>
  );
}

/** On the reply: Flag for other signed-in readers, Delete for staff (moderators and admins). */
export function ReplyModerationControls({ review }: { review: Review }) {
  const { user } = useAuth();
  return (
    <>
      {user && canFlagReply(user, review) && <FlagReplyDialog reviewId={review.id} userId={user.id} />}
      {canModerate(user) && <DeleteReplyDialog review={review} asStaff />}
    </>
  );
}

type ReplyForm = z.input<typeof replyBodySchema>;

/** Reply or Edit reply: the review's text rules and messages (replyBodySchema is reviewTextSchema). */
function ReplyDialog({ review }: { review: Review }) {
  const [isOpen, setOpen] = useState(false);
  const isEdit = review.reply !== null;
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          {isEdit ? <Pencil className="h-4 w-4" aria-hidden /> : <MessageSquareReply className="h-4 w-4" aria-hidden />}
          {isEdit ? M.editReply : M.reply}
        </Button>
      </DialogTrigger>
      <DialogContent title={isEdit ? M.editReplyDialogTitle : M.replyDialogTitle} description={M.replyDialogDescription}>
        <ReplyTextForm review={review} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ReplyTextForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const putReply = usePutReply();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReplyForm>({ resolver: zodResolver(replyBodySchema), defaultValues: { text: review.reply?.text ?? '' } });
  const textError = errors.text?.message;
  const length = useWatch({ control, name: 'text' }).length;
  const onSubmit = handleSubmit(({ text }) =>
    putReply.mutate(
      { review, text },
      {
        onSuccess: () => {
          toast({ title: review.reply ? M.replySavedTitle : M.replyPostedTitle });
          onDone();
        },
        onError: failed(M.replyFailedTitle),
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField label={M.replyLabel} error={textError}>
        {(field) => (
          <>
            <Textarea {...field} rows={5} {...register('text')} />
            <p className="text-right text-xs text-stone-600">
              {length}/{LIMITS.reviewTextMax}
            </p>
          </>
        )}
      </FormField>
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={putReply.isPending}>
          {putReply.isPending ? 'Saving…' : review.reply ? M.editReply : M.reply}
        </Button>
      </div>
    </form>
  );
}

/**
 * Delete reply, with a confirmation: the officer's own, or any as staff, who say why (issue 33: the
 * ground and facts its writer is told).
 */
function DeleteReplyDialog({ review, asStaff = false }: { review: Review; asStaff?: boolean }) {
  const [isOpen, setOpen] = useState(false);
  const [draft, setDraft] = useStatementDraft();
  const reasons = reasonsOf(draft);
  const deleteReply = useDeleteReply();
  return (
    <DeleteConfirmDialog
      isOpen={isOpen}
      onOpenChange={setOpen}
      label={M.deleteReply}
      title={M.deleteReplyTitle}
      description={M.deleteReplyConfirm(officerTitle(review))}
      isPending={deleteReply.isPending}
      confirmDisabled={asStaff && reasons === null}
      onConfirm={() =>
        deleteReply.mutate(
          { review, reasons: asStaff ? (reasons ?? undefined) : undefined },
          {
            onSuccess: () => {
              toast({ title: M.replyDeletedTitle });
              setOpen(false);
            },
            onError: failed(M.replyFailedTitle),
          },
        )
      }
    >
      {asStaff && <StatementFields draft={draft} onChange={setDraft} />}
    </DeleteConfirmDialog>
  );
}

/**
 * Flag on the reply: the reason, as for a review's flag; the admin sees it in the one queue, marked
 * as a reply. Once the user's flag on the reply is open the button says 'Flagged', whatever their flag
 * on the review (issue 32: two flags).
 */
function FlagReplyDialog({ reviewId, userId }: { reviewId: number; userId: number }) {
  const [isOpen, setOpen] = useState(false);
  const flaggedRef = useRef<HTMLButtonElement>(null);
  const flag = useFlagReply();
  const flagged = useQuery({ ...reviewViewerStateQueryOptions(reviewId, userId), select: (state) => state.replyFlagged });
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {flagged.data === true ? (
        <FlaggedButton ref={flaggedRef} aria-label={M.replyFlaggedTitle} title={M.duplicateReplyFlag} />
      ) : (
        <DialogTrigger asChild>
          <FlagButton aria-label={M.flagReplyDialogTitle} disabled={flagged.isPending} />
        </DialogTrigger>
      )}
      <DialogContent
        title={M.flagReplyDialogTitle}
        description={M.flagReplyDescription}
        // The trigger turned into 'Flagged' while the dialog was open: focus goes there instead.
        onCloseAutoFocus={(event) => {
          if (!flaggedRef.current) return;
          event.preventDefault();
          flaggedRef.current.focus();
        }}
      >
        <FlagReasonFields
          isPending={flag.isPending}
          onSubmit={(reason) =>
            flag.mutate(
              { reviewId, userId, reason },
              {
                onSuccess: () => {
                  toast({ title: M.replyFlaggedTitle, description: reviewActionsMessages.flagged });
                  setOpen(false);
                },
                onError: (error) => {
                  failed(M.flagReplyFailedTitle)(error);
                  // Already flagged (another tab): the button now says so; nothing is left to fill in.
                  if (error instanceof ApiError && error.status === 409) setOpen(false);
                },
              },
            )
          }
        />
      </DialogContent>
    </Dialog>
  );
}
