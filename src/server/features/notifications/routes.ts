/**
 * Notifications (issue 18, item 4): the signed-in user's list and marking read, and the mails'
 * one-click unsubscribe, which works without a session (its token is its authority).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notificationsMessages } from '#core/messages/notifications.js';
import { MAIL_KIND_LABELS } from '#core/notifications.js';
import {
  markNotificationsReadBodySchema,
  markNotificationsReadResultSchema,
  notificationPageSchema,
  unsubscribeTokenSchema,
} from '#core/schemas/notifications.js';
import { cursorParamSchema } from '#server/platform/http/opaque-cursor.js';
import { enforceRateLimit } from '#server/platform/rate-limit/rate-limit.js';
import type { App } from '#server/platform/types.js';
import { requireUser } from '#server/domain/identity/guards.js';
import { UNSUBSCRIBE_PATH } from './mail.js';
import { countUnreadNotifications } from '#server/domain/notify/unread-notifications.js';
import { decodeNotificationCursor, listNotifications, markNotificationsRead } from './queries.js';
import { readUnsubscribeToken, turnMailOff } from './unsubscribe.js';
import { unsubscribeConfirmPage, unsubscribedPage, unsubscribeInvalidPage } from './unsubscribe-page.js';

const listQuerySchema = z.object({
  cursor: cursorParamSchema(decodeNotificationCursor, notificationsMessages.invalidCursor, 64).optional(),
});
const unsubscribeQuerySchema = z.object({ token: unsubscribeTokenSchema });

const signedIn = {
  preValidation: async (request: FastifyRequest) => {
    requireUser(request);
  },
};

/**
 * A person who opened the link (a browser asks for HTML) gets a page; anything else, such as a mail
 * client's one-click POST or a script, gets the API's JSON, refusals included (spec section 7).
 */
function answer(request: FastifyRequest, reply: FastifyReply, status: 200 | 400, message: string, html: string) {
  void reply.code(status).header('Cache-Control', 'no-store');
  if (request.headers.accept?.includes('text/html')) return reply.type('text/html; charset=utf-8').send(html);
  return reply.send(status === 200 ? { message } : { message, code: 'BAD_REQUEST' });
}

export async function notificationRoutes(app: App) {
  const { db, config, rateLimitStore } = app;
  // Unsubscribe links are tried without a session: limited per address, so nobody can hammer them.
  const unsubscribeLimit = { name: 'unsubscribe', ...config.rateLimits.unsubscribe };

  // RFC 8058: a mail client's one-click POST is a form (either encoding). Its fields say nothing
  // the URL's token does not, so the body is read and set aside, in this scope only.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
  }

  app.get(
    '/notifications',
    { ...signedIn, config: { cache: 'private' }, schema: { querystring: listQuerySchema, response: { 200: notificationPageSchema } } },
    async (request) => {
      const user = requireUser(request);
      return listNotifications(db, user.id, request.query.cursor);
    },
  );

  app.post(
    '/notifications/read',
    {
      ...signedIn,
      config: { invalidates: 'none' },
      schema: { body: markNotificationsReadBodySchema, response: { 200: markNotificationsReadResultSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const marked = await markNotificationsRead(db, user.id, request.body);
      return { marked, unreadCount: await countUnreadNotifications(db, user.id) };
    },
  );

  app.get(
    UNSUBSCRIBE_PATH.replace(/^\/api/, ''),
    { config: { cache: 'not-kept' }, schema: { querystring: unsubscribeQuerySchema } },
    async (request, reply) => {
      await enforceRateLimit(rateLimitStore, unsubscribeLimit, request.ip);
      const target = readUnsubscribeToken(config.sessionSecret, request.query.token);
      if (!target) return answer(request, reply, 400, notificationsMessages.unsubscribeInvalid, unsubscribeInvalidPage());
      const label = MAIL_KIND_LABELS[target.kind];
      return answer(request, reply, 200, notificationsMessages.unsubscribeConfirm(label), unsubscribeConfirmPage(label, request.query.token));
    },
  );

  app.post(
    UNSUBSCRIBE_PATH.replace(/^\/api/, ''),
    // No session and no CSRF token: mail clients post here on their own (RFC 8058), and the token
    // can do nothing but this one harmless change.
    { config: { invalidates: 'none', csrfExempt: true }, schema: { querystring: unsubscribeQuerySchema } },
    async (request, reply) => {
      await enforceRateLimit(rateLimitStore, unsubscribeLimit, request.ip);
      const target = readUnsubscribeToken(config.sessionSecret, request.query.token);
      if (!target) return answer(request, reply, 400, notificationsMessages.unsubscribeInvalid, unsubscribeInvalidPage());
      await turnMailOff(db, target.userId, target.kind);
      const label = MAIL_KIND_LABELS[target.kind];
      return answer(request, reply, 200, notificationsMessages.unsubscribed(label), unsubscribedPage(label));
    },
  );
}
