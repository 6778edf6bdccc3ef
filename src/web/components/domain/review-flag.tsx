import { Flag } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { Review } from '../../../core/api';
import { MSG } from '../../../core/messages';
import { useAuth } from '../../api/auth';
import { toast } from '../../lib/toast-store';
import { Button, type ButtonProps } from '../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog';
import { Spinner } from '../ui/feedback';

// The form (and its validation library) loads when the dialog first opens.
const FlagReasonForm = lazy(() => import('./review-flag-form').then((m) => ({ default: m.FlagReasonForm })));

/**
 * 'Flag' asks an admin to look at a review (spec sections 2 and 6): a dialog takes the reason.
 * Visitors are told to log in; the author of the review has nothing to flag.
 */
export function ReviewFlag({ review }: { review: Pick<Review, 'id' | 'userId'> }) {
  const { user, isLoading } = useAuth();
  const [isOpen, setIsOpen] = useState(false);

  if (user && user.id === review.userId) return null;

  if (!user) {
    return (
      <FlagButton
        disabled={isLoading}
        onClick={() => toast({ title: MSG.auth.authenticationRequiredTitle, description: MSG.reviewActions.loginToFlag })}
      />
    );
  }

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
          <FlagReasonForm reviewId={review.id} onFlagged={() => setIsOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

/** Takes any button props: as a DialogTrigger child it receives the trigger's props and ref. */
function FlagButton(props: ButtonProps) {
  return (
    <Button variant="ghost" size="sm" className="text-stone-600" {...props}>
      <Flag className="h-4 w-4" aria-hidden />
      {MSG.reviewActions.flag}
    </Button>
  );
}
