/**
 * Changing and removing officers (spec sections 4, 6 and 7, Registrations and editing). The owner
 * edits or removes their own profile; an admin edits or removes any officer, and every admin change
 * is written to the audit log in the same transaction. What a delete removes is explained in
 * docs/decisions/0006-deleting-officers-and-regiments.md.
 *
 * Locks are taken officer first, then regiment (by ascending id), the order the review writes use,
 * so a delete or a regiment move never waits on a review write in a cycle.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { MSG } from '#core/messages.js';
import { isOfficerOwner } from '#core/permissions.js';
import type { OfficerEditBody } from '#core/schemas/manage.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { officers, regiments, reviews, users } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { recordAdminAction } from '#server/domain/audit-log.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import { recomputeRegimentAggregates, recountUserReviews } from '#server/domain/figures/aggregates.js';

/** Who changes the officer: its owner, or an admin (whose action goes to the audit log). */
export interface OfficerActor {
  role: 'owner' | 'admin';
  user: SessionUser;
}

/** The guard of the owner's endpoints (PATCH /api/officers/{id}/edit, DELETE /api/officers/{id}). */
export function requireOfficerOwner(user: SessionUser, officerId: number): void {
  if (!isOfficerOwner(user, officerId)) throw new AppError('FORBIDDEN', MSG.manage.notOfficerOwner);
}

/**
 * Replaces the officer's name, rank, regiment and image. Moving to another regiment recomputes both
 * regiments' figures (officer count, review count, average). The new regiment must be active.
 */
export async function updateOfficer(db: Database, actor: OfficerActor, officerId: number, form: OfficerEditBody): Promise<void> {
  await db.transaction(async (tx) => {
    const [officer] = await tx
      .select({ id: officers.id, name: officers.name, regimentId: officers.regimentId })
      .from(officers)
      .where(and(eq(officers.id, officerId), eq(officers.isActive, true)))
      .for('no key update');
    if (!officer) throw notFound('Officer');

    const regimentIds = [...new Set([officer.regimentId, form.regimentId])].sort((a, b) => a - b);
    const locked = await tx
      .select({ id: regiments.id, isActive: regiments.isActive })
      .from(regiments)
      .where(inArray(regiments.id, regimentIds))
      .orderBy(asc(regiments.id))
      .for('no key update');
    const target = locked.find((regiment) => regiment.id === form.regimentId);
    if (!target?.isActive) {
      const message = MSG.registrationForm.regimentInvalid;
      throw new AppError('BAD_REQUEST', message, { errors: [{ path: 'regimentId', message }] });
    }

    await tx
      .update(officers)
      .set({ name: form.name, rank: form.rank, regimentId: form.regimentId, profileImageUrl: form.profileImageUrl })
      .where(eq(officers.id, officerId));
    if (officer.regimentId !== form.regimentId) await recomputeRegimentAggregates(tx, regimentIds);

    if (actor.role === 'admin') {
      await recordAdminAction(tx, actor.user.id, {
        action: 'officer.update',
        targetType: 'officer',
        targetId: officerId,
        summary: describeOfficerUpdate(officer, form),
      });
    }
  });
}

function describeOfficerUpdate(before: { name: string; regimentId: number }, form: OfficerEditBody): string {
  const renamed = before.name === form.name ? `'${form.name}'` : `'${before.name}' (now '${form.name}')`;
  const moved = before.regimentId === form.regimentId ? '' : `, moved from regiment #${before.regimentId} to #${form.regimentId}`;
  return `Edited officer ${renamed}${moved}`;
}

export interface OfficerRemoval {
  officerName: string;
  regimentId: number;
  deletedReviewCount: number;
}

/**
 * Removes the officer with all its reviews (their votes and flags go with them), unlinks every
 * account linked to it (isOfficer false, officerId null: the accounts themselves stay) and
 * recomputes the regiment's figures. The owner's self-delete and the admin delete both end here
 * (spec section 4: officer deletion removes the officer and all its reviews; a self-delete keeps
 * the account but unlinks it).
 */
export async function deleteOfficer(db: Database, actor: OfficerActor, officerId: number): Promise<OfficerRemoval> {
  return db.transaction(async (tx) => {
    const removal = await removeOfficer(tx, officerId);
    if (actor.role === 'admin') {
      await recordAdminAction(tx, actor.user.id, {
        action: 'officer.delete',
        targetType: 'officer',
        targetId: officerId,
        summary: `Deleted officer '${removal.officerName}' and ${removal.deletedReviewCount} review(s)`,
      });
    }
    return removal;
  });
}

async function removeOfficer(tx: Executor, officerId: number): Promise<OfficerRemoval> {
  const [officer] = await tx
    .select({ id: officers.id, name: officers.name, regimentId: officers.regimentId })
    .from(officers)
    .where(eq(officers.id, officerId))
    .for('update');
  if (!officer) throw notFound('Officer');
  await tx.select({ id: regiments.id }).from(regiments).where(eq(regiments.id, officer.regimentId)).for('no key update');

  // Before the delete: the foreign key would null officerId but leave isOfficer true.
  await tx.update(users).set({ isOfficer: false, officerId: null }).where(eq(users.officerId, officerId));
  const deletedReviews = await tx.delete(reviews).where(eq(reviews.officerId, officerId)).returning({ id: reviews.id, userId: reviews.userId });
  await tx.delete(officers).where(eq(officers.id, officerId));
  await recomputeRegimentAggregates(tx, [officer.regimentId]);
  await recountUserReviews(
    tx,
    deletedReviews.map((review) => review.userId),
  );
  return { officerName: officer.name, regimentId: officer.regimentId, deletedReviewCount: deletedReviews.length };
}
