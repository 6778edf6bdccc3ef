/** Authorization guards: routes call these instead of testing roles inline. */
import type { FastifyRequest } from 'fastify';
import { MSG } from '#core/messages.js';
import { canAdminister } from '#core/permissions.js';
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
