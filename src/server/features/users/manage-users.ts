/**
 * User management (spec sections 2 /admin/manage-users, 4 User, 7 Administration; issue 33). A ban
 * (by an admin, for good) or a suspension (by a moderator or admin, until a date) stops a user from
 * reviewing, voting, flagging, replying, registering and uploading. It no longer signs them out:
 * they are told why at once and at every sign-in (a statement of reasons, with the way to appeal),
 * and may still read, appeal and take their data.
 */
import { asc, eq } from 'drizzle-orm';
import type { AdminUser, RoleChangeBody } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { canBanUser } from '#core/permissions.js';
import { canChangeRole } from '#core/staff-roles.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { users } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { bannedNow, type SessionUser } from '#server/domain/identity/sessions.js';
import { hasSecondFactorSql, resetFactorsOf } from '#server/domain/identity/factors.js';
import { recordModerationAction, type StatedReasons } from '#server/domain/moderation/statements.js';
import { recordAdminAction } from '#server/domain/audit-log.js';

export async function listUsers(db: Executor): Promise<AdminUser[]> {
  return listUsersWhere(db);
}

function listUsersWhere(db: Executor, userId?: number): Promise<AdminUser[]> {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      isAdmin: users.isAdmin,
      isOfficer: users.isOfficer,
      officerId: users.officerId,
      isBanned: bannedNow(),
      hasSecondFactor: hasSecondFactorSql(),
    })
    .from(users)
    .where(userId === undefined ? undefined : eq(users.id, userId))
    .orderBy(asc(users.id));
}

/** What a ban or suspension needs beside the user: why, and how long it may be appealed. */
export interface RestrictionInput {
  reasons: StatedReasons;
  appealWindowDays: number;
}

/** PATCH /api/admin/users/{id}/ban: an admin bans for good (spec section 4: never themselves). */
export async function banUser(db: Database, admin: SessionUser, userId: number, input: RestrictionInput): Promise<void> {
  if (!canBanUser(admin, userId)) throw new AppError('FORBIDDEN', MSG.admin.cannotBanYourself);
  await db.transaction(async (tx) => {
    const username = await setBanned(tx, userId, { isBanned: true, bannedUntil: null });
    await recordRestriction(tx, admin, userId, 'ban', null, input);
    await recordAdminAction(tx, admin.id, { action: 'user.ban', targetType: 'user', targetId: userId, summary: `Banned user '${username}'` });
  });
}

/**
 * PATCH /api/admin/users/{id}/suspend (issue 33): a moderator or admin suspends a user for `days`;
 * the suspension ends by itself. Staff are not suspended by staff (an admin takes away a role first).
 */
export async function suspendUser(db: Database, actor: SessionUser, userId: number, days: number, input: RestrictionInput): Promise<Date> {
  const until = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ role: users.role, isBanned: users.isBanned, bannedUntil: users.bannedUntil })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!target) throw notFound('User');
    // Staff (the actor among them) are not suspended by staff.
    if (target.role !== 'user') throw new AppError('FORBIDDEN', MSG.staff.cannotSuspendStaff);
    // A permanent ban is not shortened by a suspension: it is lifted by an admin or an appeal.
    if (target.isBanned && target.bannedUntil === null) throw new AppError('CONFLICT', MSG.staff.alreadyBanned);
    const username = await setBanned(tx, userId, { isBanned: true, bannedUntil: until });
    await recordRestriction(tx, actor, userId, 'suspension', until, input);
    await recordAdminAction(tx, actor.id, {
      action: 'user.suspend',
      targetType: 'user',
      targetId: userId,
      summary: `Suspended user '${username}' for ${days} ${days === 1 ? 'day' : 'days'}`,
    });
  });
  return until;
}

async function recordRestriction(
  tx: Executor,
  actor: SessionUser,
  userId: number,
  kind: 'ban' | 'suspension',
  endsAt: Date | null,
  input: RestrictionInput,
): Promise<void> {
  await recordModerationAction(
    tx,
    actor,
    {
      kind,
      userId,
      targetType: 'user',
      targetId: userId,
      subject: kind === 'ban' ? 'your account' : 'your account, for a time',
      reasons: input.reasons,
      endsAt,
    },
    input.appealWindowDays,
  );
}

export async function unbanUser(db: Database, admin: SessionUser, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const username = await setBanned(tx, userId, { isBanned: false, bannedUntil: null });
    await recordAdminAction(tx, admin.id, { action: 'user.unban', targetType: 'user', targetId: userId, summary: `Unbanned user '${username}'` });
  });
}

async function setBanned(tx: Executor, userId: number, state: { isBanned: boolean; bannedUntil: Date | null }): Promise<string> {
  const [user] = await tx.update(users).set(state).where(eq(users.id, userId)).returning({ username: users.username });
  if (!user) throw notFound('User');
  return user.username;
}

/**
 * PUT /api/admin/users/{id}/role (issue 33, item 1): an admin grants or revokes the moderator role,
 * never their own and never another admin's, in one transaction with its audit entry. The user's
 * sessions stay: the next request reads the new role from the database.
 */
export async function changeUserRole(db: Database, admin: SessionUser, userId: number, { role }: RoleChangeBody): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('User');
    if (!canChangeRole(admin, target)) {
      throw new AppError('FORBIDDEN', target.id === admin.id ? MSG.staff.cannotChangeOwnRole : MSG.staff.cannotChangeAdminRole);
    }
    await tx.update(users).set({ role }).where(eq(users.id, userId));
    const [changed] = await listUsersWhere(tx, userId);
    if (target.role !== role) {
      await recordAdminAction(tx, admin.id, {
        action: 'user.role',
        targetType: 'user',
        targetId: userId,
        summary: `Changed the role of '${changed!.username}' from ${target.role} to ${role}`,
      });
    }
    return changed!;
  });
}

/**
 * Removes every second factor and recovery code of an account that lost them all (issue 34, item 6),
 * once the admin has made sure it is the owner asking (docs/operations.md). The account signs in with
 * its password alone and, if staff, enrols again before its tools open. Answers the username.
 */
export async function resetSecondFactors(db: Database, admin: SessionUser, userId: number): Promise<string> {
  if (userId === admin.id) throw new AppError('FORBIDDEN', MSG.security.ownFactorsInSettings);
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('User');
    if (!(await resetFactorsOf(tx, admin.id, { id: userId, username: target.username })))
      throw new AppError('BAD_REQUEST', MSG.security.noFactorsToReset);
    return target.username;
  });
}
