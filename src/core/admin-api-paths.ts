/**
 * The paths of the staff's calls under /api/admin (spec section 7, Administration; issue 33), beside
 * apiPaths (api-paths.ts) rather than in it: apiPaths is part of the web's first screen, and only the
 * staff's screens call these.
 */
import type { RegistrationAction } from './schemas/registration.js';
import type { CaseType } from './moderation.js';
import type { RegistrationKind } from './api-paths.js';

export const adminApiPaths = {
  dashboard: '/api/admin/dashboard',
  status: '/api/admin/status',
  registrations: (kind: RegistrationKind) => `/api/admin/registrations/${kind}`,
  decideRegistration: (kind: RegistrationKind, id: number, action: RegistrationAction) => `/api/admin/registrations/${kind}/${id}/${action}`,
  officer: (id: number) => `/api/admin/officers/${id}`,
  regiment: (id: number) => `/api/admin/regiments/${id}`,
  users: '/api/admin/users',
  userBan: (id: number, isBanned: boolean) => `/api/admin/users/${id}/${isBanned ? 'ban' : 'unban'}`,
  flaggedReviews: '/api/admin/reviews/flagged',
  approveReview: (id: number) => `/api/admin/reviews/${id}/approve`,
  approveReply: (id: number) => `/api/admin/reviews/${id}/reply/approve`,
  waves: '/api/admin/waves',
  decideWave: (id: number, action: 'release' | 'remove') => `/api/admin/waves/${id}/${action}`,
  /** Issue 32: one review of the wave. */
  decideWaveReview: (id: number, reviewId: number, action: 'release' | 'remove') => `/api/admin/waves/${id}/reviews/${reviewId}/${action}`,
  summary: '/api/admin/moderation',
  userRole: (id: number) => `/api/admin/users/${id}/role`,
  suspend: (id: number) => `/api/admin/users/${id}/suspend`,
  /** Issue 34, item 6: every second factor of an account that lost them, removed. */
  userSecondFactors: (id: number) => `/api/admin/users/${id}/second-factor`,
  /** Issue 35: a regiment whose owner left is given a new one. */
  regimentOwner: (id: number) => `/api/admin/regiments/${id}/owner`,
  appeals: '/api/admin/appeals',
  decideAppeal: (id: number) => `/api/admin/appeals/${id}/decide`,
  caseOf: (type: CaseType, id: number) => `/api/admin/cases/${type}/${id}`,
  caseNotes: (type: CaseType, id: number) => `/api/admin/cases/${type}/${id}/notes`,
  caseAssignment: (type: CaseType, id: number) => `/api/admin/cases/${type}/${id}/assignment`,
} as const;
