/** Authorization guards: routes call these instead of testing roles inline. */
import type { FastifyRequest } from 'fastify';
import { MSG } from '#core/messages.js';
import { canAdminister, canModerate, isSuspended } from '#core/permissions.js';
import { STEP_UP_WINDOW_MS } from '#core/second-factor.js';
import { AppError } from '#server/platform/errors.js';
import type { SessionUser } from './sessions.js';

export function currentUser(request: FastifyRequest): SessionUser | null {
  return request.session?.user ?? null;
}

export function requireUser(request: FastifyRequest): SessionUser {
  const user = currentUser(request);
  if (!user) throw new AppError('UNAUTHENTICATED', MSG.session.authenticationRequired);
  return user;
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!canAdminister(user)) throw new AppError('FORBIDDEN', MSG.admin.adminAccessRequired);
  return requireStaffFactor(user);
}

/** Moderators and admins (issue 33): the flag queue, replies, review waves, suspensions and appeals. */
export function requireModerator(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!canModerate(user)) throw new AppError('FORBIDDEN', MSG.staff.moderatorAccessRequired);
  return requireStaffFactor(user);
}

/**
 * Staff tools open only to a staff account with a second factor (issue 34, item 4): a guessed or
 * leaked password alone reaches the enrolment screen and nothing else.
 */
export function requireStaffFactor(user: SessionUser): SessionUser {
  if (!user.hasSecondFactor) throw new AppError('SECOND_FACTOR_REQUIRED', MSG.security.staffNeedsSecondFactor);
  return user;
}

/**
 * The dangerous actions (bans, roles, deletions, a wave's removal, a factor turned off) need a
 * second factor checked in this session within STEP_UP_WINDOW_MS (issue 34, item 5); otherwise 401
 * with `stepUp: true`, and the web asks for a code or a passkey and sends the action again.
 */
export function requireRecentSecondFactor(request: FastifyRequest, now = Date.now()): SessionUser {
  const user = requireUser(request);
  const at = request.session?.secondFactorAt;
  if (!at || now - at.getTime() > STEP_UP_WINDOW_MS) throw new AppError('STEP_UP_REQUIRED', MSG.security.stepUpRequired, { stepUp: true });
  return user;
}

/**
 * A signed-in user who is not banned or suspended (issue 33, item 4): registering regiments and
 * officers and uploading are refused to a banned account, as reviews, votes, flags and replies are.
 */
export function requireActiveUser(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (isSuspended(user)) throw new AppError('FORBIDDEN', MSG.account.suspended);
  return user;
}
