/**
 * The officer's right of reply (issue 18, item 1; docs/decisions/0037-right-of-reply.md), beside the
 * spec's review calls, which stay as they are. CSRF as every write; the rate limits of reviews: the
 * review-write budget for replies and resolutions (a bucket of its own, so replying does not use up
 * the officer's reviewing), the flag budget, shared with review flags, for flags.
 */
import { moderationReasonsSchema, reviewSchema, successMessageSchema } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { canModerate } from '#core/permissions.js';
import { flagBodySchema, replyBodySchema, resolvedBodySchema } from '#core/schemas/review.js';
import { idParamsSchema } from '#server/platform/http/params.js';
import { cacheTags } from '#server/platform/read-cache/tags.js';
import { enforceRateLimit } from '#server/platform/rate-limit/rate-limit.js';
import type { Database } from '#server/platform/db/client.js';
import type { App } from '#server/platform/types.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import { requireUser } from '#server/domain/identity/guards.js';
import { z } from 'zod';
import { getReviewById } from './queries.js';
import { deleteReply, flagReply, putReply, setReviewResolved } from './reply-writes.js';

export async function reviewReplyRoutes(app: App) {
  const { db, config, rateLimitStore } = app;
  const replyWriteLimit = { name: 'review-reply-write', ...config.rateLimits.reviewWrite };

  // Each reply write names what it changed once it knows (request.cacheInvalidation).
  app.put(
    '/reviews/:id/reply',
    { config: { invalidates: 'set-by-handler' }, schema: { params: idParamsSchema, body: replyBodySchema, response: { 200: reviewSchema } } },
    async (request) => {
      const user = requireUser(request);
      await enforceRateLimit(rateLimitStore, replyWriteLimit, user.id);
      const { officerId, authorId, changed } = await putReply(db, user, request.params.id, request.body.text, config.discordWebhooks.settleMs);
      // The reply shows in the officer's review pages, on the author's profile and in the recent
      // reviews; no figure moves. The same text again changes nothing, as an edit that changes nothing
      // does (routes.ts).
      request.cacheInvalidation = changed ? cacheTags.replyOn(officerId, authorId) : 'none';
      return getReviewById(db, request.params.id);
    },
  );

  app.delete(
    '/reviews/:id/reply',
    {
      config: { invalidates: 'set-by-handler' },
      // Staff may say why (issue 33), as on DELETE /api/reviews/{id}.
      schema: { params: idParamsSchema, body: moderationReasonsSchema.nullish(), response: { 200: successMessageSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      // Moderators delete many in a row; the limit is for officers, as for review deletes.
      if (!canModerate(user)) await enforceRateLimit(rateLimitStore, replyWriteLimit, user.id);
      const removal = { reasons: request.body ?? {}, appealWindowDays: app.config.appealWindowDays };
      const { officerId, authorId } = await deleteReply(db, user, request.params.id, removal);
      request.cacheInvalidation = cacheTags.replyOn(officerId, authorId);
      return { success: true, message: MSG.reviewReply.replyDeleted };
    },
  );

  app.post(
    '/reviews/:id/resolved',
    { config: { invalidates: 'set-by-handler' }, schema: { params: idParamsSchema, body: resolvedBodySchema, response: { 200: reviewSchema } } },
    async (request) => {
      const user = requireUser(request);
      await enforceRateLimit(rateLimitStore, replyWriteLimit, user.id);
      const { officerId, authorId, changed } = await setReviewResolved(db, user, request.params.id, request.body.resolved);
      request.cacheInvalidation = changed ? cacheTags.replyOn(officerId, authorId) : 'none';
      return getReviewById(db, request.params.id);
    },
  );

  registerFlagRoute(app, '/reviews/:id/reply/flag', flagReply);
}

/**
 * A flag on a review (spec section 7) or on its reply (issue 18): the same body, rules, answer and
 * rate limit (one budget for both), the flag's domain function aside.
 */
export function registerFlagRoute(
  app: App,
  path: string,
  flag: (db: Database, user: SessionUser, reviewId: number, reason: string) => Promise<number>,
) {
  app.post(
    path,
    {
      // A flag changes nothing the public sees until an administrator decides on it.
      config: { invalidates: 'none' },
      schema: {
        params: idParamsSchema,
        body: flagBodySchema,
        response: { 201: z.object({ success: z.boolean(), message: z.string(), flagId: z.number() }) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(app.rateLimitStore, { name: 'flag', ...app.config.rateLimits.flag }, user.id);
      const flagId = await flag(app.db, user, request.params.id, request.body.reason);
      return reply.code(201).send({ success: true, message: MSG.reviewActions.flagged, flagId });
    },
  );
}
