import type { ReactNode } from 'react';
import type { Review } from '#core/api';
import { formatDate } from '#core/date';
import { reviewReplyMessages as M } from '#core/messages/review-reply';

/** The officer's name as the reply is signed: 'Response from Major Winfield Hancock'. */
export const officerTitle = (review: Pick<Review, 'officer'>) => `${review.officer.rank} ${review.officer.name}`;

/**
 * The officer's public reply under a review as everyone reads it (issue 18, item 1): 'Response from
 * {officer}', its date (and when it was edited), the text and the reviewer's 'Resolved' badge. The
 * officer page adds its controls below (`children`); My Reviews shows it as it is (issue 36).
 */
export function ReviewReplyBody({ review, children }: { review: Review; children?: ReactNode }) {
  const { reply } = review;
  if (!reply) return null;
  // A new reply is written with one now() for both times; only an edit moves updatedAt.
  const edited = reply.updatedAt !== reply.createdAt ? formatDate(reply.updatedAt) : null;
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
      {children}
    </section>
  );
}
