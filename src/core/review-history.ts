/**
 * A review's edit history (issue 18, item 2; docs/decisions/0038-review-edit-history.md): what one
 * version of a review changed from the one before it. The server uses it twice: to tell an edit that
 * changes nothing (which keeps no version) and to describe each version it lists.
 */
import { RATING_CATEGORIES } from './constants.js';

/** The ratings a version records, in the order the history lists their changes: the four, then overall. */
export const REVIEW_VERSION_RATINGS = [...RATING_CATEGORIES, 'overallRating'] as const;
export type ReviewVersionRating = (typeof REVIEW_VERSION_RATINGS)[number];

/** What a version of a review says. */
export type ReviewContent = { text: string } & Record<ReviewVersionRating, number>;

export interface ContentChanges {
  text: boolean;
  ratings: { rating: ReviewVersionRating; from: number; to: number }[];
}

/** What `next` changed from `previous`: whether the text did (exactly, spaces included), and each rating that moved. */
export function changesBetween(previous: ReviewContent, next: ReviewContent): ContentChanges {
  return {
    text: previous.text !== next.text,
    ratings: REVIEW_VERSION_RATINGS.filter((rating) => previous[rating] !== next[rating]).map((rating) => ({
      rating,
      from: previous[rating],
      to: next[rating],
    })),
  };
}

/** Whether an edit to `next` would change nothing at all (then it keeps no version). */
export function isSameContent(previous: ReviewContent, next: ReviewContent): boolean {
  const changes = changesBetween(previous, next);
  return !changes.text && changes.ratings.length === 0;
}
