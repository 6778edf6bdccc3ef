/**
 * The outbox's deliverer of 'discord-webhook' rows (docs/decisions/0039-regiment-webhooks.md): once
 * the settling delay has passed, posts the review or reply as it is now, if it still counts, to its
 * regiment's webhook as it is now.
 *
 * - 2xx: delivered; a failure streak ends.
 * - 429: Discord's `retry_after` (seconds, in the JSON body; else the Retry-After header) is obeyed,
 *   for this row and for every other row of the regiment this process holds, and is not a failure.
 * - 404 or 401: the webhook was deleted (or its token reset) in Discord: turned off at once, and the
 *   owner told.
 * - 5xx, a network error or no answer within the timeout: a failure, retried with the outbox's
 *   backoff; after `maxFailures` in a row spanning `failingMs`, turned off and the owner told.
 * - Any other 4xx: Discord refused this message itself; retrying cannot help, so the row is set aside.
 *
 * Errors never name the URL: it is a secret, and errors go to the log and the outbox's last_error.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DiscordWebhookConfig } from '#server/platform/config.js';
import type { Database } from '#server/platform/db/client.js';
import { regiments, regimentWebhooks } from '#server/platform/db/schema.js';
import { notify } from '#server/domain/notify/notify.js';
import { DeliveryFailure, type Deliverer } from '#server/platform/outbox/worker.js';
import type { DiscordWebhookMessage } from '#server/domain/notify/discord-message.js';
import { settledWebhookPost, type WebhookPayload, type WebhookPost } from '#server/domain/notify/regiment-webhook-posts.js';

/** When Discord gives no usable wait with a 429. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 5_000;
/** A longer wait than this is not waited for in one go: the row comes back and asks again. */
const MAX_RATE_LIMIT_WAIT_MS = 3_600_000;
/** Entries of the per-regiment waits, beyond which the passed ones are swept (a bound on memory). */
const RATE_LIMIT_ENTRIES_SWEPT_AT = 1_000;

type Reason = 'gone' | 'failing';

/** The wait Discord asked for, in ms: the body's `retry_after` (seconds, a float), else Retry-After. */
export function rateLimitWaitMs(body: string, retryAfterHeader: string | null): number {
  let seconds: number | undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    const value = (parsed as { retry_after?: unknown } | null)?.retry_after;
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) seconds = value;
  } catch {
    // Not JSON (a proxy's page): the header, or the default.
  }
  if (seconds === undefined && retryAfterHeader !== null && /^\d+(\.\d+)?$/.test(retryAfterHeader.trim())) seconds = Number(retryAfterHeader);
  return seconds === undefined ? DEFAULT_RATE_LIMIT_WAIT_MS : Math.min(MAX_RATE_LIMIT_WAIT_MS, Math.ceil(seconds * 1000));
}

/** Site paths in the stored message become links to this site. */
function withAbsoluteLinks(message: DiscordWebhookMessage, publicUrl: string): DiscordWebhookMessage {
  return {
    ...message,
    embeds: message.embeds.map((embed) => ({ ...embed, url: embed.url.startsWith('/') ? `${publicUrl}${embed.url}` : embed.url })),
  };
}

/**
 * Turns the webhook off, if it is still the one that failed (an owner may have saved a new URL
 * meanwhile) and still on, and tells the regiment's owner (or whoever saved it, for a regiment
 * without one) in the same transaction.
 */
async function disableWebhook(db: Database, regimentId: number, url: string, reason: Reason): Promise<void> {
  await db.transaction(async (tx) => {
    const [disabled] = await tx
      .update(regimentWebhooks)
      .set({ disabledAt: sql`now()`, disabledReason: reason })
      .where(and(eq(regimentWebhooks.regimentId, regimentId), eq(regimentWebhooks.url, url), isNull(regimentWebhooks.disabledAt)))
      .returning({ setBy: regimentWebhooks.setBy });
    if (!disabled) return;
    const [regiment] = await tx.select({ name: regiments.name, ownerId: regiments.userId }).from(regiments).where(eq(regiments.id, regimentId));
    const userId = regiment?.ownerId ?? disabled.setBy;
    if (regiment && userId !== null) {
      await notify(tx, { userId, kind: 'regiment_webhook_disabled', data: { regimentId, regimentName: regiment.name, reason } });
    }
  });
}

/** Counts one more failure in a row; true when that turned the webhook off. */
async function recordFailure(db: Database, regimentId: number, url: string, error: string, config: DiscordWebhookConfig): Promise<boolean> {
  const [streak] = await db
    .update(regimentWebhooks)
    .set({
      failures: sql`${regimentWebhooks.failures} + 1`,
      failingSince: sql`coalesce(${regimentWebhooks.failingSince}, now())`,
      lastError: error,
    })
    .where(and(eq(regimentWebhooks.regimentId, regimentId), eq(regimentWebhooks.url, url), isNull(regimentWebhooks.disabledAt)))
    .returning({
      failures: regimentWebhooks.failures,
      // The streak's length in time, as the database's clock sees it (every process agrees).
      isLong: sql<boolean>`${regimentWebhooks.failingSince} <= now() - ${config.failingMs} * interval '1 millisecond'`,
    });
  if (!streak || streak.failures < config.maxFailures || !streak.isLong) return false;
  await disableWebhook(db, regimentId, url, 'failing');
  return true;
}

async function recordSuccess(db: Database, regimentId: number, url: string): Promise<void> {
  await db
    .update(regimentWebhooks)
    .set({ failures: 0, failingSince: null, lastError: null })
    .where(and(eq(regimentWebhooks.regimentId, regimentId), eq(regimentWebhooks.url, url), gt(regimentWebhooks.failures, 0)));
}

export function discordWebhookDeliverer(db: Database, options: { publicUrl: string; webhooks: DiscordWebhookConfig }): Deliverer {
  const { publicUrl, webhooks } = options;
  /** Regiment id -> the time (ms) before which Discord asked this process not to post to its webhook. */
  const rateLimitedUntil = new Map<number, number>();

  function rememberWait(regimentId: number, waitMs: number) {
    const now = Date.now();
    if (rateLimitedUntil.size >= RATE_LIMIT_ENTRIES_SWEPT_AT) {
      for (const [id, until] of rateLimitedUntil) if (until <= now) rateLimitedUntil.delete(id);
    }
    rateLimitedUntil.set(regimentId, now + waitMs);
  }

  /** A failure that counts: retried with backoff, unless it was the one that turned the webhook off. */
  async function failed(regimentId: number, url: string, error: string): Promise<void> {
    if (await recordFailure(db, regimentId, url, error, webhooks)) return;
    throw new Error(error);
  }

  return async (payload) => {
    // Rows queued before the settling delay (issue 32) carried their message, and are posted as it is.
    const post = 'message' in payload ? (payload as unknown as WebhookPost) : await settledWebhookPost(db, payload as WebhookPayload);
    // The review no longer counts (held, removed, deleted) or the reply is gone: nothing to post.
    if (!post) return;
    const { regimentId, message } = post;
    const [hook] = await db
      .select({ url: regimentWebhooks.url, disabledAt: regimentWebhooks.disabledAt })
      .from(regimentWebhooks)
      .where(eq(regimentWebhooks.regimentId, regimentId));
    // Removed or turned off since the row was written: nothing to post.
    if (!hook || hook.disabledAt) return;

    const waitMs = (rateLimitedUntil.get(regimentId) ?? 0) - Date.now();
    if (waitMs > 0) throw new DeliveryFailure(`Discord asked to wait (429); ${waitMs} ms left`, { retryAfterMs: waitMs });
    rateLimitedUntil.delete(regimentId);

    let response: Response;
    let body: string;
    try {
      response = await fetch(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(withAbsoluteLinks(message, publicUrl)),
        // A redirect could lead anywhere: the URL was checked against the allowed hosts, its target was not.
        redirect: 'error',
        // Covers the answer's body too: a Discord that hangs mid-answer holds nothing either.
        signal: AbortSignal.timeout(webhooks.timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      const isTimeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      return failed(regimentId, hook.url, isTimeout ? `Discord did not answer within ${webhooks.timeoutMs} ms` : `Discord unreachable: ${cause}`);
    }

    if (response.ok) return recordSuccess(db, regimentId, hook.url);
    const answer = `Discord answered ${response.status}: ${body.slice(0, 300)}`;
    if (response.status === 429) {
      const wait = rateLimitWaitMs(body, response.headers.get('retry-after'));
      rememberWait(regimentId, wait);
      throw new DeliveryFailure(answer, { retryAfterMs: wait });
    }
    if (response.status === 404 || response.status === 401) return disableWebhook(db, regimentId, hook.url, 'gone');
    if (response.status >= 500) return failed(regimentId, hook.url, answer);
    throw new DeliveryFailure(answer, { isFinal: true });
  };
}
