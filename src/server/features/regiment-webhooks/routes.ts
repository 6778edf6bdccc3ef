/**
 * A regiment's Discord webhook (issue 19, item 3; docs/decisions/0039-regiment-webhooks.md): calls of
 * their own rather than a field of the regiment's edit, so the public regiment answers (cached, and
 * in the OpenAPI document) never come near it. Owner or admin; private, never kept by any cache.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { successMessageSchema } from '#core/api.js';
import { regimentWebhookBodySchema, regimentWebhookStatusSchema } from '#core/schemas/regiment-webhook.js';
import { idParamsSchema } from '#server/platform/http/params.js';
import { enforceRateLimit } from '#server/platform/rate-limit/rate-limit.js';
import type { App } from '#server/platform/types.js';
import { requireUser } from '#server/domain/identity/guards.js';
import { readRegimentWebhook, removeRegimentWebhook, saveRegimentWebhook, sendTestWebhookMessage } from './webhook-settings.js';

const signedIn = {
  preValidation: async (request: FastifyRequest) => {
    requireUser(request);
  },
};

/** A write's answer shows the webhook's address: no cache keeps it (a GET's comes from its 'private' policy). */
const noStore = (reply: FastifyReply) => void reply.header('Cache-Control', 'private, no-store');

export async function regimentWebhookRoutes(app: App) {
  const { db, config, rateLimitStore } = app;
  const changeLimit = { name: 'webhook-change', ...config.rateLimits.webhookChange };
  const testLimit = { name: 'webhook-test', ...config.rateLimits.webhookChange };
  const response = { 200: regimentWebhookStatusSchema };

  app.get('/regiments/:id/webhook', { ...signedIn, config: { cache: 'private' }, schema: { params: idParamsSchema, response } }, async (request) =>
    readRegimentWebhook(db, requireUser(request), request.params.id),
  );

  // No public answer shows a webhook: nothing to invalidate.
  app.put(
    '/regiments/:id/webhook',
    { ...signedIn, config: { invalidates: 'none' }, schema: { params: idParamsSchema, body: regimentWebhookBodySchema, response } },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(rateLimitStore, changeLimit, user.id);
      noStore(reply);
      return saveRegimentWebhook(db, user, request.params.id, request.body.url, config.discordWebhooks.bases);
    },
  );

  // A test message to the channel (issue 36, item 6), queued as a real post is. Limited apart from
  // the changes: a test after each change must not use them up, and Discord limits a webhook's posts.
  app.post(
    '/regiments/:id/webhook/test',
    {
      ...signedIn,
      config: { invalidates: 'none' },
      // A write: out of the OpenAPI document, which holds the public reads (api-docs/openapi-document.ts).
      schema: { params: idParamsSchema, response: { 200: successMessageSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceRateLimit(rateLimitStore, testLimit, user.id);
      return sendTestWebhookMessage(db, user, request.params.id);
    },
  );

  app.delete(
    '/regiments/:id/webhook',
    { ...signedIn, config: { invalidates: 'none' }, schema: { params: idParamsSchema, response } },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(rateLimitStore, changeLimit, user.id);
      noStore(reply);
      return removeRegimentWebhook(db, user, request.params.id);
    },
  );
}
