/** The audit log of administrative actions (who did what to what, when). */
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '#server/platform/db/client.js';
import { adminAuditLog, users } from '#server/platform/db/schema.js';

export type AdminAction =
  | 'regiment_registration.approve'
  | 'regiment_registration.reject'
  | 'officer_registration.approve'
  | 'officer_registration.reject'
  | 'officer.update'
  | 'officer.delete'
  | 'regiment.update'
  | 'regiment.delete'
  | 'regiment.webhook'
  | 'regiment.owner'
  | 'user.ban'
  | 'user.unban'
  | 'user.role'
  | 'user.suspend'
  | 'user.second_factor_reset'
  | 'appeal.uphold'
  | 'appeal.reverse'
  | 'case.assign'
  | 'review.approve'
  | 'review.delete'
  | 'review.reply_approve'
  | 'review.reply_delete'
  | 'review_wave.release'
  | 'review_wave.remove'
  | 'review_wave.review_release'
  | 'review_wave.review_remove';

export interface AuditEntry {
  action: AdminAction;
  targetType: 'regiment_registration' | 'officer_registration' | 'officer' | 'regiment' | 'user' | 'review' | 'review_wave' | 'appeal' | 'case';
  targetId: number | null;
  /** A short sentence a person can read, e.g. "Approved regiment registration '20th Maine'". */
  summary: string;
}

/**
 * Call inside the transaction of the action itself, so the log can never disagree with the data.
 * `adminId` null: the operator, at the command line (npm run admin).
 */
export async function recordAdminAction(tx: Executor, adminId: number | null, entry: AuditEntry): Promise<void> {
  await tx.insert(adminAuditLog).values({ adminId, ...entry });
}

export async function listRecentAdminActions(db: Executor, limit = 20) {
  const rows = await db
    .select({
      id: adminAuditLog.id,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      summary: adminAuditLog.summary,
      createdAt: adminAuditLog.createdAt,
      adminUsername: users.username,
    })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminId))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
