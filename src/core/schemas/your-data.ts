/** POST /api/users/me/deletion (issue 35): what becomes of the reviews, and the password when the account has one. */
import { z } from 'zod';

export const deletionBodySchema = z.object({
  /** 'anonymize': kept as 'Anonymous Soldier', linked to nobody; 'delete': gone with the account. */
  reviews: z.enum(['anonymize', 'delete']),
  password: z.string().max(200).optional(),
});
export type DeletionRequest = z.infer<typeof deletionBodySchema>;
export type ReviewsOnDeletion = DeletionRequest['reviews'];
