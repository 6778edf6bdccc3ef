/**
 * Changing and removing regiments (spec sections 2, 6 and 7, Registrations and editing). The owner
 * (regiments.userId) or an admin edits; only an admin deletes. Admin changes are written to the
 * audit log in the same transaction. What a delete removes is explained in
 * docs/decisions/0006-deleting-officers-and-regiments.md.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '#core/messages.js';
import { canEditRegiment, isRegimentOwner } from '#core/permissions.js';
import type { RegimentEditBody } from '#core/schemas/manage.js';
import type { Database } from '#server/platform/db/client.js';
import { isUniqueViolation } from '#server/platform/db/errors.js';
import { officerRegistrations, officers, regiments, reviews, users } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { recordAdminAction } from '#server/domain/audit-log.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import { recountUserReviews } from '#server/domain/figures/aggregates.js';

/**
 * Replaces the name, description and images of an active regiment, and the facts the form names. Allowed to its owner and to
 * admins (403 for anyone else); a name another regiment has, in any letter case, is a 409.
 */
export async function updateRegiment(db: Database, user: SessionUser, regimentId: number, form: RegimentEditBody): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [regiment] = await tx
        .select({ id: regiments.id, name: regiments.name, userId: regiments.userId })
        .from(regiments)
        .where(and(eq(regiments.id, regimentId), eq(regiments.isActive, true)))
        .for('no key update');
      if (!regiment) throw notFound('Regiment');
      if (!canEditRegiment(user, regiment)) throw new AppError('FORBIDDEN', MSG.manage.notRegimentOwner);

      await tx
        .update(regiments)
        .set({
          name: form.name,
          description: form.description,
          bannerImageUrl: form.bannerImageUrl,
          iconImageUrl: form.iconImageUrl,
          // The finder's facts (issue 36, item 5): an absent one is undefined, which Drizzle leaves out.
          region: form.region,
          timeZone: form.timeZone,
          languages: form.languages,
          schedule: form.schedule,
          minimumAge: form.minimumAge,
          recruiting: form.recruiting,
          discordInvite: form.discordInvite,
        })
        .where(eq(regiments.id, regimentId));

      // An owner editing their own regiment is not an administrative action, even if an admin.
      if (!isRegimentOwner(user, regiment)) {
        const renamed = regiment.name === form.name ? `'${form.name}'` : `'${regiment.name}' (now '${form.name}')`;
        await recordAdminAction(tx, user.id, {
          action: 'regiment.update',
          targetType: 'regiment',
          targetId: regimentId,
          summary: `Edited regiment ${renamed}`,
        });
      }
    });
  } catch (error) {
    // The unique index decides, so two simultaneous renames to one name cannot both succeed.
    if (isUniqueViolation(error, 'regiments_name_lower_idx')) {
      throw new AppError('CONFLICT', MSG.manage.regimentNameTaken, { errors: [{ path: 'name', message: MSG.manage.regimentNameTaken }] });
    }
    throw error;
  }
}

export interface RegimentRemoval {
  deletedOfficerCount: number;
  deletedReviewCount: number;
  deletedOfficerRegistrationCount: number;
}

/**
 * Removes the regiment and everything that only makes sense with it: its officers, their reviews
 * (votes and flags go with them), and every officer registration naming it (pending ones could no
 * longer be approved). Accounts linked to those officers stay, unlinked. Regiment registrations are
 * kept: they are the history of requests, not part of the regiment. One transaction, one audit row.
 */
export async function deleteRegiment(db: Database, admin: SessionUser, regimentId: number): Promise<RegimentRemoval> {
  return db.transaction(async (tx) => {
    // Officers first, then the regiment: the lock order of the review writes (no waiting in a cycle).
    await tx.select({ id: officers.id }).from(officers).where(eq(officers.regimentId, regimentId)).orderBy(asc(officers.id)).for('update');
    const [regiment] = await tx.select({ id: regiments.id, name: regiments.name }).from(regiments).where(eq(regiments.id, regimentId)).for('update');
    if (!regiment) throw notFound('Regiment');

    // With the regiment locked no officer can join it any more; read the final list under lock.
    const regimentOfficers = await tx.select({ id: officers.id }).from(officers).where(eq(officers.regimentId, regimentId)).for('update');
    const officerIds = regimentOfficers.map((officer) => officer.id);

    let deletedReviewCount = 0;
    if (officerIds.length > 0) {
      // Before the delete: the foreign key would null officerId but leave isOfficer true.
      await tx.update(users).set({ isOfficer: false, officerId: null }).where(inArray(users.officerId, officerIds));
      const deletedReviews = await tx
        .delete(reviews)
        .where(inArray(reviews.officerId, officerIds))
        .returning({ id: reviews.id, userId: reviews.userId });
      deletedReviewCount = deletedReviews.length;
      await tx.delete(officers).where(inArray(officers.id, officerIds));
      await recountUserReviews(
        tx,
        deletedReviews.map((review) => review.userId),
      );
    }
    const deletedRegistrations = await tx
      .delete(officerRegistrations)
      .where(eq(officerRegistrations.regimentId, regimentId))
      .returning({ id: officerRegistrations.id });
    await tx.delete(regiments).where(eq(regiments.id, regimentId));

    const removal: RegimentRemoval = {
      deletedOfficerCount: officerIds.length,
      deletedReviewCount,
      deletedOfficerRegistrationCount: deletedRegistrations.length,
    };
    await recordAdminAction(tx, admin.id, {
      action: 'regiment.delete',
      targetType: 'regiment',
      targetId: regimentId,
      summary: `Deleted regiment '${regiment.name}' with ${removal.deletedOfficerCount} officer(s) and ${removal.deletedReviewCount} review(s)`,
    });
    return removal;
  });
}

/**
 * Gives a regiment a new owner (issue 35: a regiment whose owner deleted their account waits for
 * one), by username, any letter case. Audited; the "owner left" mark goes.
 */
export async function assignRegimentOwner(
  db: Database,
  admin: SessionUser,
  regimentId: number,
  username: string,
): Promise<{ regimentName: string; username: string }> {
  return db.transaction(async (tx) => {
    const [regiment] = await tx.select({ name: regiments.name }).from(regiments).where(eq(regiments.id, regimentId)).for('no key update');
    if (!regiment) throw notFound('Regiment');
    const [owner] = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    if (!owner) throw new AppError('BAD_REQUEST', MSG.yourData.noSuchOwner, { errors: [{ path: 'username', message: MSG.yourData.noSuchOwner }] });
    await tx.update(regiments).set({ userId: owner.id, ownerLeftAt: null }).where(eq(regiments.id, regimentId));
    await recordAdminAction(tx, admin.id, {
      action: 'regiment.owner',
      targetType: 'regiment',
      targetId: regimentId,
      summary: `Gave regiment '${regiment.name}' to '${owner.username}'`,
    });
    return { regimentName: regiment.name, username: owner.username };
  });
}
