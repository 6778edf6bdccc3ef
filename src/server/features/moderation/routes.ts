/**
 * Due process (issue 33): the grounds, the public moderation log and transparency report, a user's
 * standing and appeals, and the staff's appeal decisions and case notes and assignments.
 */
import { z } from 'zod';
import {
  adminAppealListSchema,
  appealBodySchema,
  appealDecisionBodySchema,
  appealDecisionSchema,
  appealSubmittedSchema,
  caseAssignmentBodySchema,
  caseNoteBodySchema,
  caseSchema,
  caseTypeSchema,
  moderationGroundsSchema,
  moderationLogSchema,
  standingSchema,
  transparencyReportSchema,
} from '#core/api.js';
import { MSG } from '#core/messages.js';
import { MODERATION_GROUNDS } from '#core/moderation.js';
import { moderatorScope } from '#server/domain/identity/admin-scope.js';
import { requireModerator, requireUser } from '#server/domain/identity/guards.js';
import { listStanding } from '#server/domain/moderation/standing.js';
import { idParam, idParamsSchema, positiveIntString } from '#server/platform/http/params.js';
import { enforceRateLimit } from '#server/platform/rate-limit/rate-limit.js';
import type { App } from '#server/platform/types.js';
import type { PublicCachePolicy } from '#server/platform/read-cache/route-policy.js';
import { decideAppeal, listAppeals, submitAppeal } from './appeals.js';
import { addCaseNote, assignCase, readCase } from './cases.js';
import { readModerationLog, readTransparencyReport } from './public-log.js';

const logQuerySchema = z.object({ page: positiveIntString('page', 100_000).optional() });
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const transparencyQuerySchema = z.object({
  month: z.string().regex(MONTH, 'month must be YYYY-MM').optional(),
});
const caseParamsSchema = z.object({ type: caseTypeSchema, id: idParam });

/** The current UTC month as YYYY-MM. */
function thisMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/**
 * The log and the report: kept by the response cache (bench: computed on every request they
 * answered about 700 requests/s at a p50 of 60 ms), never longer than a minute.
 */
const WITHIN_A_MINUTE: PublicCachePolicy = { public: () => [], expiresAt: (computedAt) => computedAt + 60_000 };

export async function moderationRoutes(app: App) {
  const { db, config, rateLimitStore } = app;
  // Appeals are rare: a few an hour is plenty for anyone, and stops a flood of them.
  const appealLimit = { name: 'appeal', ...config.rateLimits.appeal };

  app.get(
    '/moderation/grounds',
    {
      config: { cache: 'not-kept' },
      schema: { summary: 'The grounds a staff action may rest on', tags: ['Moderation'], response: { 200: moderationGroundsSchema } },
    },
    async () => MODERATION_GROUNDS.map(({ code, label }) => ({ code, label })),
  );

  // Public, and kept a minute at most (the "within a minute"): every staff action that
  // forgets all public answers shows at once, an appeal or a reply's removal within the minute.
  app.get(
    '/moderation/log',
    {
      config: { cache: WITHIN_A_MINUTE },
      schema: {
        summary: 'Every staff action, newest first: kind, ground, date, acting role, appeal and reversal',
        tags: ['Moderation'],
        querystring: logQuerySchema,
        response: { 200: moderationLogSchema },
      },
    },
    async (request) => readModerationLog(db, request.query.page ?? 1),
  );

  app.get(
    '/transparency',
    {
      config: { cache: WITHIN_A_MINUTE },
      schema: {
        summary: "A month's staff actions by kind and ground, flags, and appeals",
        tags: ['Moderation'],
        querystring: transparencyQuerySchema,
        response: { 200: transparencyReportSchema },
      },
    },
    async (request) => readTransparencyReport(db, request.query.month ?? thisMonth()),
  );

  app.get('/users/me/standing', { config: { cache: 'private' }, schema: { response: { 200: standingSchema } } }, async (request) => ({
    actions: await listStanding(db, requireUser(request).id),
  }));

  // A banned user may appeal: only signed in is asked (issue 33, item 4).
  app.post(
    '/appeals',
    { config: { invalidates: 'none' }, schema: { body: appealBodySchema, response: { 201: appealSubmittedSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(rateLimitStore, appealLimit, user.id);
      const appeal = await submitAppeal(db, user, request.body);
      return reply.code(201).send({ success: true as const, message: MSG.moderation.appealSubmitted, appeal });
    },
  );

  await app.register(
    moderatorScope(async (staff) => {
      staff.get('/appeals', { config: { cache: 'private' }, schema: { response: { 200: adminAppealListSchema } } }, async () => ({
        appeals: await listAppeals(db),
      }));

      // A reversal can put a review back, moving every figure: every public answer is forgotten.
      staff.post(
        '/appeals/:id/decide',
        {
          config: { invalidates: 'all' },
          schema: { params: idParamsSchema, body: appealDecisionBodySchema, response: { 200: appealDecisionSchema } },
        },
        async (request) => {
          const { appeal } = await decideAppeal(db, requireModerator(request), request.params.id, request.body);
          const message = appeal.status === 'reversed' ? MSG.moderation.appealReversed : MSG.moderation.appealUpheld;
          return { success: true as const, message, appeal };
        },
      );

      staff.get(
        '/cases/:type/:id',
        { config: { cache: 'private' }, schema: { params: caseParamsSchema, response: { 200: caseSchema } } },
        async (request) => readCase(db, request.params.type, request.params.id),
      );
      staff.post(
        '/cases/:type/:id/notes',
        { config: { invalidates: 'none' }, schema: { params: caseParamsSchema, body: caseNoteBodySchema, response: { 201: caseSchema } } },
        async (request, reply) => {
          const { type, id } = request.params;
          return reply.code(201).send(await addCaseNote(db, requireModerator(request), type, id, request.body.text));
        },
      );
      staff.put(
        '/cases/:type/:id/assignment',
        { config: { invalidates: 'none' }, schema: { params: caseParamsSchema, body: caseAssignmentBodySchema, response: { 200: caseSchema } } },
        async (request) => {
          const { type, id } = request.params;
          return assignCase(db, requireModerator(request), type, id, request.body.assigneeId);
        },
      );
    }),
    { prefix: '/admin' },
  );
}
