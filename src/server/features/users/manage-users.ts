/**
 * User management by admins (spec sections 2 /admin/manage-users, 4 User, 7 Administration). A ban
 * stops a user from writing reviews, votes and flags (the review code checks isBanned) and ends
 * every session they have, so a banned user's open tabs are signed out at once.
 */
import { asc, eq } from 'drizzle-orm';
import type { AdminUser, RoleChangeBody } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { canBanUser, canChangeRole } from '#core/permissions.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { users } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { destroyUserSessions, type SessionUser } from '#server/domain/identity/sessions.js';
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
      isBanned: users.isBanned,
    })
    .from(users)
    .where(userId === undefined ? undefined : eq(users.id, userId))
    .orderBy(asc(users.id));
}

export async function banUser(db: Database, admin: SessionUser, userId: number): Promise<void> {
  // Spec section 4: an admin cannot ban themselves (nor lock themselves out by ending their sessions).
  if (!canBanUser(admin, userId)) throw new AppError('FORBIDDEN', MSG.admin.cannotBanYourself);
  await db.transaction(async (tx) => {
    const username = await setBanned(tx, userId, true);
    await destroyUserSessions(tx, userId);
    await recordAdminAction(tx, admin.id, { action: 'user.ban', targetType: 'user', targetId: userId, summary: `Banned user '${username}'` });
  });
}

export async function unbanUser(db: Database, admin: SessionUser, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const username = await setBanned(tx, userId, false);
    await recordAdminAction(tx, admin.id, { action: 'user.unban', targetType: 'user', targetId: userId, summary: `Unbanned user '${username}'` });
  });
}

async function setBanned(tx: Executor, userId: number, isBanned: boolean): Promise<string> {
  const [user] = await tx.update(users).set({ isBanned }).where(eq(users.id, userId)).returning({ username: users.username });
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
