/**
 * Undoing a staff action when its appeal is granted (issue 33, item 5), in the decision's
 * transaction: a removed review or reply goes back exactly as it was (removed-content.ts), a ban or
 * suspension is lifted, a rejected registration is open again. Returns the officer whose figures
 * moved, if any.
 */
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '#server/platform/db/client.js';
import { moderationActions, officerRegistrations, regimentRegistrations, reviewCooldowns, users } from '#server/platform/db/schema.js';
import { restoreRemovedContent } from './removed-content.js';

type Action = typeof moderationActions.$inferSelect;

export async function reverseAction(tx: Executor, action: Action, now = new Date()): Promise<number | null> {
  let officerId: number | null = null;
  switch (action.kind) {
    case 'review_removal':
    case 'reply_removal':
      officerId = await restoreRemovedContent(tx, action.id);
      break;
    case 'wave_removal':
      officerId = await restoreRemovedContent(tx, action.id);
      // The cool-down was part of the removal: the author may review the officer again.
      if (officerId !== null && action.userId !== null) {
        await tx.delete(reviewCooldowns).where(and(eq(reviewCooldowns.userId, action.userId), eq(reviewCooldowns.officerId, officerId)));
      }
      break;
    case 'ban':
    case 'suspension':
      // Lifted only if this is still the restriction in force (a later one stands on its own).
      if (action.userId !== null && !(await laterRestrictionExists(tx, action))) {
        await tx.update(users).set({ isBanned: false, bannedUntil: null }).where(eq(users.id, action.userId));
      }
      break;
    case 'registration_rejection': {
      const table = action.targetType === 'officer_registration' ? officerRegistrations : regimentRegistrations;
      if (action.targetId !== null) {
        await tx
          .update(table)
          .set({ status: 'pending', notes: null, updatedAt: now })
          .where(and(eq(table.id, action.targetId), eq(table.status, 'rejected')));
      }
      break;
    }
  }
  await tx.update(moderationActions).set({ reversedAt: now }).where(eq(moderationActions.id, action.id));
  return officerId;
}

/** Another ban or suspension of the user, taken after this one and not reversed. */
async function laterRestrictionExists(tx: Executor, action: Action): Promise<boolean> {
  const rows = await tx
    .select({ id: moderationActions.id })
    .from(moderationActions)
    .where(
      and(
        eq(moderationActions.userId, action.userId!),
        inArray(moderationActions.kind, ['ban', 'suspension']),
        isNull(moderationActions.reversedAt),
        gt(moderationActions.id, action.id),
      ),
    );
  return rows.length > 0;
}
