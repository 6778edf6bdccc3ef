import { Suspense, lazy, useState } from 'react';
import { MSG } from '../../../core/messages';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog';
import { Spinner } from '../ui/feedback';
import { FlagButton } from './flag-button';

// The form (and its validation library) loads when the dialog first opens.
const FlagReasonForm = lazy(() => import('./review-flag-form').then((m) => ({ default: m.FlagReasonForm })));

/** A signed-in reader's 'Flag': the dialog that takes the reason (see ReviewFlag). */
export function ReviewFlagDialog({ reviewId }: { reviewId: number }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <FlagButton />
      </DialogTrigger>
      <DialogContent
        title={MSG.reviewActions.flagDialogTitle}
        description="Tell the moderators what is wrong with this review. An admin will look at it."
      >
        {/* Inside the content, so every opening starts with an empty form. */}
        <Suspense fallback={<Spinner />}>
          <FlagReasonForm reviewId={reviewId} onFlagged={() => setIsOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
