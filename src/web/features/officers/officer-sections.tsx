import type { ReactNode } from 'react';
import type { OfficerDetail } from '#core/api';
import { OfficerGameStatistics } from './officer-game-statistics';
import { OfficerReviews } from './officer-reviews';
import { RatingDistribution } from './rating-distribution';
import { OfficerRatingTrend } from './rating-trend';
import { RecentRatings } from './recent-ratings';

/** The officer page's sections below its first screen (officer-page.tsx orders them). */
export type OfficerSectionName = 'recentRatings' | 'ratingTrend' | 'ratingDistribution' | 'gameStatistics' | 'reviews';

/**
 * One section of the officer page below its first screen. This module is a chunk of its own, which
 * officer-page.tsx loads after the first paint: the reviews (votes, flags, replies), the trend and the
 * game statistics are code the first screen of a phone does not show.
 */
export function OfficerSection({ name, officer, placeholder }: { name: OfficerSectionName; officer: OfficerDetail; placeholder: ReactNode }) {
  switch (name) {
    case 'recentRatings':
      return <RecentRatings officer={officer} />;
    // These two load their figures when they mount: the placeholder stays meanwhile, so the panels
    // below do not move twice.
    case 'ratingTrend':
      return <OfficerRatingTrend officerId={officer.id} placeholder={placeholder} />;
    case 'ratingDistribution':
      return <RatingDistribution distribution={officer.distribution.overall} />;
    case 'gameStatistics':
      return <OfficerGameStatistics officerId={officer.id} placeholder={placeholder} />;
    case 'reviews':
      return <OfficerReviews officerId={officer.id} />;
  }
}
