import { Suspense, lazy, useRef, useState } from 'react';
import { reviewActionsMessages } from '#core/messages/review-actions';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog';
import { Spinner } from '#web/components/ui/feedback';
import { FlagButton, FlaggedButton } from './flag-button';

// The form (and its validation library) loads when the dialog first opens.
const FlagReasonForm = lazy(() => import('./review-flag-form').then((m) => ({ default: m.FlagReasonForm })));

/**
 * A signed-in reader's 'Flag': the dialog that takes the reason (see ReviewFlag). Once their flag is
 * open (`isFlagged`) the button reads 'Flagged'; the dialog stays mounted across that change, so the
 * form that just flagged can still thank the user and close.
 */
export function ReviewFlagDialog({
  reviewId,
  userId,
  isFlagged,
  isChecking,
}: {
  reviewId: number;
  userId: number;
  isFlagged: boolean;
  /** Whether the user already flagged this review is not known yet. */
  isChecking: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const flaggedRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      {isFlagged ? (
        <FlaggedButton ref={flaggedRef} />
      ) : (
        <DialogTrigger asChild>
          <FlagButton disabled={isChecking} />
        </DialogTrigger>
      )}
      <DialogContent
        title={reviewActionsMessages.flagDialogTitle}
        description="Tell the moderators what is wrong with this review. An admin will look at it."
        // The trigger turned into 'Flagged' while the dialog was open: focus goes there instead.
        onCloseAutoFocus={(event) => {
          if (!flaggedRef.current) return;
          event.preventDefault();
          flaggedRef.current.focus();
        }}
      >
        {/* Inside the content, so every opening starts with an empty form. */}
        <Suspense fallback={<Spinner />}>
          <FlagReasonForm reviewId={reviewId} userId={userId} onFlagged={() => setIsOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
