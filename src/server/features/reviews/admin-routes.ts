/**
 * The administrators' calls of the reviews area, under /api/admin (spec section 7, Administration):
 * flagged reviews and replies, and the review waves (issue 17). Registered in the admin scope.
 */
import { adminReviewWaveListSchema, flaggedReviewListSchema, successMessageSchema, waveDecisionSchema } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { requireAdmin } from '#server/domain/identity/guards.js';
import { idParamsSchema } from '#server/platform/http/params.js';
import type { App } from '#server/platform/types.js';
import { approveFlaggedReview, listFlaggedReviews } from './moderation.js';
import { listReviewWaves, releaseReviewWave, removeReviewWave } from './wave-decisions.js';

export async function reviewAdminRoutes(admin: App) {
  const { db } = admin;

  admin.get('/reviews/flagged', { config: { cache: 'private' }, schema: { response: { 200: flaggedReviewListSchema } } }, async () => ({
    rows: await listFlaggedReviews(db),
  }));

  // Approving a review's flags keeps the review; every public answer is forgotten all the same, as
  // before the route declared it (a rare moderator action).
  admin.post(
    '/reviews/:id/approve',
    { config: { invalidates: 'all' }, schema: { params: idParamsSchema, response: { 200: successMessageSchema } } },
    async (request) => {
      await approveFlaggedReview(db, requireAdmin(request), request.params.id);
      return { success: true, message: MSG.admin.flagsRemoved };
    },
  );

  // Issue 18, item 1: a reply's flags are approved apart from the review's (the reply is deleted
  // through DELETE /api/reviews/{id}/reply). Flags change nothing public.
  admin.post(
    '/reviews/:id/reply/approve',
    { config: { invalidates: 'none' }, schema: { params: idParamsSchema, response: { 200: successMessageSchema } } },
    async (request) => {
      await approveFlaggedReview(db, requireAdmin(request), request.params.id, 'reply');
      return { success: true, message: MSG.reviewReply.replyApproved };
    },
  );

  // Review waves (issue 17): the open ones and the latest decided, and the two decisions. A decision
  // moves the officer's figures, its review pages, its reviewers' counts and every rated list: all
  // public answers are forgotten, which is right for a rare moderator action.
  admin.get('/waves', { config: { cache: 'private' }, schema: { response: { 200: adminReviewWaveListSchema } } }, async () => ({
    waves: await listReviewWaves(db),
  }));

  admin.post(
    '/waves/:id/release',
    { config: { invalidates: 'all' }, schema: { params: idParamsSchema, response: { 200: waveDecisionSchema } } },
    async (request) => {
      const outcome = await releaseReviewWave(db, requireAdmin(request), request.params.id);
      return { success: true, message: MSG.waves.released(outcome.reviewCount), reviewCount: outcome.reviewCount };
    },
  );

  admin.post(
    '/waves/:id/remove',
    { config: { invalidates: 'all' }, schema: { params: idParamsSchema, response: { 200: waveDecisionSchema } } },
    async (request) => {
      const outcome = await removeReviewWave(db, requireAdmin(request), request.params.id);
      return { success: true, message: MSG.waves.removed(outcome.reviewCount), reviewCount: outcome.reviewCount };
    },
  );
}
