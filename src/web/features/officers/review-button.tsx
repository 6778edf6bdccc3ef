import { Gamepad2, LogIn, PenLine, SquarePen } from 'lucide-react';
import { Link } from 'react-router';
import { isOwnOfficerProfile } from '#core/permissions';
import { useAuth } from '#web/api/auth';
import { AccountSuspendedNotice } from '#web/components/domain/account-suspended-notice';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/feedback';
import { chooseReviewAction } from './review-action';
import { useOwnReviewOf } from './use-own-review-of';

/** The in-app actions: each a link, told apart by its icon and weight. */
const LINK_LOOK = {
  login: { Icon: LogIn, variant: 'outline' },
  edit: { Icon: SquarePen, variant: 'outline' },
  write: { Icon: PenLine, variant: 'brass' },
} as const;

/**
 * The review button of an officer page; 'Edit Your Review' for a user who already reviewed them, and
 * none for the officer himself.
 */
export function ReviewButton({ officerId }: { officerId: number }) {
  const { user, isLoading } = useAuth();
  // The officer himself gets no button, so his own reviews need not be asked for first.
  const reviewed = useOwnReviewOf(officerId, isOwnOfficerProfile(user, officerId) ? null : user);
  const action = chooseReviewAction({
    officerId,
    user,
    isLoading: isLoading || reviewed.isLoading,
    ownReviewId: reviewed.ownReviewId,
  });

  switch (action.kind) {
    case 'none':
      return null;
    case 'pending':
      return <Skeleton className="h-10 w-44" />;
    case 'suspended':
      return <AccountSuspendedNotice />;
    case 'connect-steam':
      // A plain link on purpose: the server answers with a redirect to Steam's OpenID page.
      return (
        <Button asChild variant="brass">
          <a href={action.href}>
            <Gamepad2 className="h-4 w-4" aria-hidden />
            {action.label}
          </a>
        </Button>
      );
    case 'login':
    case 'edit':
    case 'write': {
      const { Icon, variant } = LINK_LOOK[action.kind];
      return (
        <Button asChild variant={variant}>
          <Link to={action.to}>
            <Icon className="h-4 w-4" aria-hidden />
            {action.label}
          </Link>
        </Button>
      );
    }
  }
}
