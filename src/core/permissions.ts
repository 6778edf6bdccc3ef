/**
 * Who may do what (spec section 6), written once as pure functions over plain shapes: the server's
 * guards and the web app's access checks both call these, so the two ends cannot disagree. Each
 * function takes the fields it needs, so the server's session user and the web's auth user both fit.
 * `null` is a signed-out visitor.
 */
import type { StaffRole } from './staff-roles.js';

export interface PermissionUser {
  id: number;
  role: StaffRole;
  isAdmin: boolean;
  isOfficer: boolean;
  officerId: number | null;
  steamId: string | null;
  /** Absent reads as not banned (the web's auth user carries it as an optional field). */
  isBanned?: boolean | undefined;
}

type Viewer<K extends keyof PermissionUser> = Pick<PermissionUser, K> | null;

/** Admin screens and admin calls: admins only. */
export function canAdminister(user: Viewer<'isAdmin'>): boolean {
  return user?.isAdmin === true;
}

/**
 * Moderation (issue 33): the flagged-review queue, replies, review waves, suspensions and appeals are
 * for moderators and admins.
 */
export function canModerate(user: Viewer<'role'>): boolean {
  return user !== null && user.role !== 'user';
}

/** A banned account cannot submit reviews, vote or flag (spec sections 4 and 6). */
export function isSuspended(user: Viewer<'isBanned'>): boolean {
  return user?.isBanned === true;
}

/**
 * The account is linked to this officer (isOfficer and officerId equal to it). The owner endpoints
 * (PATCH /api/officers/{id}/edit, DELETE /api/officers/{id}) accept such an account, admin or not.
 */
export function isOfficerOwner(user: Viewer<'isOfficer' | 'officerId'>, officerId: number): boolean {
  return user !== null && user.isOfficer && user.officerId === officerId;
}

/**
 * Spec section 6, Officer owner: isOfficer, officerId equal to the page's officer, and not an admin.
 * Such a user sees 'Edit My Profile' and 'Delete My Profile'; an admin sees the admin actions instead.
 */
export function canEditOfficerProfile(user: Viewer<'isAdmin' | 'isOfficer' | 'officerId'>, officerId: number): boolean {
  return isOfficerOwner(user, officerId) && !canAdminister(user);
}

/** Who manages an officer from its page: an admin through the admin endpoints, or its owner. */
export type OfficerManagerRole = 'admin' | 'owner';

export function officerManagerRole(user: Viewer<'isAdmin' | 'isOfficer' | 'officerId'>, officerId: number): OfficerManagerRole | null {
  if (canAdminister(user)) return 'admin';
  if (canEditOfficerProfile(user, officerId)) return 'owner';
  return null;
}

/** The officer profile of the account ('My Profile'), or null when it has none. */
export function ownOfficerProfileId(user: Viewer<'isOfficer' | 'officerId'>): number | null {
  return user !== null && user.isOfficer ? user.officerId : null;
}

/** Spec section 6, Regiment owner: the user id equals the regiment's userId. */
export function isRegimentOwner(user: Viewer<'id'>, regiment: { userId: number | null }): boolean {
  return user !== null && regiment.userId !== null && regiment.userId === user.id;
}

/** The regiment's owner or an admin edits it. */
export function canEditRegiment(user: Viewer<'id' | 'isAdmin'>, regiment: { userId: number | null }): boolean {
  return isRegimentOwner(user, regiment) || canAdminister(user);
}

/** Admins ban and unban users, never themselves (spec section 4: no locking oneself out). */
export function canBanUser(user: Viewer<'id' | 'isAdmin'>, userId: number): boolean {
  return canAdminister(user) && user !== null && user.id !== userId;
}

/** Deleting a regiment is for admins only. */
export function canDeleteRegiment(user: Viewer<'isAdmin'>): boolean {
  return canAdminister(user);
}

/**
 * One account is linked to at most one officer, so only a user without an officerId registers as an
 * officer (and sees the 'Register as Officer' entry points).
 */
export function canRegisterAsOfficer(user: Viewer<'officerId'>): boolean {
  return user !== null && user.officerId === null;
}

/** Why a user may not write reviews at all, in the order the checks are made; null: they may. */
export type ReviewWriterRefusal = 'signed-out' | 'suspended' | 'steam-not-linked';

/** Writing reviews needs a signed-in account that is not banned and has a linked Steam account. */
export function reviewWriterRefusal(user: Viewer<'isBanned' | 'steamId'>): ReviewWriterRefusal | null {
  if (user === null) return 'signed-out';
  if (isSuspended(user)) return 'suspended';
  if (!user.steamId) return 'steam-not-linked';
  return null;
}

/**
 * The Terms forbid reviewing yourself: nobody reviews the officer their account is linked to
 * (issue 13; docs/decisions/0016-self-reviews.md).
 */
export function isOwnOfficerProfile(user: Viewer<'officerId'>, officerId: number): boolean {
  return user !== null && user.officerId === officerId;
}

/** May write a review of this officer: a review writer, and not their own officer profile. */
export function canWriteReview(user: Viewer<'isBanned' | 'steamId' | 'officerId'>, officerId: number): boolean {
  return reviewWriterRefusal(user) === null && !isOwnOfficerProfile(user, officerId);
}

/** The review was written by this user: nobody votes on or flags their own review. */
export function isOwnReview(user: Viewer<'id'>, review: { userId: number | null }): boolean {
  return user !== null && user.id === review.userId;
}

/** Its author edits a review; its author or a moderator (or admin) deletes it (issue 33). */
export function canChangeReview(user: Viewer<'id' | 'role'>, review: { userId: number | null }, change: 'edit' | 'delete'): boolean {
  return isOwnReview(user, review) || (change === 'delete' && canModerate(user));
}

/** Flagging needs a signed-in account that is not banned, on someone else's review. */
export function canFlagReview(user: Viewer<'id' | 'isBanned'>, review: { userId: number | null }): boolean {
  return user !== null && !isOwnReview(user, review) && !isSuspended(user);
}
