import { z } from 'zod';
import { LIMITS, MAX_INT4 } from '#core/constants.js';
import { reviewFormMessages } from '#core/messages/review-form.js';
import { validationMessages } from '#core/messages/validation.js';

/** One category score: a number from 0 to 5 (spec section 5), in the star widget's half steps. */
export const categoryScoreSchema = z
  .number({ error: reviewFormMessages.ratingRange })
  .min(0, reviewFormMessages.ratingRange)
  .max(5, reviewFormMessages.ratingRange)
  .refine((v) => Number.isInteger(v * 2), reviewFormMessages.ratingRange);

export const reviewTextSchema = z
  .string()
  .max(LIMITS.reviewTextMax, reviewFormMessages.textMax)
  .refine((text) => text.replace(/\s/g, '').length >= LIMITS.reviewTextMinNonSpace, reviewFormMessages.textMinNonSpace);

/**
 * "Would you serve under this officer again?" (issue 36, item 4): yes, no, or null for no answer.
 * Optional in a body: a new review without it has no answer, and an edit without it keeps the one
 * it had (null clears it).
 */
export const wouldServeAgainSchema = z.boolean({ error: reviewFormMessages.verdictValue }).nullable().optional();

/** The review form (create and edit); the default of each category is 3, and no verdict. */
export const reviewFormSchema = z.object({
  text: reviewTextSchema,
  leadership: categoryScoreSchema,
  tactics: categoryScoreSchema,
  communication: categoryScoreSchema,
  fairness: categoryScoreSchema,
  wouldServeAgain: wouldServeAgainSchema,
});
export type ReviewForm = z.infer<typeof reviewFormSchema>;
export const REVIEW_FORM_DEFAULTS: ReviewForm = { text: '', leadership: 3, tactics: 3, communication: 3, fairness: 3, wouldServeAgain: null };

/**
 * POST /api/reviews and PUT /api/reviews/{id}. The client also sends officerId and overallRating
 * (spec section 7); the server computes overallRating itself and ignores the one sent.
 */
export const reviewBodySchema = reviewFormSchema.extend({
  officerId: z.number().int().positive().max(MAX_INT4),
  overallRating: z.number().optional(),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const reviewUpdateBodySchema = reviewFormSchema.extend({
  officerId: z.number().int().positive().max(MAX_INT4).optional(),
  overallRating: z.number().optional(),
});

export const voteBodySchema = z.object({
  value: z.union([z.literal(1), z.literal(-1), z.literal(0)], { error: validationMessages.voteValue }),
});

export const flagBodySchema = z.object({
  reason: z.string().trim().min(LIMITS.flagReasonMin, reviewFormMessages.flagReasonMin).max(500, reviewFormMessages.flagReasonMax),
});

/** PUT /api/reviews/{id}/reply: the officer's reply follows the review's text rules (issue 18, item 1). */
export const replyBodySchema = z.object({ text: reviewTextSchema });
export type ReplyBody = z.infer<typeof replyBodySchema>;

/** POST /api/reviews/{id}/resolved: the reviewer marks the exchange resolved, or not. */
export const resolvedBodySchema = z.object({ resolved: z.boolean({ error: validationMessages.resolvedValue }) });
