import type { AuthUser } from '#core/api';
import { canAdminister } from '#core/permissions';

/** What an admin screen shows (spec section 2, Access control screens). */
type AdminAccess = 'checking' | 'denied' | 'allowed';

/**
 * Nothing is decided while the auth status loads (a spinner shows), so an admin is never told
 * 'Access Denied' for a moment; afterwards only a signed-in admin is let in.
 */
export function decideAdminAccess({ user, isAuthLoading }: { user: AuthUser | null; isAuthLoading: boolean }): AdminAccess {
  if (isAuthLoading) return 'checking';
  return canAdminister(user) ? 'allowed' : 'denied';
}
