import type { AuthUser } from '#core/api';
import { manageMessages } from '#core/messages/manage';
import { officerManagerRole, type OfficerManagerRole } from '#core/permissions';

/** The edit and delete actions a user has on an officer page, with their labels. */
export interface OfficerManagement {
  role: OfficerManagerRole;
  editLabel: string;
  deleteLabel: string;
}

/**
 * Spec section 6: an admin edits or deletes any officer through the admin endpoints ('Edit Officer',
 * 'Delete Officer'); the owner, a non-admin whose account is linked to this officer (isOfficer and
 * officerId equal to the page's id), edits or deletes their own profile ('Edit My Profile', 'Delete My
 * Profile'). Anyone else has no actions (null).
 */
export function chooseOfficerManagement(user: AuthUser | null, officerId: number): OfficerManagement | null {
  const role = officerManagerRole(user, officerId);
  if (role === 'admin') return { role, editLabel: manageMessages.editOfficer, deleteLabel: manageMessages.deleteOfficer };
  if (role === 'owner') return { role, editLabel: manageMessages.editMyProfile, deleteLabel: manageMessages.deleteMyProfile };
  return null;
}
