import { Shield } from 'lucide-react';
import { Link } from 'react-router';
import type { Regiment } from '#core/api';
import { commonMessages } from '#core/messages/common';
import { FewReviews } from '#web/components/rating/few-reviews';
import { StarRating } from '#web/components/rating/star-rating';
import { RatingValue } from '#web/components/rating/rating-value';
import { SideBadge } from './side-badge';

/** A regiment in a grid or list: links to /regiment/{id}. */
export function RegimentCard({ regiment }: { regiment: Regiment }) {
  return (
    <Link
      to={`/regiment/${regiment.id}`}
      className="group flex gap-4 rounded-lg border border-stone-200 bg-surface p-4 shadow-sm transition-shadow hover:shadow-md"
    >
      {regiment.iconImageUrl ? (
        <img src={regiment.iconImageUrl} alt="" className="h-14 w-14 shrink-0 rounded object-cover" loading="lazy" width={56} height={56} />
      ) : (
        <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded bg-stone-100 text-stone-400" aria-hidden>
          <Shield className="h-7 w-7" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        {/* The badge goes under a long name on a narrow phone rather than pushing the card past the screen's edge. */}
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="min-w-0 font-semibold break-words group-hover:underline">{regiment.name}</p>
          <SideBadge name={regiment.side.name} code={regiment.side.code} />
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
          {/* Unrated: words, not stars and a 0.0 that reads as the worst rating (issue 36, item 6). */}
          {regiment.reviewCount ? (
            <>
              <StarRating value={regiment.averageRating} size="sm" />
              <RatingValue value={regiment.averageRating} />
            </>
          ) : (
            commonMessages.noReviewsYet
          )}
          <FewReviews reviewCount={regiment.reviewCount} />
          <span className="text-stone-500">
            {regiment.officerCount} officer{regiment.officerCount === 1 ? '' : 's'} · {regiment.reviewCount} review
            {regiment.reviewCount === 1 ? '' : 's'}
          </span>
        </div>
      </div>
    </Link>
  );
}
