import { Flag } from 'lucide-react';
import type { Ref } from 'react';
import { reviewActionsMessages } from '#core/messages/review-actions';
import { Button, type ButtonProps } from '#web/components/ui/button';

/** Takes any button props: as a DialogTrigger child it receives the trigger's props and ref. */
export function FlagButton(props: ButtonProps) {
  return (
    <Button variant="ghost" size="sm" className="text-stone-600" {...props}>
      <Flag className="h-4 w-4" aria-hidden />
      {reviewActionsMessages.flag}
    </Button>
  );
}

/**
 * 'Flagged': the signed-in user's flag on this review is open, so there is nothing more to do.
 * Disabled by aria-disabled rather than `disabled`, so it can still hold focus: after a flag the
 * dialog closes and hands focus back to this button (a disabled one would drop it on the page).
 */
export function FlaggedButton(props: Omit<ButtonProps, 'onClick' | 'children'> & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-disabled="true"
      title={reviewActionsMessages.flagged}
      className="cursor-not-allowed text-stone-600 opacity-60 hover:bg-transparent"
      {...props}
    >
      <Flag className="h-4 w-4 fill-current" aria-hidden />
      {reviewActionsMessages.flaggedButton}
    </Button>
  );
}
