/**
 * The staff's calls of the reviews area, under /api/admin (spec section 7, Administration): flagged
 * reviews and replies, and the review waves (issue 17). Registered in the moderator scope: moderators
 * and admins both work the queue (issue 33).
 */
import type { FastifyRequest } from 'fastify';
import {
  adminReviewWaveListSchema,
  flaggedReviewListSchema,
  moderationReasonsSchema,
  successMessageSchema,
  waveDecisionSchema,
  type ModerationReasons,
} from '#core/api.js';
import { z } from 'zod';
import { MSG } from '#core/messages.js';
import { requireModerator, requireRecentSecondFactor } from '#server/domain/identity/guards.js';
import { idParam, idParamsSchema, positiveIntString } from '#server/platform/http/params.js';
import type { App } from '#server/platform/types.js';
import { approveFlaggedReview, listFlaggedReviews } from './moderation.js';
import { decideReviewWave, decideWaveReview, listReviewWaves, type WaveDecisionSettings } from './wave-decisions.js';

/** Params of `/waves/:id/reviews/:reviewId/...`: the wave and one of its reviews. */
const waveReviewParamsSchema = z.object({ id: idParam, reviewId: positiveIntString('reviewId') });

export async function reviewAdminRoutes(admin: App) {
  const { db, config } = admin;

  admin.get('/reviews/flagged', { config: { cache: 'private' }, schema: { response: { 200: flaggedReviewListSchema } } }, async () => ({
    rows: await listFlaggedReviews(db),
  }));

  // Approving a review's flags keeps the review; every public answer is forgotten all the same, as
  // before the route declared it (a rare moderator action).
  admin.post(
    '/reviews/:id/approve',
    { config: { invalidates: 'all' }, schema: { params: idParamsSchema, response: { 200: successMessageSchema } } },
    async (request) => {
      await approveFlaggedReview(db, requireModerator(request), request.params.id);
      return { success: true, message: MSG.admin.flagsRemoved };
    },
  );

  // Issue 18, item 1: a reply's flags are approved apart from the review's (the reply is deleted
  // through DELETE /api/reviews/{id}/reply). Flags change nothing public.
  admin.post(
    '/reviews/:id/reply/approve',
    { config: { invalidates: 'none' }, schema: { params: idParamsSchema, response: { 200: successMessageSchema } } },
    async (request) => {
      await approveFlaggedReview(db, requireModerator(request), request.params.id, 'reply');
      return { success: true, message: MSG.reviewReply.replyApproved };
    },
  );

  // Review waves (issues 17 and 32): the open ones and the latest decided, and the decisions on a
  // whole wave or one of its reviews. A decision moves the officer's figures, its review pages, its
  // reviewers' counts and every rated list: all public answers are forgotten, which is right for a
  // rare moderator action.
  admin.get('/waves', { config: { cache: 'private' }, schema: { response: { 200: adminReviewWaveListSchema } } }, async () => ({
    waves: await listReviewWaves(db),
    cooldownDays: config.waveCooldownDays,
  }));

  const decisionOf = (request: FastifyRequest): WaveDecisionSettings => ({
    actor: requireModerator(request),
    reasons: (request.body as ModerationReasons | null | undefined) ?? {},
    cooldownDays: config.waveCooldownDays,
    appealWindowDays: config.appealWindowDays,
  });

  for (const action of ['release', 'remove'] as const) {
    const outcome = action === 'release' ? 'released' : 'removed';
    admin.post(
      `/waves/:id/${action}`,
      {
        config: { invalidates: 'all' },
        // A removal may say why (issue 33): the statement each author receives.
        schema: { params: idParamsSchema, body: moderationReasonsSchema.nullish(), response: { 200: waveDecisionSchema } },
      },
      async (request) => {
        // Removing a whole wave takes many reviews down at once: a dangerous action (issue 34, item 5).
        const settings = decisionOf(request);
        if (outcome === 'removed') requireRecentSecondFactor(request);
        const decided = await decideReviewWave(db, settings, request.params.id, outcome);
        const message = outcome === 'released' ? MSG.waves.released(decided.reviewCount) : MSG.waves.removed(decided.reviewCount);
        return { success: true, message, reviewCount: decided.reviewCount, waveStatus: decided.waveStatus };
      },
    );

    // Issue 32, item 2: one review of the wave, released or removed on its own.
    admin.post(
      `/waves/:id/reviews/:reviewId/${action}`,
      {
        config: { invalidates: 'all' },
        schema: { params: waveReviewParamsSchema, body: moderationReasonsSchema.nullish(), response: { 200: waveDecisionSchema } },
      },
      async (request) => {
        const { id, reviewId } = request.params;
        const decided = await decideWaveReview(db, decisionOf(request), id, reviewId, outcome);
        const message = outcome === 'released' ? MSG.waves.reviewReleased : MSG.waves.reviewRemoved;
        return { success: true, message, reviewCount: decided.reviewCount, waveStatus: decided.waveStatus };
      },
    );
  }
}
