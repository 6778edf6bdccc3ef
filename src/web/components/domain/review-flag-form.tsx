import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { reviewActionsMessages } from '#core/messages/review-actions';
import { flagBodySchema } from '#core/schemas/review';
import { useFlagReview } from '#web/api/review-votes';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';
import { Button } from '#web/components/ui/button';
import { DialogClose } from '#web/components/ui/dialog';
import { Textarea } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';

type FlagForm = z.input<typeof flagBodySchema>;
type FlagBody = z.output<typeof flagBodySchema>;

/** The reason for a flag (at least 10 characters), inside the Flag dialog of review-flag.tsx. */
export function FlagReasonForm({ reviewId, userId, onFlagged }: { reviewId: number; userId: number; onFlagged: () => void }) {
  const flag = useFlagReview();
  return (
    <FlagReasonFields
      isPending={flag.isPending}
      onSubmit={(reason) =>
        flag.mutate(
          { reviewId, userId, reason },
          {
            onSuccess: () => {
              toast({ title: reviewActionsMessages.flaggedTitle, description: reviewActionsMessages.flagged });
              onFlagged();
            },
            onError: (error) => toast({ title: reviewActionsMessages.flagFailedTitle, description: errorMessage(error), variant: 'destructive' }),
          },
        )
      }
    />
  );
}

/**
 * The reason field, Cancel and Submit of a flag dialog, validated by the flag body's schema: a
 * review's flag above, and the flag on an officer's reply (issue 18).
 */
export function FlagReasonFields({ isPending, onSubmit }: { isPending: boolean; onSubmit: (reason: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FlagForm, unknown, FlagBody>({ resolver: zodResolver(flagBodySchema), defaultValues: { reason: '' } });

  const reasonError = errors.reason?.message;
  return (
    <form onSubmit={handleSubmit(({ reason }) => onSubmit(reason))} noValidate className="space-y-4">
      <FormField label="Reason" error={reasonError}>
        {(field) => (
          <Textarea
            {...field}
            rows={4}
            // The reason is what the dialog asks for: the keyboard starts there, not on Close (issue 36).
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            {...register('reason')}
          />
        )}
      </FormField>
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={isPending}>
          {isPending ? 'Submitting…' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
