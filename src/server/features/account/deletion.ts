/**
 * Asking to delete one's account, and taking it back (issue 35, item 2). The deletion itself happens
 * when the grace period ends (domain/retention/account-deletion.ts).
 */
import { verify } from '@node-rs/argon2';
import { and, eq, isNotNull } from 'drizzle-orm';
import { MSG } from '#core/messages.js';
import type { DeletionRequest } from '#core/schemas/your-data.js';
import { STEP_UP_WINDOW_MS } from '#core/second-factor.js';
import type { Database } from '#server/platform/db/client.js';
import { users } from '#server/platform/db/schema.js';
import { AppError } from '#server/platform/errors.js';
import { destroyUserSessions, type Session, type SessionUser } from '#server/domain/identity/sessions.js';
import { notify } from '#server/domain/notify/notify.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Proves it is the owner asking: the password when the account has one; else a second factor or a
 * sign-in within the last five minutes (a Steam- or Firebase-only account has no password here).
 */
async function confirmOwner(db: Database, user: SessionUser, session: Session, password: string | undefined, now: number) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (row?.passwordHash) {
    if (!password) throw new AppError('BAD_REQUEST', MSG.yourData.passwordRequired);
    if (!(await verify(row.passwordHash, password))) throw new AppError('UNAUTHENTICATED', MSG.yourData.wrongPassword);
    return;
  }
  const recent = (at: Date | null | undefined) => at !== null && at !== undefined && now - at.getTime() <= STEP_UP_WINDOW_MS;
  if (!recent(session.secondFactorAt) && !recent(session.signedInAt)) throw new AppError('UNAUTHENTICATED', MSG.yourData.freshSignInRequired);
}

/**
 * Schedules the deletion: signed out everywhere at once, told by mail (with the way to cancel), and
 * deleted by the retention run once `graceDays` have passed (0: at its next run). Answers when.
 */
export async function requestDeletion(
  db: Database,
  user: SessionUser,
  session: Session,
  request: DeletionRequest,
  graceDays: number,
  now = new Date(),
): Promise<Date> {
  await confirmOwner(db, user, session, request.password, now.getTime());
  const deleteAfter = new Date(now.getTime() + graceDays * DAY_MS);
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ deleteAfter: users.deleteAfter }).from(users).where(eq(users.id, user.id)).for('update');
    if (row?.deleteAfter) throw new AppError('CONFLICT', MSG.yourData.alreadyRequested);
    await tx.update(users).set({ deletionRequestedAt: now, deleteAfter, deletionReviews: request.reviews }).where(eq(users.id, user.id));
    await notify(tx, { userId: user.id, kind: 'account_security', data: { event: 'deletion_requested', deleteAfter: deleteAfter.toISOString() } });
    await destroyUserSessions(tx, user.id);
  });
  return deleteAfter;
}

/** Takes the request back during the grace period: the account is as it was. */
export async function cancelDeletion(db: Database, userId: number): Promise<void> {
  const [cancelled] = await db
    .update(users)
    .set({ deletionRequestedAt: null, deleteAfter: null, deletionReviews: null })
    .where(and(eq(users.id, userId), isNotNull(users.deleteAfter)))
    .returning({ id: users.id });
  if (!cancelled) throw new AppError('BAD_REQUEST', MSG.yourData.notRequested);
}
