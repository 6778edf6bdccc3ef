/**
 * Staff notes and assignment on a case (issue 33, item 7): a review's flags ('review', by review
 * id), its reply's ('reply', by review id), a wave, an appeal. Notes are private to staff; an
 * assignment says who is working the case, so two moderators do not decide the same thing twice
 * (and a decision on a case already decided is refused 409 by the decision itself).
 */
import { and, asc, eq } from 'drizzle-orm';
import { canModerate } from '#core/permissions.js';
import type { CaseDetail } from '#core/api.js';
import type { CaseType } from '#core/moderation.js';
import { MSG } from '#core/messages.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { caseAssignments, caseNotes, users } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { recordAdminAction } from '#server/domain/audit-log.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';

export async function readCase(db: Executor, caseType: CaseType, caseId: number): Promise<CaseDetail> {
  const notes = await db
    .select({ id: caseNotes.id, text: caseNotes.text, createdAt: caseNotes.createdAt, author: users.username })
    .from(caseNotes)
    .leftJoin(users, eq(users.id, caseNotes.authorId))
    .where(and(eq(caseNotes.caseType, caseType), eq(caseNotes.caseId, caseId)))
    .orderBy(asc(caseNotes.createdAt), asc(caseNotes.id));
  const [assigned] = await db
    .select({ id: users.id, username: users.username })
    .from(caseAssignments)
    .innerJoin(users, eq(users.id, caseAssignments.assigneeId))
    .where(and(eq(caseAssignments.caseType, caseType), eq(caseAssignments.caseId, caseId)));
  return { notes: notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })), assignee: assigned ?? null };
}

export async function addCaseNote(db: Database, staff: SessionUser, caseType: CaseType, caseId: number, text: string): Promise<CaseDetail> {
  await db.insert(caseNotes).values({ caseType, caseId, authorId: staff.id, text });
  return readCase(db, caseType, caseId);
}

/** Assigns the case to a staff member (null: to nobody). Only staff can be assigned. */
export async function assignCase(
  db: Database,
  staff: SessionUser,
  caseType: CaseType,
  caseId: number,
  assigneeId: number | null,
): Promise<CaseDetail> {
  await db.transaction(async (tx) => {
    if (assigneeId === null) {
      await tx.delete(caseAssignments).where(and(eq(caseAssignments.caseType, caseType), eq(caseAssignments.caseId, caseId)));
    } else {
      const [assignee] = await tx.select({ id: users.id, role: users.role, username: users.username }).from(users).where(eq(users.id, assigneeId));
      if (!assignee) throw notFound('User');
      if (!canModerate(assignee)) throw new AppError('BAD_REQUEST', MSG.staff.assigneeNotStaff);
      await tx
        .insert(caseAssignments)
        .values({ caseType, caseId, assigneeId })
        .onConflictDoUpdate({ target: [caseAssignments.caseType, caseAssignments.caseId], set: { assigneeId, assignedAt: new Date() } });
    }
    await recordAdminAction(tx, staff.id, {
      action: 'case.assign',
      targetType: 'case',
      targetId: caseId,
      summary: assigneeId === null ? `Unassigned ${caseType} case #${caseId}` : `Assigned ${caseType} case #${caseId} to user #${assigneeId}`,
    });
  });
  return readCase(db, caseType, caseId);
}
