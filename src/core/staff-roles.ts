/**
 * Staff roles (issue 33; docs/decisions/0048-staff-roles.md), in a module of their own in the manner
 * of reply-permissions.ts: the web's first screen bundles permissions.ts whole, and only the admin
 * screens and the server need these.
 */
import { canAdminister, type PermissionUser } from './permissions.js';

type Viewer<K extends keyof PermissionUser> = Pick<PermissionUser, K> | null;

/**
 * The staff roles, lowest first (issue 33): a moderator watches the flags, waves, replies, appeals
 * and suspensions; an admin holds every key, including registrations, deletions, permanent bans and
 * roles. The spec's isAdmin is true for admins only.
 */
export const STAFF_ROLES = ['user', 'moderator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * The roles an admin sets through PUT /api/admin/users/{id}/role: the admin role itself is granted
 * by the operator (npm run admin, ADMIN_EMAILS), never through the API.
 */
export const GRANTABLE_ROLES = ['user', 'moderator'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

/**
 * Admins grant and revoke the moderator role, never on themselves and never on another admin: no
 * admin can demote a peer, and nobody raises or lowers their own keys (issue 33, item 1).
 */
export function canChangeRole(user: Viewer<'id' | 'isAdmin'>, target: { id: number; role: StaffRole }): boolean {
  return canAdminister(user) && user !== null && user.id !== target.id && target.role !== 'admin';
}
