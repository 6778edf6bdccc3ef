import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import type { Officer } from '#core/api';
import { cn } from '#web/lib/cn';
import { FewReviews } from '#web/components/rating/few-reviews';
import { NotYetRated } from '#web/components/rating/not-yet-rated';
import { StarRating } from '#web/components/rating/star-rating';
import { RatingValue } from '#web/components/rating/rating-value';
import { sideTheme } from './side-badge';

function reviewCountLabel(n: number) {
  return `${n} review${n === 1 ? '' : 's'}`;
}

/**
 * An officer in a grid or list: links to /officer/{id}. Full height, so cards in a grid row line up
 * whether or not a chip wraps one of them; the regiment's own page leaves the regiment's name out
 * (`showRegiment={false}`), the page being about it.
 */
export function OfficerCard({ officer, showRegiment = true }: { officer: Officer; showRegiment?: boolean }) {
  return (
    <Link
      to={`/officer/${officer.id}`}
      className={cn(
        'group flex h-full gap-4 rounded-lg border border-l-4 border-stone-200 bg-surface p-4 shadow-sm transition-shadow hover:shadow-md',
        sideTheme(officer.side.code).accent,
      )}
    >
      {officer.profileImageUrl ? (
        <img src={officer.profileImageUrl} alt="" className="h-14 w-14 shrink-0 rounded-full object-cover" loading="lazy" width={56} height={56} />
      ) : (
        <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-400" aria-hidden>
          <UserRound className="h-7 w-7" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold group-hover:underline">
          <span className="text-stone-600">{officer.rank}</span> {officer.name}
        </p>
        {showRegiment && <p className="truncate text-sm text-stone-600">{officer.regimentName}</p>}
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
          <StarRating value={officer.averageRating} size="sm" />
          <RatingValue value={officer.averageRating} />
          <NotYetRated reviewCount={officer.reviewCount} />
          <FewReviews reviewCount={officer.reviewCount} />
          <span className="text-stone-500">({reviewCountLabel(officer.reviewCount)})</span>
        </div>
      </div>
    </Link>
  );
}
