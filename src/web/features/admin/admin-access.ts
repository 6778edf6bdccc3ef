import type { AuthUser } from '#core/api';
import { canAdminister, canModerate } from '#core/permissions';

/**
 * What an admin screen shows (spec section 2, Access control screens): with 'enrol', the staff
 * account has no second factor yet, and the screen asks it to set one up (issue 34, item 4).
 */
type AdminAccess = 'checking' | 'denied' | 'enrol' | 'allowed';

/** Who a screen is for: admins only, or staff (moderators beside admins, issue 33). */
export type AdminScreenAudience = 'admin' | 'staff';

/**
 * Nothing is decided while the auth status loads (a spinner shows), so an admin is never told
 * 'Access Denied' for a moment; afterwards only a signed-in admin (or, on a staff screen, a
 * moderator) is let in, once the account has a second factor: the server refuses the staff calls
 * of an account without one. An auth status that does not say (`secondFactor` absent) counts as
 * enrolled: the server always says, and the refusal would come from it anyway.
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
  if (!allowed) return 'denied';
  return user?.secondFactor?.enrolled === false ? 'enrol' : 'allowed';
}
