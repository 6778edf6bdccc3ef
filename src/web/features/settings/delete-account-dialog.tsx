import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { yourDataMessages } from '#core/messages/your-data';
import { useRequestDeletion, type ReviewsOnDeletion } from '#web/api/your-data';
import { DeleteConfirmDialog } from '#web/components/domain/delete-confirm-dialog';
import { Alert } from '#web/components/ui/feedback';
import { Input } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';

const REVIEW_CHOICES: ReadonlyArray<{ value: ReviewsOnDeletion; label: string }> = [
  { value: 'anonymize', label: yourDataMessages.deleteAnonymize },
  { value: 'delete', label: yourDataMessages.deleteReviews },
];

/**
 * Why the deletion was refused, as the dialog says it. An account without a password here (Steam or
 * Firebase only) proves it is its owner by a recent sign-in: that refusal gets the longer text, which
 * says why no password helps and what to do instead.
 */
function deletionFailureText(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage === yourDataMessages.freshSignInRequired) return yourDataMessages.deleteFreshSignIn;
  return errorMessage(error);
}

/**
 * 'Delete my account' (issue 35, item 2): what becomes of the reviews, the password when the account
 * has one (the server knows; the status does not say), and a box to tick before the red button
 * works. Once the server has scheduled it, the session is gone: home, signed out, with its answer.
 */
export function DeleteAccountDialog() {
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [reviews, setReviews] = useState<ReviewsOnDeletion>('anonymize');
  const [password, setPassword] = useState('');
  const [isConfirmed, setConfirmed] = useState(false);
  const confirmId = useId();
  const requestDeletion = useRequestDeletion({
    leave: async ({ message }) => {
      // Home is on screen before the session is forgotten, as at a logout (useSignOut).
      await navigate('/', { flushSync: true });
      toast({ title: yourDataMessages.deleteRequestedTitle, description: message });
    },
  });

  const changeOpen = (next: boolean) => {
    setOpen(next);
    // A closed dialog keeps neither the password nor the last refusal.
    if (!next) {
      setPassword('');
      setConfirmed(false);
      requestDeletion.reset();
    }
  };

  return (
    <DeleteConfirmDialog
      isOpen={isOpen}
      onOpenChange={changeOpen}
      label={yourDataMessages.deleteButton}
      title={yourDataMessages.deleteTitle}
      description={yourDataMessages.deleteIntro}
      confirmLabel={yourDataMessages.deleteButton}
      emphasis="strong"
      isPending={requestDeletion.isPending}
      confirmDisabled={!isConfirmed}
      onConfirm={() => requestDeletion.mutate({ reviews, ...(password ? { password } : {}) })}
    >
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">{yourDataMessages.deleteReviewsLegend}</legend>
        {REVIEW_CHOICES.map((choice) => (
          <label key={choice.value} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="reviews-on-deletion"
              className="mt-0.5 h-4 w-4 accent-union-dark"
              value={choice.value}
              checked={reviews === choice.value}
              onChange={() => setReviews(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <FormField label={yourDataMessages.deletePasswordLabel} hint={yourDataMessages.deletePasswordHint}>
        {(field) => (
          <Input {...field} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        )}
      </FormField>
      <div className="flex items-start gap-2">
        <input
          id={confirmId}
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-union-dark"
          checked={isConfirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
        />
        <label htmlFor={confirmId} className="text-sm">
          {yourDataMessages.deleteConfirm}
        </label>
      </div>
      {requestDeletion.isError && <Alert variant="destructive">{deletionFailureText(requestDeletion.error)}</Alert>}
    </DeleteConfirmDialog>
  );
}
