import { Suspense, lazy } from 'react';
import type { Review } from '#core/api';
import { canModerate, isOwnOfficerProfile } from '#core/permissions';
import { canFlagReply, canResolveReview } from '#core/reply-permissions';
import { useAuth } from '#web/api/auth';
import { officerTitle, ReviewReplyBody } from '#web/components/domain/review-reply-body';

// The controls and their dialogs load only for someone who has one to use: visitors read the reply
// without downloading any of it.
const ReplyOwnerControls = lazy(() => import('./review-reply-controls').then((m) => ({ default: m.ReplyOwnerControls })));
const ReplyModerationControls = lazy(() => import('./review-reply-controls').then((m) => ({ default: m.ReplyModerationControls })));

export { officerTitle };

/**
 * The officer's public reply under a review (issue 18, item 1, the shared ReviewReplyBody), and for
 * signed-in readers the flag on the reply and the admin's delete.
 */
export function ReviewReply({ review }: { review: Review }) {
  const { user } = useAuth();
  if (!review.reply) return null;
  const moderates = canFlagReply(user, review) || canModerate(user);
  return (
    <ReviewReplyBody review={review}>
      {moderates && (
        <Suspense fallback={null}>
          <div className="mt-1 flex flex-wrap gap-2">
            <ReplyModerationControls review={review} />
          </div>
        </Suspense>
      )}
    </ReviewReplyBody>
  );
}

/**
 * In the card's footer: Reply, Edit reply and Delete reply for the officer's linked account, Mark
 * resolved for the reviewer once there is a reply. Nothing (and no code loaded) for anyone else.
 */
export function ReviewReplyActions({ review }: { review: Review }) {
  const { user } = useAuth();
  if (!isOwnOfficerProfile(user, review.officerId) && !canResolveReview(user, review)) return null;
  return (
    <Suspense fallback={null}>
      <ReplyOwnerControls review={review} />
    </Suspense>
  );
}
