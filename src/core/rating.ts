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
export function roundHalfUp(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(Number((value * scale).toPrecision(12))) / scale;
}

/** The overall rating is the average of the four categories, rounded to 2 decimals (spec section 5). */
export function computeOverallRating(r: CategoryRatings): number {
  const average = (r.leadership + r.tactics + r.communication + r.fairness) / 4;
  return roundHalfUp(average, 2);
}

export type RatingBand = 'none' | 'high' | 'mid' | 'low';

/** Whole stars, an optional half star, and empty stars: always RATING_MAX in all. */
export interface StarParts {
  full: number;
  half: boolean;
  empty: number;
}

/** A rating as every screen shows it: the figure, its colour band and its stars. */
export interface DisplayedRating {
  /** The value rounded to one decimal: the figure people read (0 for a missing rating). */
  value: number;
  /** That figure with one decimal: '4.0', '0.0'. */
  text: string;
  band: RatingBand;
  stars: StarParts;
}

/**
 * The one way a rating is displayed (spec section 2, Rating display): one decimal out of 5, a missing
 * rating as 0.0; the colour band (no rating grey, 4 or above green, 3 or above yellow, below 3 red)
 * and the stars (whole stars plus a half star when the fraction is 0.5 or more) are those of the
 * figure shown, not of the stored value. Otherwise a 3.96 reads '4.0' in yellow beside a green '4.1',
 * and a 4.46 reads '4.5' with 4 stars beside a 4.5 with 4 1/2 (issue 13). Every rating display
 * component goes through here.
 */
export function displayRating(value: number | null | undefined): DisplayedRating {
  const isMissing = value === null || value === undefined || !Number.isFinite(value);
  const shown = isMissing ? 0 : roundHalfUp(value, 1);
  return { value: shown, text: shown.toFixed(1), band: bandOf(shown), stars: starsOf(shown) };
}

/** Ratings display with one decimal; a missing rating shows 0.0 (spec section 2, Rating display). */
export function formatRating(value: number | null | undefined): string {
  return displayRating(value).text;
}

/** Colour bands of a displayed figure: no rating grey; 4 or above green; 3 or above yellow; below 3 red. */
function bandOf(shown: number): RatingBand {
  if (shown <= 0) return 'none';
  if (shown >= 4) return 'high';
  if (shown >= 3) return 'mid';
  return 'low';
}

/** Stars of a displayed figure: whole stars plus a half star when the fraction is 0.5 or more. */
function starsOf(shown: number): StarParts {
  const v = Math.min(Math.max(shown, 0), RATING_MAX);
  const full = Math.floor(v);
  const half = full < RATING_MAX && v - full >= 0.5;
  return { full, half, empty: RATING_MAX - full - (half ? 1 : 0) };
}

/** Width of a rating bar: the rating divided by 5, as a CSS percentage. */
export function ratingBarWidth(value: number | null | undefined): string {
  const v = Math.min(Math.max(value ?? 0, 0), RATING_MAX);
  return `${(v / RATING_MAX) * 100}%`;
}
