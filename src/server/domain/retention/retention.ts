/**
 * The retention run (issue 35, item 4): every app process runs it every RETENTION_INTERVAL_MINUTES.
 * It carries out the account deletions that are due and removes what is kept no longer than needed
 * (docs/operations.md, "Personal data: what, where, how long"). Every step is a delete of rows past
 * their time, or an account claimed with SKIP LOCKED: several processes at once do each thing once.
 */
import { and, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '#server/platform/db/client.js';
import { notifications, outbox, steamLinkStates, webauthnChallenges } from '#server/platform/db/schema.js';
import type { RateLimitStore } from '#server/platform/rate-limit/rate-limit.js';
import { purgeExpiredSessions } from '#server/domain/identity/sessions.js';
import { sweepModeration } from '#server/domain/moderation/housekeeping.js';
import { deleteDueAccounts, type DeletedAccount } from './account-deletion.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long each kind is kept once its use is over (docs/operations.md lists them all). */
export const RETENTION = {
  /** An outbox row that never went out: kept for an operator to see why, then gone (a delivered row goes at once). */
  failedOutboxDays: 30,
  /** A notification the user has read. */
  readNotificationDays: 365,
} as const;

export interface RetentionRun {
  deletedAccounts: DeletedAccount[];
  suspensionsEnded: number;
  removedContentPurged: number;
}

export async function runRetention(db: Database, store: RateLimitStore, now = new Date()): Promise<RetentionRun> {
  const deletedAccounts = await deleteDueAccounts(db, store, now);
  await purgeExpiredSessions(db);
  await db.delete(steamLinkStates).where(lt(steamLinkStates.expiresAt, now));
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.delete(outbox).where(and(isNotNull(outbox.failedAt), lt(outbox.failedAt, new Date(now.getTime() - RETENTION.failedOutboxDays * DAY_MS))));
  await db
    .delete(notifications)
    .where(and(isNotNull(notifications.readAt), lt(notifications.readAt, new Date(now.getTime() - RETENTION.readNotificationDays * DAY_MS))));
  const moderation = await sweepModeration(db, now);
  return { deletedAccounts, suspensionsEnded: moderation.suspensionsEnded, removedContentPurged: moderation.purged };
}
