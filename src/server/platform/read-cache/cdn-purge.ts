/**
 * The CDN's purges (docs/decisions/0053-cdn.md): queued as outbox rows by this process's writes
 * (cdn.ts), delivered by the outbox worker in a lane of their own (a slow purge API never holds a
 * mail back, nor the other way round), with its retries and backoff. Speaks Fastly's purge API:
 * `POST {CDN_PURGE_URL}/purge` with `Fastly-Key` and the keys as `{"surrogate_keys": [...]}`, where
 * CDN_PURGE_URL is the service's address, `https://api.fastly.com/service/{service_id}`.
 *
 * - 2xx: purged.
 * - 429: the API's Retry-After (seconds) is obeyed for this row.
 * - 400, 413, 422: the API refused these keys themselves; retrying cannot help, the row is set aside
 *   (the CDN then keeps those answers until their s-maxage).
 * - Anything else (5xx, 401/403/404 from a token or service id an operator must fix, a network
 *   error, no answer within CDN_PURGE_TIMEOUT_MS): retried with the outbox's backoff.
 *
 * Errors never name the token: they go to the log and the outbox's last_error.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CdnConfig } from '#server/platform/config.js';
import type { Database } from '#server/platform/db/client.js';
import { enqueueOutbox, type OutboxKind } from '#server/platform/outbox/outbox.js';
import { DeliveryFailure, type Deliverer } from '#server/platform/outbox/worker.js';
import type { Cdn } from './cdn.js';

/** The outbox kind of a CDN purge; its payload is `{ keys: string[] }`. */
export const CDN_PURGE = 'cdn-purge' satisfies OutboxKind;

/** When a 429 gives no usable Retry-After. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 5_000;
const MAX_RATE_LIMIT_WAIT_MS = 3_600_000;
/** Statuses that refuse the request itself: sending it again cannot help. */
const REFUSED = new Set([400, 413, 422]);

/** How cdn.ts queues a purge: one outbox row. */
export function queueCdnPurge(db: Database): (keys: readonly string[], delayMs: number) => Promise<void> {
  return (keys, delayMs) => enqueueOutbox(db, CDN_PURGE, { keys: [...keys] }, delayMs);
}

function keysOf(payload: Record<string, unknown>): string[] {
  const { keys } = payload;
  return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string' && key.length > 0) : [];
}

function retryAfterMs(header: string | null): number {
  if (header === null || !/^\d+$/.test(header.trim())) return DEFAULT_RATE_LIMIT_WAIT_MS;
  return Math.min(MAX_RATE_LIMIT_WAIT_MS, Number(header) * 1000);
}

/**
 * Delivers 'cdn-purge' rows. Registered whether or not a CDN is configured: without one, a row left
 * from when there was one has nothing to purge and is done.
 */
export function cdnPurgeDeliverer(config: CdnConfig | null): Deliverer {
  return async (payload) => {
    const keys = keysOf(payload);
    if (!config || keys.length === 0) return;
    let response: Response;
    let body: string;
    try {
      response = await fetch(`${config.purgeUrl}/purge`, {
        method: 'POST',
        headers: { 'fastly-key': config.purgeToken, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ surrogate_keys: keys }),
        // The token goes only where it was configured to go.
        redirect: 'error',
        // Covers the answer's body too: an API that hangs mid-answer holds nothing either.
        signal: AbortSignal.timeout(config.purgeTimeoutMs),
      });
      body = await response.text();
    } catch (error) {
      const isTimeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new Error(
        isTimeout ? `the CDN purge API did not answer within ${config.purgeTimeoutMs} ms` : `the CDN purge API is unreachable: ${cause}`,
      );
    }
    if (response.ok) return;
    const answer = `the CDN purge API answered ${response.status}: ${body.slice(0, 300)}`;
    if (response.status === 429) throw new DeliveryFailure(answer, { retryAfterMs: retryAfterMs(response.headers.get('retry-after')) });
    if (REFUSED.has(response.status)) throw new DeliveryFailure(answer, { isFinal: true });
    throw new Error(answer);
  };
}

/** Purges everything public once the app is ready (cdn.ts, start), and queues what is waiting at close. */
export const cdnPlugin = fp<{ cdn: Cdn }>(async (app: FastifyInstance, { cdn }) => {
  app.addHook('onReady', async () => cdn.start());
  app.addHook('onClose', async () => cdn.stop());
});
