import { describe, expect, it } from 'vitest';
import { buildReviewBody, reviewFormValuesOf } from './review-body';

describe('buildReviewBody', () => {
  it('adds the officer and the overall rating, rounded to 2 decimals', () => {
    expect(buildReviewBody({ text: 'Solid leader.', leadership: 4.5, tactics: 3, communication: 3, fairness: 3, wouldServeAgain: true }, 7)).toEqual({
      text: 'Solid leader.',
      leadership: 4.5,
      tactics: 3,
      communication: 3,
      fairness: 3,
      wouldServeAgain: true,
      officerId: 7,
      overallRating: 3.38,
    });
  });

  it('sends no answer as null, so an edit clears the verdict rather than keeping it (issue 36, item 4)', () => {
    expect(buildReviewBody({ text: 'Solid leader.', leadership: 3, tactics: 3, communication: 3, fairness: 3 }, 7).wouldServeAgain).toBeNull();
  });
});

describe('reviewFormValuesOf', () => {
  it('keeps only the form fields of a review', () => {
    const review = {
      id: 1,
      officerId: 7,
      score: 2,
      text: 'Kept us together.',
      leadership: 4,
      tactics: 3.5,
      communication: 5,
      fairness: 2,
      wouldServeAgain: false,
    };
    expect(reviewFormValuesOf(review)).toEqual({
      text: 'Kept us together.',
      leadership: 4,
      tactics: 3.5,
      communication: 5,
      fairness: 2,
      wouldServeAgain: false,
    });
  });
});
