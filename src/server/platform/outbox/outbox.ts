/**
 * The outbox (ARCHITECTURE.md, "Work after the commit"; docs/decisions/0036-notifications-and-outbox.md):
 * a write that has something to tell the world inserts a row here in its own transaction, so the
 * row exists exactly when the write committed. A worker (worker.ts) in every app process delivers
 * the rows after commit. One queue for every kind of work; each kind has one deliverer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '#server/platform/db/client.js';
import { outbox } from '#server/platform/db/schema.js';

/**
 * What the outbox carries: notification mails, the regiments' Discord posts, the CDN's purges, and
 * (issue 36) news to fan out to followers and their digest mails.
 */
export type OutboxKind = 'notification-mail' | 'discord-webhook' | 'cdn-purge' | 'follower-news' | 'follow-digest';

export interface OutboxRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** The request's record of whether it queued a row (outbox-plugin.ts pokes the worker only then). */
export const outboxQueuedIn = new AsyncLocalStorage<{ queued: boolean }>();

/**
 * Says the request at hand queued an outbox row, so its worker is woken when it ends rather than at
 * the next poll. enqueueOutbox says it; a statement that inserts outbox rows itself says it too.
 */
export function noteOutboxQueued(): void {
  const record = outboxQueuedIn.getStore();
  if (record) record.queued = true;
}

/**
 * Call inside the causing write's transaction: the row commits or rolls back with it. With
 * `delayMs`, the row is not due before then (a Discord post's settling delay).
 */
export async function enqueueOutbox(tx: Executor, kind: OutboxKind, payload: Record<string, unknown>, delayMs = 0): Promise<void> {
  noteOutboxQueued();
  await tx
    .insert(outbox)
    .values({ kind, payload, ...(delayMs > 0 && { availableAt: sql`now() + ${Math.round(delayMs)} * interval '1 millisecond'` }) });
}

/**
 * Claims up to `limit` due rows for this process: one statement, so the claim commits at once. Rows
 * another process is claiming at the same moment are skipped (FOR UPDATE SKIP LOCKED), and a
 * claimed row is not due again until its lease ends: N processes on one PostgreSQL never deliver a
 * row twice while its deliverer is at work. A process that dies holding a claim leaves the row to
 * be retried when the lease ends (at least once, never lost).
 */
export async function claimDueRows(db: Database, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNull(outbox.failedAt), lte(outbox.availableAt, sql`now()`)))
    .orderBy(asc(outbox.availableAt), asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, availableAt: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(inArray(outbox.id, due))
    .returning({ id: outbox.id, kind: outbox.kind, payload: outbox.payload, attempts: outbox.attempts });
}

/** Claimed but not tried (the process is stopping): due again at once, the claim not counted as an attempt. */
export async function releaseRows(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ availableAt: sql`now()`, attempts: sql`${outbox.attempts} - 1` })
    .where(inArray(outbox.id, [...ids]));
}

/** Delivered: the row has done its work. */
export async function completeRow(db: Database, id: number): Promise<void> {
  await db.delete(outbox).where(eq(outbox.id, id));
}

/** Failed: try again after `delayMs`, or never (`isFinal`), keeping the error for an operator. */
export async function failRow(db: Database, id: number, error: string, delayMs: number, isFinal: boolean): Promise<void> {
  await db
    .update(outbox)
    .set({
      lastError: error.slice(0, 2000),
      availableAt: sql`now() + ${Math.round(delayMs)} * interval '1 millisecond'`,
      failedAt: isFinal ? sql`now()` : null,
    })
    .where(eq(outbox.id, id));
}
