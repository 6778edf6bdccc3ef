import { z } from 'zod';
import {
  moderationReasonsSchema,
  reviewerProfileSchema,
  reviewPageSchema,
  reviewRevisionsSchema,
  reviewSchema,
  reviewViewerStateSchema,
} from '#core/api.js';
import { REVIEW_PAGE_SIZE, REVIEW_PAGE_SIZE_MAX } from '#core/constants.js';
import { MSG } from '#core/messages.js';
import { canModerate } from '#core/permissions.js';
import { DEFAULT_REVIEW_SORT, REVIEW_SORTS } from '#core/review-sort.js';
import { reviewBodySchema, reviewUpdateBodySchema, voteBodySchema } from '#core/schemas/review.js';
import { idParamsSchema, positiveIntString } from '#server/platform/http/params.js';
import { cacheTags } from '#server/platform/read-cache/tags.js';
import { enforceRateLimit } from '#server/platform/rate-limit/rate-limit.js';
import type { App } from '#server/platform/types.js';
import { requireUser } from '#server/domain/identity/guards.js';
import { flagReview } from './flags.js';
import { registerFlagRoute, reviewReplyRoutes } from './reply-routes.js';
import { getReviewById, listOfficerReviews, listRecentReviews, listUserReviews } from './queries.js';
import { createReview } from './review-create.js';
import { updateReview } from './review-edit.js';
import { deleteReview } from './review-writes.js';
import { getReviewRevisions } from './review-history.js';
import { reviewCursorSchema } from './review-order.js';
import { getReviewViewerState } from './viewer-state.js';
import { getReviewerProfile } from './reviewer-profile.js';
import { castVote } from './votes.js';
import { moderatorScope } from '#server/domain/identity/admin-scope.js';
import { reviewAdminRoutes } from './admin-routes.js';

/**
 * The spec's page and limit, and beside them (issue 16, item 2) the order and the keyset cursor:
 * `cursor` is a previous page's nextCursor for the same officer and sort, instead of a page number
 * (docs/decisions/0027-review-helpfulness.md).
 */
const pageQuerySchema = z
  .object({
    page: positiveIntString('page').optional(),
    limit: positiveIntString('limit', REVIEW_PAGE_SIZE_MAX).default(REVIEW_PAGE_SIZE),
    sort: z.enum(REVIEW_SORTS, { error: MSG.reviews.badSort }).default(DEFAULT_REVIEW_SORT),
    cursor: reviewCursorSchema.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.cursor && query.page !== undefined) ctx.addIssue({ code: 'custom', path: ['cursor'], message: MSG.reviews.cursorWithPage });
  });

export async function reviewRoutes(app: App) {
  const { db, config, rateLimitStore } = app;
  await app.register(moderatorScope(reviewAdminRoutes), { prefix: '/admin' });
  const limits = config.rateLimits;

  app.get(
    '/reviews/recent',
    {
      config: { cache: { public: () => cacheTags.recentReviews } },
      schema: { summary: 'The latest reviews on the site', tags: ['Reviews'], response: { 200: z.array(reviewSchema) } },
    },
    async () => listRecentReviews(db, app.reviewerSignals.noteShown),
  );

  app.get(
    '/reviews/officer/:officerId',
    {
      config: { cache: { public: (request) => [cacheTags.officerReviews(Number((request.params as { officerId: unknown }).officerId))] } },
      schema: {
        summary: "One officer's reviews, one page at a time",
        tags: ['Reviews'],
        params: z.object({ officerId: positiveIntString('officerId') }),
        querystring: pageQuerySchema,
        response: { 200: reviewPageSchema },
      },
    },
    async (request) => listOfficerReviews(db, request.params.officerId, request.query, app.reviewerSignals.noteShown),
  );

  app.get(
    '/reviewers/:userId',
    {
      // Its one tag: whatever changes a profile names its reviewer (cacheTags.reviewer).
      config: { cache: { public: (request) => [cacheTags.reviewer(Number((request.params as { userId: unknown }).userId))] } },
      schema: {
        summary: "A reviewer's profile and the reviews they wrote that count, one page at a time",
        tags: ['Reviews'],
        params: z.object({ userId: positiveIntString('userId') }),
        querystring: z.object({
          page: positiveIntString('page').default(1),
          limit: positiveIntString('limit', REVIEW_PAGE_SIZE_MAX).default(REVIEW_PAGE_SIZE),
        }),
        response: { 200: reviewerProfileSchema },
      },
    },
    async (request) => getReviewerProfile(db, request.params.userId, request.query, app.reviewerSignals.noteShown),
  );

  app.get('/reviews/my', { config: { cache: 'private' }, schema: { response: { 200: z.array(reviewSchema) } } }, async (request) => {
    const user = requireUser(request);
    return listUserReviews(db, user.id);
  });

  // Each review write names what it changed once it knows (request.cacheInvalidation).
  app.post(
    '/reviews',
    { config: { invalidates: 'set-by-handler' }, schema: { body: reviewBodySchema, response: { 201: reviewSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(rateLimitStore, { name: 'review-write', ...limits.reviewWrite }, user.id);
      const settings = { waves: config.waveThresholds, webhookSettleMs: config.discordWebhooks.settleMs };
      const created = await createReview(db, user, request.body.officerId, request.body, settings);
      // The officer's figures, and the author's review count beside each of their reviews.
      request.cacheInvalidation = created.invalidation;
      return reply.code(201).send(created.review);
    },
  );

  app.put(
    '/reviews/:id',
    { config: { invalidates: 'set-by-handler' }, schema: { params: idParamsSchema, body: reviewUpdateBodySchema, response: { 200: reviewSchema } } },
    async (request) => {
      const user = requireUser(request);
      await enforceRateLimit(rateLimitStore, { name: 'review-write', ...limits.reviewWrite }, user.id);
      // What a new review changes, and this review's history; an edit that changed nothing, nothing.
      const edit = await updateReview(db, user, request.params.id, request.body, config.waveThresholds);
      request.cacheInvalidation = edit.invalidation;
      return getReviewById(db, request.params.id);
    },
  );

  app.get(
    '/reviews/:id/revisions',
    {
      config: { cache: { public: (request) => [cacheTags.reviewHistory(Number((request.params as { id: unknown }).id))] } },
      schema: {
        summary: "One review's versions, newest first, with what each edit changed",
        tags: ['Reviews'],
        params: idParamsSchema,
        response: { 200: reviewRevisionsSchema },
      },
    },
    async (request) => getReviewRevisions(db, request.params.id),
  );

  app.delete(
    '/reviews/:id',
    {
      // A removal moves the officer's figures and positions, its reviewer's count and every rated list.
      config: { invalidates: 'all' },
      // Staff may say why (issue 33): the ground and facts of the statement the author receives.
      schema: {
        params: idParamsSchema,
        body: moderationReasonsSchema.nullish(),
        response: { 200: z.object({ success: z.boolean(), message: z.string() }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // Moderators delete many reviews in a row; the limit is for authors.
      if (!canModerate(user)) await enforceRateLimit(rateLimitStore, { name: 'review-write', ...limits.reviewWrite }, user.id);
      await deleteReview(db, user, request.params.id, { reasons: request.body ?? {}, appealWindowDays: config.appealWindowDays });
      return { success: true, message: MSG.reviews.deleted };
    },
  );

  app.get(
    '/reviews/:id/vote',
    // The spec's `value`, and beside it `flagged` and `replyFlagged` (docs/decisions/0017-per-user-review-state.md).
    { config: { cache: 'private' }, schema: { params: idParamsSchema, response: { 200: reviewViewerStateSchema } } },
    async (request) => {
      const user = requireUser(request);
      return getReviewViewerState(db, user.id, request.params.id);
    },
  );

  app.post(
    '/reviews/:id/vote',
    {
      config: { invalidates: 'set-by-handler' },
      // A vote changes that review's score, shown only in its officer's review pages and the recent list.
      // Beside the spec's value and score: the up and down votes (issue 16, item 2).
      schema: {
        params: idParamsSchema,
        body: voteBodySchema,
        response: { 200: z.object({ value: z.number(), score: z.number(), upvotes: z.number(), downvotes: z.number() }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceRateLimit(rateLimitStore, { name: 'vote', ...limits.vote }, user.id);
      const { officerId, authorId, ...vote } = await castVote(db, user, request.params.id, request.body.value);
      request.cacheInvalidation = cacheTags.voteOnReviewOf(officerId, authorId);
      return vote;
    },
  );

  registerFlagRoute(app, '/reviews/:id/flag', flagReview);

  // Issue 18, item 1: the officer's reply and the reviewer's resolution.
  await reviewReplyRoutes(app);
}
