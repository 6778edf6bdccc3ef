/**
 * Follows (issue 36, item 1): the calls' paths and contract, and the mail digest's choices. Beside
 * apiPaths (api-paths.ts) rather than in it, as secondFactorApiPaths is: apiPaths is part of the
 * web's first screen, and only officer and regiment pages, /following and the settings call these.
 */
import { z } from 'zod';
import { CLIENT_ROUTES } from './client-routes.js';
import { DIGEST_FREQUENCIES } from './digest.js';
import { followMessages as M } from './messages/follows.js';

export const followApiPaths = {
  /** POST `{officerId}` or `{regimentId}`: follow. */
  follows: '/api/follows',
  /** DELETE: stop following (one's own follow only). */
  follow: (id: number) => `/api/follows/${id}`,
  /** GET: what the signed-in user follows (private, never kept). */
  myFollows: '/api/users/me/follows',
} as const;

/** The screen that lists what one follows (the digest mail's button leads there). */
export const FOLLOWING_PATH = CLIENT_ROUTES.following;

export { DIGEST_FREQUENCIES, type DigestFrequency } from './digest.js';
export const digestFrequencySchema = z.enum(DIGEST_FREQUENCIES, { error: M.digestInvalid });

const idSchema = z.number({ error: M.targetRequired }).int(M.targetRequired).positive(M.targetRequired).max(2_147_483_647, M.targetRequired);

/** POST /api/follows: exactly one of officerId and regimentId. */
export const followBodySchema = z.union([z.strictObject({ officerId: idSchema }), z.strictObject({ regimentId: idSchema })], {
  error: M.targetRequired,
});
export type FollowBody = z.infer<typeof followBodySchema>;

export const followSchema = z.object({
  id: z.number(),
  /** What is followed: the officer (with their regiment) or the regiment. */
  target: z.discriminatedUnion('type', [
    z.object({ type: z.literal('officer'), id: z.number(), name: z.string(), rank: z.string(), regimentName: z.string() }),
    z.object({ type: z.literal('regiment'), id: z.number(), name: z.string() }),
  ]),
  createdAt: z.string(),
});
export type Follow = z.infer<typeof followSchema>;

export const followListSchema = z.object({ follows: z.array(followSchema) });
export type FollowList = z.infer<typeof followListSchema>;

/** DELETE /api/follows/{id}: the follow that was removed. */
export const unfollowResultSchema = z.object({ id: z.number() });
