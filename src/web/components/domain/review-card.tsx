import { Suspense, lazy, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Review } from '#core/api';
import { RATING_CATEGORIES, RATING_CATEGORY_LABELS } from '#core/constants';
import { formatDate, formatMonthYear } from '#core/date';
import { anonymousSoldier } from '#core/messages/common';
import { reviewCardMessages } from '#core/messages/review-card';
import { reviewerSignalsMessages } from '#core/messages/reviewer-signals';
import { formatRating } from '#core/rating';
import { StarRating } from '#web/components/rating/star-rating';
import { RatingValue } from '#web/components/rating/rating-value';
import { SteamProfileLink } from './steam-profile-link';

const ReviewHistoryDialog = lazy(() => import('./review-history-dialog').then((m) => ({ default: m.ReviewHistoryDialog })));

/**
 * The author: 'Anonymous Soldier' without an account; otherwise their name links to their profile
 * here (issue 36, item 3), with their Steam profile beside it when a steamId is known.
 */
function ReviewAuthor({ user }: { user: Review['user'] }) {
  const name = user.username || anonymousSoldier;
  if (user.id === null) return <span className="font-medium">{name}</span>;
  return (
    <span className="inline-flex items-center gap-1">
      <Link to={`/reviewer/${user.id}`} className="font-medium text-link hover:underline">
        {name}
      </Link>
      {user.steamId && <SteamProfileLink steamId={user.steamId} name={name} />}
    </span>
  );
}

/**
 * What the site knows of the reviewer (issue 16, item 5): 'Level N · M games · K reviews · Member
 * since Mon YYYY', each part left out when unknown (a hidden or private level, no Steam figures).
 * One line of text, introduced to screen readers (not a list: the review lists count their items).
 */
function ReviewerSignals({ user }: { user: Review['user'] }) {
  // A deleted account's kept review (issue 35) has no author, and so no signals.
  if (user.memberSince === null) return null;
  const parts = [
    user.level === null ? null : reviewerSignalsMessages.level(user.level),
    user.totalGames === null ? null : reviewerSignalsMessages.games(user.totalGames),
    reviewerSignalsMessages.reviews(user.reviewCount),
    reviewerSignalsMessages.memberSince(formatMonthYear(user.memberSince)),
  ].filter((part) => part !== null);
  return (
    <p className="mt-0.5 text-xs text-stone-600">
      <span className="sr-only">{reviewerSignalsMessages.label}: </span>
      {parts.join(' · ')}
    </p>
  );
}

/**
 * One review. `showOfficer` adds the officer and regiment (for lists across officers); `reply` is a
 * slot for the officer's reply; `actions` one for votes, flags and owner/admin buttons.
 */
export function ReviewCard({
  review,
  showOfficer = false,
  reply,
  actions,
}: {
  review: Review;
  showOfficer?: boolean;
  /** The officer's reply under the review (issue 18), from the officer page's own chunk. */
  reply?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <article className="rounded-lg border border-stone-200 bg-surface p-5 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          {showOfficer && (
            <p className="font-semibold">
              <Link to={`/officer/${review.officer.id}`} className="hover:underline">
                {review.officer.rank} {review.officer.name}
              </Link>{' '}
              <span className="text-sm font-normal text-stone-600">
                of{' '}
                <Link to={`/regiment/${review.regiment.id}`} className="hover:underline">
                  {review.regiment.name}
                </Link>
              </span>
            </p>
          )}
          <p className="text-sm text-stone-600">
            <ReviewAuthor user={review.user} /> · <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
            <EditedMark review={review} />
          </p>
          <ReviewerSignals user={review.user} />
        </div>
        <div className="flex items-center gap-2">
          <StarRating value={review.overallRating} size="sm" />
          <RatingValue value={review.overallRating} />
        </div>
      </header>
      {review.held && <p className="mt-3 w-fit rounded bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">{reviewCardMessages.held}</p>}
      <p className="mt-3 text-sm whitespace-pre-line break-words">{review.text}</p>
      {review.wouldServeAgain !== null && <p className="mt-2 text-xs font-semibold text-ink">{reviewCardMessages.verdict(review.wouldServeAgain)}</p>}
      <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600">
        {RATING_CATEGORIES.map((category) => (
          <div key={category} className="flex gap-1">
            <dt>{RATING_CATEGORY_LABELS[category]}:</dt>
            <dd className="font-semibold text-ink">{formatRating(review[category])}</dd>
          </div>
        ))}
        <div className="flex gap-1">
          <dt>{reviewCardMessages.netHelpfulVotes}:</dt>
          <dd className="font-semibold text-ink">{review.score}</dd>
        </div>
      </dl>
      {review.upvotes + review.downvotes > 0 && (
        <p className="mt-2 text-xs text-stone-600">{reviewCardMessages.foundHelpful(review.upvotes, review.upvotes + review.downvotes)}</p>
      )}
      {reply}
      {actions && <footer className="mt-3 flex flex-wrap items-center gap-2 border-t border-stone-100 pt-3">{actions}</footer>}
    </article>
  );
}

/**
 * ' · edited {Month D, YYYY}' for an edited review (issue 18, item 2): a button that opens its edit
 * history. The dialog's code loads on the first click, outside the first screen.
 */
function EditedMark({ review }: { review: Review }) {
  const [isOpen, setIsOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!review.editedAt) return null;
  return (
    <>
      {' · '}
      <button ref={opener} type="button" aria-haspopup="dialog" onClick={() => setIsOpen(true)} className="italic underline-offset-2 hover:underline">
        edited <time dateTime={review.editedAt}>{formatDate(review.editedAt)}</time>
      </button>
      {isOpen && (
        <Suspense>
          <ReviewHistoryDialog reviewId={review.id} opener={opener} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
