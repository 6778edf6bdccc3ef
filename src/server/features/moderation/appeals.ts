/**
 * One appeal per action (issue 33, item 5; docs/decisions/0049-statements-and-appeals.md): the user
 * an action affected appeals it within the window, banned or not; another staff member decides. A
 * reversal undoes the action in the same transaction, and the user learns the outcome and its reason.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AdminAppeal, Appeal, AppealBody, AppealDecisionBody } from '#core/api.js';
import { MSG } from '#core/messages.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { isUniqueViolation } from '#server/platform/db/errors.js';
import { appeals, caseAssignments, moderationActions, users } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { recordAdminAction } from '#server/domain/audit-log.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import { appealOf } from '#server/domain/moderation/standing.js';
import { reverseAction } from '#server/domain/moderation/reversal.js';
import { notify } from '#server/domain/notify/notify.js';
import { alias } from 'drizzle-orm/pg-core';

/** POST /api/appeals: 403 past the window or for another's action, 409 for a second appeal. */
export async function submitAppeal(db: Database, user: SessionUser, body: AppealBody, now = new Date()): Promise<Appeal> {
  try {
    return await db.transaction(async (tx) => {
      const [action] = await tx.select().from(moderationActions).where(eq(moderationActions.id, body.actionId));
      if (!action) throw notFound('Action');
      if (action.userId !== user.id) throw new AppError('FORBIDDEN', MSG.moderation.appealNotYours);
      const [existing] = await tx.select({ id: appeals.id }).from(appeals).where(eq(appeals.actionId, action.id));
      if (existing) throw new AppError('CONFLICT', MSG.moderation.appealExists);
      if (action.appealableUntil <= now) throw new AppError('FORBIDDEN', MSG.moderation.appealWindowClosed);
      const [appeal] = await tx.insert(appeals).values({ actionId: action.id, userId: user.id, text: body.text, createdAt: now }).returning();
      return appealOf(appeal!);
    });
  } catch (error) {
    // Two appeals at the same instant: the unique key settles it.
    if (isUniqueViolation(error, 'appeals_action_key')) throw new AppError('CONFLICT', MSG.moderation.appealExists);
    throw error;
  }
}

const assignee = alias(users, 'assignee');
const affected = alias(users, 'affected');

/** GET /api/admin/appeals: the open ones first (oldest first), then the latest decided. */
export async function listAppeals(db: Executor): Promise<AdminAppeal[]> {
  const rows = await db
    .select({
      appeal: appeals,
      action: moderationActions,
      username: affected.username,
      assigneeId: assignee.id,
      assigneeName: assignee.username,
    })
    .from(appeals)
    .innerJoin(moderationActions, eq(moderationActions.id, appeals.actionId))
    .leftJoin(affected, eq(affected.id, appeals.userId))
    .leftJoin(caseAssignments, and(eq(caseAssignments.caseType, 'appeal'), eq(caseAssignments.caseId, appeals.id)))
    .leftJoin(assignee, eq(assignee.id, caseAssignments.assigneeId))
    .orderBy(
      sql`${appeals.status} <> 'open'`,
      sql`case when ${appeals.status} = 'open' then ${appeals.createdAt} end asc`,
      sql`${appeals.decidedAt} desc nulls last`,
      asc(appeals.id),
    )
    .limit(200);
  return rows.map(({ appeal, action, username, assigneeId, assigneeName }) => ({
    ...appealOf(appeal),
    action: {
      id: action.id,
      kind: action.kind,
      ground: action.ground,
      facts: action.facts,
      subject: action.subject,
      createdAt: action.createdAt.toISOString(),
      actorRole: action.actorRole,
      actorId: action.actorId,
    },
    username,
    assignee: assigneeId !== null && assigneeName !== null ? { id: assigneeId, username: assigneeName } : null,
  }));
}

/**
 * POST /api/admin/appeals/{id}/decide: refused (403) to the staff member who took the action, and
 * (409) once decided. 'reverse' undoes the action; either way the user is told the outcome and why.
 * Returns the appeal and the officer whose figures moved, if any.
 */
export async function decideAppeal(
  db: Database,
  staff: SessionUser,
  appealId: number,
  decision: AppealDecisionBody,
  now = new Date(),
): Promise<{ appeal: Appeal; officerId: number | null }> {
  return db.transaction(async (tx) => {
    const [appeal] = await tx.select().from(appeals).where(eq(appeals.id, appealId)).for('update');
    if (!appeal) throw notFound('Appeal');
    if (appeal.status !== 'open') throw new AppError('CONFLICT', MSG.moderation.appealAlreadyDecided);
    const [action] = await tx.select().from(moderationActions).where(eq(moderationActions.id, appeal.actionId)).for('update');
    if (!action) throw notFound('Action');
    if (action.actorId === staff.id) throw new AppError('FORBIDDEN', MSG.moderation.ownActionAppeal);

    const reversed = decision.outcome === 'reverse';
    const officerId = reversed ? await reverseAction(tx, action, now) : null;
    const [decided] = await tx
      .update(appeals)
      .set({ status: reversed ? 'reversed' : 'upheld', decidedAt: now, decidedBy: staff.id, decisionReason: decision.reason })
      .where(eq(appeals.id, appealId))
      .returning();
    if (action.userId !== null) {
      await notify(tx, {
        userId: action.userId,
        kind: 'appeal_decided',
        data: { actionId: action.id, kind: action.kind, subject: action.subject, outcome: reversed ? 'reversed' : 'upheld', reason: decision.reason },
      });
    }
    await recordAdminAction(tx, staff.id, {
      action: reversed ? 'appeal.reverse' : 'appeal.uphold',
      targetType: 'appeal',
      targetId: appealId,
      summary: `${reversed ? 'Reversed' : 'Upheld'} ${action.kind.replace('_', ' ')} #${action.id} on appeal`,
    });
    return { appeal: appealOf(decided!), officerId };
  });
}
