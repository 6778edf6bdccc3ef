import { Suspense, lazy } from 'react';
import type { Review } from '#core/api';
import { formatDate } from '#core/date';
import { reviewReplyMessages as M } from '#core/messages/review-reply';
import { canModerate, isOwnOfficerProfile } from '#core/permissions';
import { canFlagReply, canResolveReview } from '#core/reply-permissions';
import { useAuth } from '#web/api/auth';

// The controls and their dialogs load only for someone who has one to use: visitors read the reply
// without downloading any of it.
const ReplyOwnerControls = lazy(() => import('./review-reply-controls').then((m) => ({ default: m.ReplyOwnerControls })));
const ReplyModerationControls = lazy(() => import('./review-reply-controls').then((m) => ({ default: m.ReplyModerationControls })));

/** The officer's name as the reply is signed: 'Response from Major Winfield Hancock'. */
export const officerTitle = (review: Pick<Review, 'officer'>) => `${review.officer.rank} ${review.officer.name}`;

/**
 * The officer's public reply under a review (issue 18, item 1): 'Response from {officer}', its date
 * (and when it was edited), the text, the reviewer's 'Resolved' badge, and for signed-in readers the
 * flag on the reply and the admin's delete.
 */
export function ReviewReply({ review }: { review: Review }) {
  const { user } = useAuth();
  const { reply } = review;
  if (!reply) return null;
  // A new reply is written with one now() for both times; only an edit moves updatedAt.
  const edited = reply.updatedAt !== reply.createdAt ? formatDate(reply.updatedAt) : null;
  const moderates = canFlagReply(user, review) || canModerate(user);
  return (
    <section aria-label={M.responseFrom(officerTitle(review))} className="mt-3 rounded-md border-l-4 border-stone-300 bg-stone-50 px-3 py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          <span className="font-semibold">{M.responseFrom(officerTitle(review))}</span>
          <span className="text-stone-600">
            {' · '}
            <time dateTime={reply.createdAt}>{formatDate(reply.createdAt)}</time>
            {edited && (
              <span className="italic">
                {' · edited '}
                <time dateTime={reply.updatedAt}>{edited}</time>
              </span>
            )}
          </span>
        </p>
        {review.resolved && <span className="rounded bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-900">{M.resolvedBadge}</span>}
      </div>
      <p className="mt-1 text-sm whitespace-pre-line break-words">{reply.text}</p>
      {moderates && (
        <Suspense fallback={null}>
          <div className="mt-1 flex flex-wrap gap-2">
            <ReplyModerationControls review={review} />
          </div>
        </Suspense>
      )}
    </section>
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
