/**
 * /api/admin/* (spec section 7, Administration and Registrations and editing). Every route of this
 * plugin is for admins only: the preValidation hook below (after the API's session hook) answers 401 to visitors and 403 to signed-in
 * users before any handler runs. Handlers that need the admin call requireAdmin again to get it.
 * (Registration decisions live under /api/admin/registrations in the registrations feature.)
 */
import { z } from 'zod';
import {
  adminDashboardSchema,
  adminStatusSchema,
  adminReviewWaveListSchema,
  adminUserSchema,
  flaggedReviewListSchema,
  officerSchema,
  regimentDeletedSchema,
  successMessageSchema,
  waveDecisionSchema,
} from '#core/api.js';
import { MSG } from '#core/messages.js';
import { officerEditBodySchema } from '#core/schemas/manage.js';
import { idParamsSchema } from '#server/platform/http/params.js';
import type { App } from '#server/platform/types.js';
import { requireAdmin } from '#server/domain/identity/guards.js';
import { deleteOfficer, updateOfficer } from '#server/features/officers/manage.js';
import { getOfficerById } from '#server/features/officers/queries.js';
import { deleteRegiment } from '#server/features/regiments/manage.js';
import { listReviewWaves, releaseReviewWave, removeReviewWave } from '#server/features/reviews/wave-decisions.js';
import { checkSystemStatus, getAdminDashboard } from './dashboard.js';
import { approveFlaggedReview, listFlaggedReviews } from '#server/features/reviews/moderation.js';
import { banUser, listUsers, unbanUser } from '#server/features/users/manage-users.js';

export async function adminRoutes(app: App) {
  const { db, config } = app;

  app.addHook('preValidation', async function requireAdminFirst(request, reply) {
    requireAdmin(request);
    // Admin answers depend on who asks and hold private data: never stored by any cache.
    void reply.header('Cache-Control', 'private, no-store');
  });

  app.get('/dashboard', { config: { cache: 'private' }, schema: { response: { 200: adminDashboardSchema } } }, async () => getAdminDashboard(db));

  app.get('/status', { config: { cache: 'private' }, schema: { response: { 200: adminStatusSchema } } }, async (request) =>
    checkSystemStatus(db, config, request.log),
  );

  app.get('/users', { config: { cache: 'private' }, schema: { response: { 200: z.array(adminUserSchema) } } }, async () => listUsers(db));

  app.patch('/users/:id/ban', { schema: { params: idParamsSchema, response: { 200: successMessageSchema } } }, async (request) => {
    await banUser(db, requireAdmin(request), request.params.id);
    return { success: true, message: MSG.admin.userBanned(request.params.id) };
  });

  app.patch('/users/:id/unban', { schema: { params: idParamsSchema, response: { 200: successMessageSchema } } }, async (request) => {
    await unbanUser(db, requireAdmin(request), request.params.id);
    return { success: true, message: MSG.admin.userUnbanned(request.params.id) };
  });

  app.get('/reviews/flagged', { config: { cache: 'private' }, schema: { response: { 200: flaggedReviewListSchema } } }, async () => ({
    rows: await listFlaggedReviews(db),
  }));

  app.post('/reviews/:id/approve', { schema: { params: idParamsSchema, response: { 200: successMessageSchema } } }, async (request) => {
    await approveFlaggedReview(db, requireAdmin(request), request.params.id);
    return { success: true, message: MSG.admin.flagsRemoved };
  });

  // Issue 18, item 1: a reply's flags are approved apart from the review's (the reply is deleted
  // through DELETE /api/reviews/{id}/reply). Flags change nothing public.
  app.post(
    '/reviews/:id/reply/approve',
    { config: { invalidates: 'none' }, schema: { params: idParamsSchema, response: { 200: successMessageSchema } } },
    async (request) => {
      await approveFlaggedReview(db, requireAdmin(request), request.params.id, 'reply');
      return { success: true, message: MSG.reviewReply.replyApproved };
    },
  );

  // Review waves (issue 17): the open ones and the latest decided, and the two decisions. A decision
  // moves the officer's figures, its review pages, its reviewers' counts and every rated list: the
  // default invalidation of a write (everything public) is right for a rare moderator action.
  app.get('/waves', { config: { cache: 'private' }, schema: { response: { 200: adminReviewWaveListSchema } } }, async () => ({
    waves: await listReviewWaves(db),
  }));

  app.post('/waves/:id/release', { schema: { params: idParamsSchema, response: { 200: waveDecisionSchema } } }, async (request) => {
    const outcome = await releaseReviewWave(db, requireAdmin(request), request.params.id);
    return { success: true, message: MSG.waves.released(outcome.reviewCount), reviewCount: outcome.reviewCount };
  });

  app.post('/waves/:id/remove', { schema: { params: idParamsSchema, response: { 200: waveDecisionSchema } } }, async (request) => {
    const outcome = await removeReviewWave(db, requireAdmin(request), request.params.id);
    return { success: true, message: MSG.waves.removed(outcome.reviewCount), reviewCount: outcome.reviewCount };
  });

  app.patch(
    '/officers/:id',
    { schema: { params: idParamsSchema, body: officerEditBodySchema, response: { 200: officerSchema } } },
    async (request) => {
      await updateOfficer(db, { role: 'admin', user: requireAdmin(request) }, request.params.id, request.body);
      return getOfficerById(db, request.params.id);
    },
  );

  app.delete('/officers/:id', { schema: { params: idParamsSchema, response: { 200: successMessageSchema } } }, async (request) => {
    await deleteOfficer(db, { role: 'admin', user: requireAdmin(request) }, request.params.id);
    return { success: true, message: MSG.manage.officerDeleted };
  });

  app.delete('/regiments/:id', { schema: { params: idParamsSchema, response: { 200: regimentDeletedSchema } } }, async (request) => {
    const removal = await deleteRegiment(db, requireAdmin(request), request.params.id);
    return { success: true, message: MSG.manage.regimentDeleted, ...removal };
  });
}
