import { computeOverallRating } from '#core/rating';
import type { ReviewBody, ReviewForm } from '#core/schemas/review';

/**
 * The body of POST /api/reviews and PUT /api/reviews/{id} (spec section 7): the form, the officer,
 * and the overall rating (the average of the four, 2 decimals). The server computes the overall
 * itself; the client sends it because the API contract lists it. The verdict is always sent, null
 * for no answer: an edit without it would keep the answer the review had.
 */
export function buildReviewBody(form: ReviewForm, officerId: number): ReviewBody {
  return {
    text: form.text,
    leadership: form.leadership,
    tactics: form.tactics,
    communication: form.communication,
    fairness: form.fairness,
    wouldServeAgain: form.wouldServeAgain ?? null,
    officerId,
    overallRating: computeOverallRating(form),
  };
}

/** The form values of an existing review, to prefill the edit dialog. */
export function reviewFormValuesOf(review: ReviewForm): ReviewForm {
  return {
    text: review.text,
    leadership: review.leadership,
    tactics: review.tactics,
    communication: review.communication,
    fairness: review.fairness,
    wouldServeAgain: review.wouldServeAgain ?? null,
  };
}
