/**
 * The response schema of every API call, as the server declares it (src/server routes, `response`),
 * so the web tests' stubbed answers (mockApi in render.tsx) are checked against what the real
 * server can send: a stub the server could never send fails the test that serves it.
 *
 * `null` marks a call whose answer has no schema in src/core (the server writes it inline): its
 * stubs are not checked. Error answers (4xx, 5xx) are checked against errorBodySchema, which every
 * error of the API has.
 */
import { z } from 'zod';
import {
  adminDashboardSchema,
  adminReviewWaveListSchema,
  adminStatusSchema,
  adminUserSchema,
  moderationSummarySchema,
  roleChangeResultSchema,
  adminAppealListSchema,
  appealDecisionSchema,
  appealSubmittedSchema,
  caseSchema,
  moderationGroundsSchema,
  moderationLogSchema,
  standingSchema,
  suspensionResultSchema,
  transparencyReportSchema,
  authStatusSchema,
  authUserSchema,
  errorBodySchema,
  flaggedReviewListSchema,
  messageSchema,
  officerDetailSchema,
  officerRegistrationDecisionSchema,
  officerRegistrationSchema,
  officerRegistrationSubmittedSchema,
  officerSchema,
  officerSearchPageSchema,
  officerTrendSchema,
  ownedRegimentSchema,
  rankedOfficerSchema,
  rankedRegimentSchema,
  regimentChoicesSchema,
  regimentDeletedSchema,
  regimentListAnswerSchema,
  regimentDetailSchema,
  regimentRatingsSchema,
  regimentRegistrationDecisionSchema,
  regimentRegistrationSchema,
  regimentRegistrationSubmittedSchema,
  regimentSchema,
  reviewPageSchema,
  reviewRevisionsSchema,
  reviewerProfileSchema,
  reviewSchema,
  reviewViewerStateSchema,
  sideSchema,
  steamStatsResultSchema,
  successMessageSchema,
  suggestionsSchema,
  userSettingsSchema,
  waveDecisionSchema,
} from '#core/api';
import { identityConfigSchema } from '#core/schemas/firebase-auth';
import { markNotificationsReadResultSchema, myRegistrationsSchema, notificationPageSchema } from '#core/schemas/notifications';
import { regimentWebhookStatusSchema } from '#core/schemas/regiment-webhook';
import { followListSchema, followSchema, unfollowResultSchema } from '#core/follows';
import { passkeySchema, recoveryCodesSchema, securityStateSchema, totpSetupSchema } from '#core/schemas/second-factor';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** 'METHOD /api/path/:param' -> the schema of its success answer, or null when core has none. */
const RESPONSE_SCHEMAS: Record<`${Method} /api/${string}`, z.ZodType | null> = {
  // Authentication (server: features/auth, steam)
  'GET /api/csrf-token': null,
  'GET /api/auth/status': authStatusSchema,
  'GET /api/auth/config': identityConfigSchema,
  'POST /api/auth/register': null,
  'POST /api/auth/login': null,
  'POST /api/auth/legacy-login': null,
  'POST /api/auth/logout': messageSchema,
  'POST /api/auth/firebase-login': null,
  'POST /api/auth/firebase-register': null,
  'POST /api/auth/update-verification': null,
  'POST /api/auth/request-verification': null,
  'GET /api/auth/verify-email/:code': messageSchema,
  'POST /api/auth/forgot-password': messageSchema,
  'GET /api/auth/reset-password/:code': null,
  'POST /api/auth/reset-password': messageSchema,
  // The second factor (issue 34)
  'POST /api/auth/second-factor': z.object({ user: authUserSchema }),
  'GET /api/auth/security': securityStateSchema,
  'POST /api/auth/totp/setup': totpSetupSchema,
  'POST /api/auth/totp/enable': recoveryCodesSchema,
  'POST /api/auth/totp/disable': messageSchema,
  'POST /api/auth/recovery-codes': recoveryCodesSchema,
  'POST /api/auth/passkeys/registration-options': null,
  'POST /api/auth/passkeys': z.object({ passkey: passkeySchema, recoveryCodes: z.array(z.string()).optional() }),
  'DELETE /api/auth/passkeys/:id': messageSchema,
  'POST /api/auth/passkeys/authentication-options': null,
  'POST /api/auth/passkeys/authenticate': z.object({ user: authUserSchema }),
  'GET /api/users/me/steam-stats': steamStatsResultSchema,
  'GET /api/officers/:id/steam-stats': steamStatsResultSchema,
  'GET /api/users/me/settings': userSettingsSchema,
  'PUT /api/users/me/settings': userSettingsSchema,
  'GET /api/users/me/follows': followListSchema,
  'POST /api/follows': followSchema,
  'DELETE /api/follows/:id': unfollowResultSchema,
  // Your data and your account (issue 35)
  'GET /api/users/me/export': null,
  'POST /api/users/me/deletion': z.object({ deleteAfter: z.string(), message: z.string() }),
  'DELETE /api/users/me/deletion': messageSchema,
  // Notifications and the user's own registrations
  'GET /api/notifications': notificationPageSchema,
  'POST /api/notifications/read': markNotificationsReadResultSchema,
  'GET /api/registrations/mine': myRegistrationsSchema,
  'GET /api/users/me/regiments/owned': z.array(ownedRegimentSchema),
  'POST /api/regiments/register': regimentRegistrationSubmittedSchema,
  'POST /api/officers/register': officerRegistrationSubmittedSchema,
  // Sides, regiments, officers
  'GET /api/sides': z.array(sideSchema),
  'GET /api/regiments': regimentListAnswerSchema,
  'GET /api/regiments/featured': z.array(rankedRegimentSchema),
  'GET /api/regiments/side/:sideId': z.array(regimentSchema),
  'GET /api/regiments/:id': regimentDetailSchema,
  'GET /api/regiments/:id/ratings': regimentRatingsSchema,
  'PATCH /api/regiments/:id/edit': regimentSchema,
  'GET /api/regiments/:id/webhook': regimentWebhookStatusSchema,
  'PUT /api/regiments/:id/webhook': regimentWebhookStatusSchema,
  'DELETE /api/regiments/:id/webhook': regimentWebhookStatusSchema,
  'POST /api/regiments/:id/webhook/test': successMessageSchema,
  'GET /api/officers': z.array(officerSchema),
  'GET /api/officers/regiment/:regimentId': z.array(officerSchema),
  'GET /api/officers/:id': officerDetailSchema,
  'GET /api/officers/:id/trend': officerTrendSchema,
  'PATCH /api/officers/:id/edit': officerSchema,
  'DELETE /api/officers/:id': successMessageSchema,
  // Search
  'GET /api/officers/top': z.array(rankedOfficerSchema),
  'GET /api/officers/search': z.array(rankedOfficerSchema),
  'GET /api/search/officers': officerSearchPageSchema,
  'GET /api/search/suggestions': suggestionsSchema,
  'GET /api/search/regiments': regimentChoicesSchema,
  // Reviews
  'GET /api/reviews/recent': z.array(reviewSchema),
  'GET /api/reviews/officer/:officerId': reviewPageSchema,
  'GET /api/reviews/my': z.array(reviewSchema),
  'GET /api/reviewers/:userId': reviewerProfileSchema,
  'POST /api/reviews': reviewSchema,
  'PUT /api/reviews/:id': reviewSchema,
  'DELETE /api/reviews/:id': null,
  'GET /api/reviews/:id/revisions': reviewRevisionsSchema,
  'GET /api/reviews/:id/vote': reviewViewerStateSchema,
  'POST /api/reviews/:id/vote': null,
  'POST /api/reviews/:id/flag': null,
  'PUT /api/reviews/:id/reply': reviewSchema,
  'DELETE /api/reviews/:id/reply': successMessageSchema,
  'POST /api/reviews/:id/reply/flag': null,
  'POST /api/reviews/:id/resolved': reviewSchema,
  'POST /api/upload': null,
  // Administration
  'GET /api/admin/dashboard': adminDashboardSchema,
  'GET /api/admin/status': adminStatusSchema,
  'GET /api/admin/users': z.array(adminUserSchema),
  'PATCH /api/admin/users/:id/ban': successMessageSchema,
  'PATCH /api/admin/users/:id/unban': successMessageSchema,
  'PUT /api/admin/users/:id/role': roleChangeResultSchema,
  'DELETE /api/admin/users/:id/second-factor': successMessageSchema,
  'GET /api/admin/moderation': moderationSummarySchema,
  'GET /api/admin/reviews/flagged': flaggedReviewListSchema,
  'POST /api/admin/reviews/:id/approve': successMessageSchema,
  'POST /api/admin/reviews/:id/reply/approve': successMessageSchema,
  'GET /api/admin/waves': adminReviewWaveListSchema,
  'POST /api/admin/waves/:id/release': waveDecisionSchema,
  'POST /api/admin/waves/:id/remove': waveDecisionSchema,
  'POST /api/admin/waves/:id/reviews/:reviewId/release': waveDecisionSchema,
  'POST /api/admin/waves/:id/reviews/:reviewId/remove': waveDecisionSchema,
  'PATCH /api/admin/officers/:id': officerSchema,
  'DELETE /api/admin/officers/:id': successMessageSchema,
  'DELETE /api/admin/regiments/:id': regimentDeletedSchema,
  'PUT /api/admin/regiments/:id/owner': successMessageSchema,
  'GET /api/admin/registrations/regiments': z.array(regimentRegistrationSchema),
  'GET /api/admin/registrations/officers': z.array(officerRegistrationSchema),
  'POST /api/admin/registrations/regiments/:id/:action': regimentRegistrationDecisionSchema,
  'POST /api/admin/registrations/officers/:id/:action': officerRegistrationDecisionSchema,
  // Due process (issue 33)
  'GET /api/moderation/grounds': moderationGroundsSchema,
  'GET /api/moderation/log': moderationLogSchema,
  'GET /api/transparency': transparencyReportSchema,
  'GET /api/users/me/standing': standingSchema,
  'POST /api/appeals': appealSubmittedSchema,
  'PATCH /api/admin/users/:id/suspend': suspensionResultSchema,
  'GET /api/admin/appeals': adminAppealListSchema,
  'POST /api/admin/appeals/:id/decide': appealDecisionSchema,
  'GET /api/admin/cases/:type/:id': caseSchema,
  'POST /api/admin/cases/:type/:id/notes': caseSchema,
  'PUT /api/admin/cases/:type/:id/assignment': caseSchema,
};

interface Route {
  method: string;
  segments: string[];
  key: string;
  schema: z.ZodType | null;
}

const ROUTES: Route[] = Object.entries(RESPONSE_SCHEMAS).map(([key, schema]) => {
  const [method, path] = key.split(' ') as [string, string];
  return { method, segments: path.split('/'), key, schema };
});

/**
 * The route a call goes to, as the server's router picks it: a literal segment wins over a
 * parameter (GET /api/officers/top is not GET /api/officers/:id).
 */
function routeOf(method: string, pathname: string): Route | undefined {
  const segments = pathname.split('/');
  const matches = ROUTES.filter(
    (route) =>
      route.method === method &&
      route.segments.length === segments.length &&
      route.segments.every((segment, i) => segment.startsWith(':') || segment === segments[i]),
  );
  const literals = (route: Route) => route.segments.filter((segment) => !segment.startsWith(':')).length;
  return matches.sort((a, b) => literals(b) - literals(a))[0];
}

/**
 * Why the real server could not answer `METHOD pathname` with `status` and `body`, or null when it
 * could (or when core has no schema for the call): the answer must parse with the call's schema,
 * an error answer with errorBodySchema.
 */
export function stubProblem(method: string, pathname: string, status: number, body: unknown): string | null {
  const route = routeOf(method, pathname);
  const call = `${method} ${pathname}`;
  if (!route) return `${call} is not an API call the server answers (no route in src/web/test/response-schemas.ts)`;
  // A gateway's answer (502, 504) comes from in front of the server, in whatever shape it has.
  if (status === 502 || status === 504) return null;
  const isError = status >= 400;
  const schema = isError ? errorBodySchema : route.schema;
  if (!schema) return null;
  const result = schema.safeParse(body);
  if (result.success) return null;
  const what = `The stubbed ${status} answer of ${call} (${isError ? 'errorBodySchema' : route.key})`;
  return `${what} does not match its response schema:\n${z.prettifyError(result.error)}`;
}
