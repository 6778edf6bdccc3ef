/**
 * Follows (issue 36, item 1): follow an officer or a regiment, stop, and the list of one's own.
 * Signed in; private: no public answer changes, and the list is never kept by a cache.
 */
import type { FastifyRequest } from 'fastify';
import { followBodySchema, followListSchema, followSchema, unfollowResultSchema } from '#core/follows.js';
import { idParamsSchema } from '#server/platform/http/params.js';
import { enforceRateLimit } from '#server/platform/rate-limit/rate-limit.js';
import type { App } from '#server/platform/types.js';
import { requireUser } from '#server/domain/identity/guards.js';
import { followTarget, listFollows, unfollow } from './follows.js';

const signedIn = {
  preValidation: async (request: FastifyRequest) => {
    requireUser(request);
  },
};

export async function followRoutes(app: App) {
  const { db, config, rateLimitStore } = app;
  // Its own counter, the size of the votes' (a click as cheap as a vote).
  const followLimit = { name: 'follow', ...config.rateLimits.vote };

  app.get('/users/me/follows', { ...signedIn, config: { cache: 'private' }, schema: { response: { 200: followListSchema } } }, async (request) =>
    listFollows(db, requireUser(request).id),
  );

  app.post(
    '/follows',
    { ...signedIn, config: { invalidates: 'none' }, schema: { body: followBodySchema, response: { 200: followSchema } } },
    async (request) => {
      const user = requireUser(request);
      await enforceRateLimit(rateLimitStore, followLimit, user.id);
      return followTarget(db, user.id, request.body);
    },
  );

  app.delete(
    '/follows/:id',
    { ...signedIn, config: { invalidates: 'none' }, schema: { params: idParamsSchema, response: { 200: unfollowResultSchema } } },
    async (request) => unfollow(db, requireUser(request).id, request.params.id),
  );
}
