import type { AuthUser } from '#core/api';
import { canAdminister, canModerate } from '#core/permissions';

/** What an admin screen shows (spec section 2, Access control screens). */
type AdminAccess = 'checking' | 'denied' | 'allowed';

/** Who a screen is for: admins only, or staff (moderators beside admins, issue 33). */
export type AdminScreenAudience = 'admin' | 'staff';

/**
 * Nothing is decided while the auth status loads (a spinner shows), so an admin is never told
 * 'Access Denied' for a moment; afterwards only a signed-in admin (or, on a staff screen, a
 * moderator) is let in.
 */
export function decideAdminAccess({
  user,
  isAuthLoading,
  audience = 'admin',
}: {
  user: AuthUser | null;
  isAuthLoading: boolean;
  audience?: AdminScreenAudience;
}): AdminAccess {
  if (isAuthLoading) return 'checking';
  const allowed = audience === 'staff' ? canModerate(user) : canAdminister(user);
  return allowed ? 'allowed' : 'denied';
}
