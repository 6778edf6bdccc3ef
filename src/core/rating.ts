import { RATING_MAX } from './constants.js';

export interface CategoryRatings {
  leadership: number;
  tactics: number;
  communication: number;
  fairness: number;
}

/**
 * Rounds half up on the decimal value people read, not on the nearest binary double: 3.015 is stored
 * as 3.01499999..., and 1.45 as 1.4499999..., so plain Math.round / toFixed round those down.
 * Scaling first and cutting the result to 12 significant digits drops that representation noise
 * (ratings never need more than a handful of digits). PostgreSQL's numeric round() agrees.
 */
function roundHalfUp(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(Number((value * scale).toPrecision(12))) / scale;
}

/** The overall rating is the average of the four categories, rounded to 2 decimals (spec section 5). */
export function computeOverallRating(r: CategoryRatings): number {
  const average = (r.leadership + r.tactics + r.communication + r.fairness) / 4;
  return roundHalfUp(average, 2);
}

/** Ratings display with one decimal; a missing rating shows 0.0 (spec section 2, Rating display). */
export function formatRating(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '0.0';
  return roundHalfUp(value, 1).toFixed(1);
}

export type RatingBand = 'none' | 'high' | 'mid' | 'low';

/** Colour bands: no rating grey; 4 or above green; 3 or above yellow; below 3 red. */
export function ratingBand(value: number | null | undefined): RatingBand {
  if (value === null || value === undefined || value <= 0) return 'none';
  if (value >= 4) return 'high';
  if (value >= 3) return 'mid';
  return 'low';
}

/** Whole stars plus a half star when the fraction is 0.5 or more. */
export function starParts(value: number | null | undefined): { full: number; half: boolean; empty: number } {
  const v = Math.min(Math.max(value ?? 0, 0), RATING_MAX);
  const full = Math.floor(v);
  const half = full < RATING_MAX && v - full >= 0.5;
  return { full, half, empty: RATING_MAX - full - (half ? 1 : 0) };
}

/** Width of a rating bar: the rating divided by 5, as a CSS percentage. */
export function ratingBarWidth(value: number | null | undefined): string {
  const v = Math.min(Math.max(value ?? 0, 0), RATING_MAX);
  return `${(v / RATING_MAX) * 100}%`;
}
