import type { Regiment } from '#core/api';

/**
 * 'Featured Regiments' on Home (spec section 2): the best-rated regiment of each side, among
 * regiments that have a rating. Ties go to the regiment with more reviews, then by name, so the
 * choice is stable between refetches. Sides come out in side-id order (Union first).
 */
export function selectFeaturedRegiments(regiments: readonly Regiment[]): Regiment[] {
  const bestBySide = new Map<number, Regiment>();
  for (const regiment of regiments) {
    if (!(regiment.averageRating > 0)) continue;
    const best = bestBySide.get(regiment.sideId);
    if (!best || ranksAbove(regiment, best)) bestBySide.set(regiment.sideId, regiment);
  }
  return [...bestBySide.entries()].sort(([a], [b]) => a - b).map(([, regiment]) => regiment);
}

function ranksAbove(a: Regiment, b: Regiment): boolean {
  if (a.averageRating !== b.averageRating) return a.averageRating > b.averageRating;
  if (a.reviewCount !== b.reviewCount) return a.reviewCount > b.reviewCount;
  return a.name.localeCompare(b.name) < 0;
}
