/** Authorization guards: routes call these instead of testing roles inline. */
import type { FastifyRequest } from 'fastify';
import { MSG } from '#core/messages.js';
import { canAdminister, canModerate, isSuspended } from '#core/permissions.js';
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
  return user;
}

/** Moderators and admins (issue 33): the flag queue, replies, review waves, suspensions and appeals. */
export function requireModerator(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!canModerate(user)) throw new AppError('FORBIDDEN', MSG.staff.moderatorAccessRequired);
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
