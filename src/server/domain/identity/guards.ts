/** Authorization guards: routes call these instead of testing roles inline. */
import type { FastifyRequest } from 'fastify';
import { MSG } from '#core/messages.js';
import { canAdminister, canModerate } from '#core/permissions.js';
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
