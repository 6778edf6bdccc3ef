/**
 * Deleting an account for good (issue 35, item 3), when its grace period has ended: one transaction
 * per account, safe with several processes at once (the account's row is claimed with SKIP LOCKED).
 * What the account wrote either stays, as 'Anonymous Soldier' and linked to nobody, or goes with
 * it; every figure stays a recount of the rows; nothing left names the account.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '#server/platform/db/client.js';
import {
  adminAuditLog,
  appeals,
  caseNotes,
  moderationActions,
  notifications,
  officers,
  outbox,
  regiments,
  removedContent,
  reviewFlags,
  reviews,
  steamStatsCache,
  users,
} from '#server/platform/db/schema.js';
import type { RateLimitStore } from '#server/platform/rate-limit/rate-limit.js';
import { recomputeOfficerAggregates, recomputeRegimentAggregates, recomputeReviewPositions } from '#server/domain/figures/aggregates.js';

/** What the audit log, the moderation record and other people's notifications say instead of the name. */
export const DELETED_ACCOUNT = 'a deleted account';

/** How many due deletions one retention run carries out at most: the rest wait for the next. */
const DELETIONS_PER_RUN = 50;

export interface DeletedAccount {
  id: number;
  /** The rate-limit keys that named it, for the caller to forget once the transaction committed. */
  rateLimitKeys: string[];
  /** Whether public figures or pages changed (its reviews went or lost their author). */
  changedPublicData: boolean;
}

/**
 * The rate-limit keys that name an account: its per-user limits (the rule names of the features'
 * enforceRateLimit calls), its login and second-factor failures, and its email's mail limits.
 */
export function rateLimitKeysOf(user: { id: number; email: string }): string[] {
  const email = user.email.toLowerCase();
  const perUser = [
    'review-write',
    'review-reply-write',
    'vote',
    'flag',
    'upload',
    'appeal',
    'webhook-change',
    // Issue 37, item 4.
    'sign-in',
    'profile-edit',
    'second-factor-user',
  ];
  return [
    ...perUser.map((name) => `${name}:${user.id}`),
    `login-failures-account:user:${user.id}`,
    `login-failures-account:factor:user:${user.id}`,
    `login-failures-account:name:${email}`,
    ...['register', 'forgot-password', 'request-verification'].map((name) => `${name}-email:${email}`),
  ];
}

/** Every account whose grace period has ended, deleted, each in its own transaction. */
export async function deleteDueAccounts(db: Database, store: RateLimitStore, now = new Date()): Promise<DeletedAccount[]> {
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deleteAfter), lte(users.deleteAfter, now)))
    .orderBy(asc(users.deleteAfter))
    .limit(DELETIONS_PER_RUN);
  const deleted: DeletedAccount[] = [];
  for (const { id } of due) {
    const done = await db.transaction((tx) => deleteAccount(tx, id, now));
    if (!done) continue;
    // After the commit: a rollback must not have forgotten the limits of an account that stays.
    await store.forget(done.rateLimitKeys);
    deleted.push(done);
  }
  return deleted;
}

/**
 * Deletes one account whose time has come, in the caller's transaction. Null when another process
 * is at it, or the owner cancelled in the meantime.
 */
export async function deleteAccount(tx: Executor, userId: number, now = new Date()): Promise<DeletedAccount | null> {
  const [user] = await tx
    .select({ id: users.id, username: users.username, email: users.email, steamId: users.steamId, mode: users.deletionReviews })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.deleteAfter), lte(users.deleteAfter, now)))
    .for('update', { skipLocked: true });
  if (!user) return null;

  const written = await tx.select({ id: reviews.id, officerId: reviews.officerId }).from(reviews).where(eq(reviews.userId, userId));
  if (user.mode === 'delete') await deleteReviewsOf(tx, written);
  else await tx.update(reviews).set({ userId: null }).where(eq(reviews.userId, userId));

  // Regiments stay, without an owner: admins see "owner left" and may give them a new one.
  await tx.update(regiments).set({ userId: null, ownerLeftAt: now }).where(eq(regiments.userId, userId));
  await forgetNameInOthersRecords(tx, user);
  // Archived content of the account's removed reviews can no longer be appealed by anyone.
  await tx
    .delete(removedContent)
    .where(
      inArray(removedContent.actionId, tx.select({ id: moderationActions.id }).from(moderationActions).where(eq(moderationActions.userId, userId))),
    );
  // Mail not yet sent to the account goes with its notifications.
  await tx
    .delete(outbox)
    .where(
      and(
        eq(outbox.kind, 'notification-mail'),
        inArray(
          sql`(${outbox.payload}->>'notificationId')::int`,
          tx.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId)),
        ),
      ),
    );
  if (user.steamId) await tx.delete(steamStatsCache).where(eq(steamStatsCache.steamId, user.steamId));
  // The row itself: sessions, tokens, factors, notifications, follows and registrations go with it
  // (ON DELETE CASCADE); votes, flags, appeals, images and log entries stop naming it (SET NULL).
  await tx.delete(users).where(eq(users.id, userId));
  return { id: userId, rateLimitKeys: rateLimitKeysOf(user), changedPublicData: written.length > 0 };
}

/**
 * "delete": the account's reviews go, with their votes, versions and replies (ON DELETE CASCADE),
 * their open flags dropped; the officers' positions close up and every figure is recomputed.
 */
async function deleteReviewsOf(tx: Executor, written: ReadonlyArray<{ id: number; officerId: number }>): Promise<void> {
  if (written.length === 0) return;
  const officerIds = [...new Set(written.map((review) => review.officerId))].sort((a, b) => a - b);
  // Officers first, in id order, as every review write locks them (refreshFiguresOf).
  const locked = await tx
    .select({ id: officers.id, regimentId: officers.regimentId })
    .from(officers)
    .where(inArray(officers.id, officerIds))
    .orderBy(asc(officers.id))
    .for('no key update');
  const reviewIds = written.map((review) => review.id);
  await tx
    .update(reviewFlags)
    .set({ status: 'dropped' })
    .where(and(inArray(reviewFlags.reviewId, reviewIds), eq(reviewFlags.status, 'pending')));
  await tx.delete(reviews).where(inArray(reviews.id, reviewIds));
  await recomputeReviewPositions(tx, officerIds);
  await recomputeOfficerAggregates(tx, officerIds);
  await recomputeRegimentAggregates(tx, [...new Set(locked.map((officer) => officer.regimentId))]);
}

/**
 * The records that stay (the audit log, the moderation record, other people's notifications) say
 * "a deleted account" where they named this one: its username where they quoted it, and its email
 * and Steam id wherever they appear.
 */
async function forgetNameInOthersRecords(tx: Executor, user: { username: string; email: string; steamId: string | null }): Promise<void> {
  const quoted = `'${user.username}'`;
  await tx
    .update(adminAuditLog)
    .set({ summary: sql`replace(${adminAuditLog.summary}, ${quoted}, ${DELETED_ACCOUNT})` })
    .where(sql`strpos(${adminAuditLog.summary}, ${quoted}) > 0`);
  // A notification told an officer who reviewed them: the reviewer is now nobody.
  await tx
    .update(notifications)
    .set({ data: sql`jsonb_set(${notifications.data}, '{reviewerUsername}', to_jsonb(${DELETED_ACCOUNT}::text))` })
    .where(sql`${notifications.data}->>'reviewerUsername' = ${user.username}`);
  // Staff texts about the account (the facts of an action, case notes, flag reasons, appeals) may
  // name it: the whole word is replaced, any case.
  const word = `\\m${user.username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\M`;
  const identifiers = [user.email, ...(user.steamId ? [user.steamId] : [])];
  for (const [table, column] of [
    [moderationActions, moderationActions.facts],
    [moderationActions, moderationActions.subject],
    [caseNotes, caseNotes.text],
    [reviewFlags, reviewFlags.reason],
    [appeals, appeals.text],
  ] as const) {
    let scrubbed = sql`regexp_replace(${column}, ${word}, ${DELETED_ACCOUNT}, 'gi')`;
    for (const identifier of identifiers) scrubbed = sql`replace(${scrubbed}, ${identifier}, ${DELETED_ACCOUNT})`;
    const names = sql.join([sql`${column} ~* ${word}`, ...identifiers.map((identifier) => sql`strpos(${column}, ${identifier}) > 0`)], sql` or `);
    await tx.execute(sql`update ${table} set ${sql.identifier(column.name)} = ${scrubbed} where ${names}`);
  }
}
