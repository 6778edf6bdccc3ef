/**
 * Linking an account to its officer profile (spec section 6: the officer owner is the account whose
 * officerId is the officer's). Today an admin's approval of an officer registration links the
 * requester to the officer it creates (registrations/decide-registration.ts).
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '#server/platform/db/client.js';
import { users } from '#server/platform/db/schema.js';
import { removeSelfReview } from './review-removal.js';

/**
 * Links the account to the officer, in the caller's transaction. Nobody reviews their own profile
 * (docs/decisions/0016-self-reviews.md), so the account's review of that officer, if it wrote one
 * before the link, is removed with it, the officer's and regiment's figures following. A profile
 * created for this link has no reviews yet; the rule holds wherever an existing one gets linked.
 * A caller linking an existing officer must not hold its regiment's row lock yet: review writes
 * lock the officer, then the regiment (a new officer is safe, since nobody else can see it).
 */
export async function linkAccountToOfficer(tx: Executor, userId: number, officerId: number): Promise<{ removedSelfReview: boolean }> {
  await tx.update(users).set({ isOfficer: true, officerId }).where(eq(users.id, userId));
  return { removedSelfReview: await removeSelfReview(tx, userId, officerId) };
}
