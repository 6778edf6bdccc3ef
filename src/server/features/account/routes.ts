/**
 * Your data and your account (issue 35): download everything, and leave for good. Signed in only;
 * an account waiting to be deleted reaches nothing here but the cancellation.
 */
import { z } from 'zod';
import { MSG } from '#core/messages.js';
import { deletionBodySchema } from '#core/schemas/your-data.js';
import { requireUser } from '#server/domain/identity/guards.js';
import { clearSessionCookie } from '#server/domain/identity/sessions.js';
import { cacheTags } from '#server/platform/read-cache/tags.js';
import { enforceRateLimit } from '#server/platform/rate-limit/rate-limit.js';
import type { App } from '#server/platform/types.js';
import { cancelDeletion, requestDeletion } from './deletion.js';
import { EXPORT_FORMAT, exportAccount } from './export.js';

export async function accountRoutes(app: App) {
  const { db, config, rateLimitStore } = app;

  app.get(
    '/users/me/export',
    {
      config: { cache: 'private' },
      schema: { response: { 200: z.object({ format: z.literal(EXPORT_FORMAT) }).catchall(z.unknown()) } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(rateLimitStore, { name: 'data-export', ...config.rateLimits.dataExport }, user.id);
      const document = await exportAccount(db, user.id);
      const day = document.exportedAt.slice(0, 10);
      // A file to keep, not a page to show (GDPR Art. 20: structured, machine-readable).
      reply.header('Content-Disposition', `attachment; filename="war-of-rights-ratings-${user.id}-${day}.json"`);
      return document;
    },
  );

  app.post(
    '/users/me/deletion',
    {
      // The public profile goes at once (domain/identity/reviewer-shown.ts); the reviews stay until the day.
      config: { invalidates: 'set-by-handler' },
      schema: { body: deletionBodySchema, response: { 202: z.object({ deleteAfter: z.string(), message: z.string() }) } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Wrong passwords are counted like any other guess at this account's password.
      await enforceRateLimit(rateLimitStore, { name: 'account-deletion', ...config.rateLimits.login }, user.id);
      const deleteAfter = await requestDeletion(db, user, request.session!, request.body, config.accountDeletionGraceDays);
      request.cacheInvalidation = [cacheTags.reviewer(user.id)];
      // Signed out everywhere at once: this browser's cookie goes too.
      request.session = null;
      clearSessionCookie(reply, config);
      return reply
        .code(202)
        .send({ deleteAfter: deleteAfter.toISOString(), message: MSG.yourData.deleteRequested(deleteAfter.toISOString().slice(0, 10)) });
    },
  );

  app.delete(
    '/users/me/deletion',
    { config: { invalidates: 'set-by-handler', duringDeletion: true }, schema: { response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      const user = requireUser(request);
      await cancelDeletion(db, user.id);
      // The public profile comes back.
      request.cacheInvalidation = [cacheTags.reviewer(user.id)];
      return { message: MSG.yourData.cancelled };
    },
  );
}
