/**
 * Every feature's calls under /api (spec section 7). Each area registers its own routes, its
 * administrators' calls under /api/admin/... among them (domain/identity/admin-scope.ts); no area
 * reaches into another's files (ARCHITECTURE.md).
 */
import { accountRoutes } from '#server/features/account/routes.js';
import { apiDocRoutes } from '#server/features/api-docs/routes.js';
import { authRoutes } from '#server/features/auth/routes.js';
import { cardRoutes } from '#server/features/cards/routes.js';
import { dashboardRoutes } from '#server/features/dashboard/routes.js';
import { followRoutes } from '#server/features/follows/routes.js';
import { moderationRoutes } from '#server/features/moderation/routes.js';
import { notificationRoutes } from '#server/features/notifications/routes.js';
import { officerRoutes } from '#server/features/officers/routes.js';
import { regimentWebhookRoutes } from '#server/features/regiment-webhooks/routes.js';
import { regimentRoutes } from '#server/features/regiments/routes.js';
import { registrationRoutes } from '#server/features/registrations/routes.js';
import { reviewRoutes } from '#server/features/reviews/routes.js';
import { searchRoutes } from '#server/features/search/routes.js';
import { sideRoutes } from '#server/features/sides/routes.js';
import { steamRoutes } from '#server/features/steam/routes.js';
import { uploadRoutes } from '#server/features/uploads/routes.js';
import { userRoutes } from '#server/features/users/routes.js';
import type { App } from '#server/platform/types.js';

const FEATURE_ROUTES = [
  authRoutes,
  sideRoutes,
  regimentRoutes,
  officerRoutes,
  searchRoutes,
  reviewRoutes,
  steamRoutes,
  userRoutes,
  accountRoutes,
  uploadRoutes,
  registrationRoutes,
  dashboardRoutes,
  apiDocRoutes,
  cardRoutes,
  notificationRoutes,
  regimentWebhookRoutes,
  moderationRoutes,
  followRoutes,
];

export async function apiRoutes(api: App) {
  for (const routes of FEATURE_ROUTES) await api.register(routes);
}
