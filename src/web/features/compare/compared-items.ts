import type { OfficerDetail, Regiment, RegimentRatings } from '#core/api';
import type { RatingCategory } from '#core/constants';
import type { Distribution, RecentFigures } from '#core/rating-math';

/**
 * One column of the comparison, whichever kind it is: the officer answer, or the regiment answer
 * with its ratings beside it, brought to the same fields so one table and one set of cards draw both.
 */
export interface ComparedItem {
  id: number;
  name: string;
  /** The officer's rank, shown before the name. */
  rank: string | null;
  href: string;
  averageRating: number | null;
  reviewCount: number;
  categories: Record<RatingCategory, number | null>;
  recent: RecentFigures;
  distribution: Distribution;
  side: { name: string; code: string };
  /** An officer's regiment; a regiment's officer count. */
  regiment: { id: number; name: string } | null;
  officerCount: number | null;
}

export function officerItem(officer: OfficerDetail): ComparedItem {
  return {
    id: officer.id,
    name: officer.name,
    rank: officer.rank,
    href: `/officer/${officer.id}`,
    averageRating: officer.averageRating,
    reviewCount: officer.reviewCount,
    categories: {
      leadership: officer.leadershipRating,
      tactics: officer.tacticsRating,
      communication: officer.communicationRating,
      fairness: officer.fairnessRating,
    },
    recent: officer.recent,
    distribution: officer.distribution.overall,
    side: officer.side,
    regiment: { id: officer.regimentId, name: officer.regimentName },
    officerCount: null,
  };
}

export function regimentItem(regiment: Regiment, ratings: RegimentRatings): ComparedItem {
  return {
    id: regiment.id,
    name: regiment.name,
    rank: null,
    href: `/regiment/${regiment.id}`,
    // A regiment without reviews stores 0; the comparison says 'no rating', as its card does.
    averageRating: regiment.reviewCount === 0 ? null : regiment.averageRating,
    reviewCount: regiment.reviewCount,
    categories: {
      leadership: ratings.leadershipRating,
      tactics: ratings.tacticsRating,
      communication: ratings.communicationRating,
      fairness: ratings.fairnessRating,
    },
    recent: ratings.recent,
    distribution: ratings.distribution.overall,
    side: regiment.side,
    regiment: null,
    officerCount: regiment.officerCount,
  };
}
