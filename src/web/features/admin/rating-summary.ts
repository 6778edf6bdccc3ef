import { adminMessages } from '#core/messages/admin';
import { formatRating } from '#core/rating';

/**
 * An average as the admin tables show it: 'x.x/5.0', or 'No ratings' when nothing was rated yet
 * (no reviews, or no average: a missing or zero average means no rating was ever given).
 */
export function formatRatingSummary(averageRating: number | null | undefined, reviewCount?: number): string {
  const hasRating = averageRating !== null && averageRating !== undefined && Number.isFinite(averageRating) && averageRating > 0;
  if (!hasRating || reviewCount === 0) return adminMessages.noRatings;
  return `${formatRating(averageRating)}/5.0`;
}
