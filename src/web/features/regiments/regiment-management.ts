import type { AuthUser, Regiment } from '#core/api';
import { canDeleteRegiment, canEditRegiment } from '#core/permissions';

/** What a user may do to a regiment from its page. */
interface RegimentManagement {
  canEdit: boolean;
  canDelete: boolean;
}

/**
 * Spec section 6: the regiment's owner (the user who registered it: user id equal to its userId) or an
 * admin edits it; only an admin deletes it.
 */
export function chooseRegimentManagement(user: AuthUser | null, regiment: Pick<Regiment, 'userId'>): RegimentManagement {
  return { canEdit: canEditRegiment(user, regiment), canDelete: canDeleteRegiment(user) };
}
