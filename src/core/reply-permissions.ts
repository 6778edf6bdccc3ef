/**
 * Who may reply to a review, resolve it, delete or flag its reply (issue 18, item 1;
 * docs/decisions/0037-right-of-reply.md): rules in the manner of permissions.ts, built on its
 * functions, in a module of their own because the web's first screen bundles permissions.ts whole
 * and only the officer page's reply controls need these.
 */
import { canModerate, isOwnOfficerProfile, isOwnReview, isSuspended, type PermissionUser } from './permissions.js';

type Viewer<K extends keyof PermissionUser> = Pick<PermissionUser, K> | null;

/**
 * Issue 18, item 1 (docs/decisions/0037-right-of-reply.md): the account linked to the reviewed
 * officer answers a review of that officer, one public reply per review, unless suspended.
 */
export function canReplyToReview(user: Viewer<'officerId' | 'isBanned'>, review: { officerId: number }): boolean {
  return isOwnOfficerProfile(user, review.officerId) && !isSuspended(user);
}

/** The reply is deleted by the officer's account (suspended or not, as a review by its author) or a moderator. */
export function canDeleteReply(user: Viewer<'officerId' | 'role'>, review: { officerId: number }): boolean {
  return isOwnOfficerProfile(user, review.officerId) || canModerate(user);
}

/** Only the review's author marks the exchange resolved, and only once there is a reply. */
export function canResolveReview(user: Viewer<'id' | 'isBanned'>, review: { userId: number | null; reply: unknown }): boolean {
  return isOwnReview(user, review) && review.reply !== null && !isSuspended(user);
}

/** A reply is flagged as a review is: signed in, not suspended, and not the officer's own account. */
export function canFlagReply(user: Viewer<'officerId' | 'isBanned'>, review: { officerId: number }): boolean {
  return user !== null && !isOwnOfficerProfile(user, review.officerId) && !isSuspended(user);
}
