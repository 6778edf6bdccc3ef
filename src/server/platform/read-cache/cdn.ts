/**
 * A CDN in front of the site (issue 37, item 7; docs/decisions/0053-cdn.md), told two things:
 * - what it may keep: a public answer this process keeps (store.ts) goes out with its tags as
 *   surrogate keys (`Surrogate-Key` for Fastly, `Cache-Tag` for Cloudflare) and a Cache-Control
 *   that lets shared caches keep it (s-maxage) while browsers still revalidate (max-age=0);
 * - what it must forget: every invalidation of this process's own writes (ResponseCache.invalidate,
 *   not what other processes announce over the bus: each write's process purges once) is collected
 *   here and queued as purges through the outbox once a second (cdn-purge.ts delivers them), so no
 *   write waits for a database round trip or for the CDN's API.
 *
 * Without CDN_PURGE_URL there is no Cdn, and answers carry the headers they always did.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CdnConfig } from '#server/platform/config.js';
import type { Entry } from './store.js';
import type { CacheTag } from './tags.js';

/**
 * The key every kept answer carries beside its tags: what the invalidation of everything public
 * ('all') purges. Fastly's purge_all would also drop the static files, which never change under
 * their name (Fastly itself suggests a constant key for this).
 */
export const EVERY_ANSWER_KEY = 'all';

/** Fastly purges at most 256 keys in one request: one outbox row holds at most that many. */
export const MAX_KEYS_PER_PURGE = 256;

/**
 * An answer whose keys would make a longer header is not given to the CDN at all (no-cache, as
 * without one): Fastly and Cloudflare cap these headers at 16 KB. The longest we make, a search
 * answer naming its 99 officers, is about 1.4 KB.
 */
const MAX_KEYS_HEADER_LENGTH = 8 * 1024;

/** How long invalidations are collected before they are queued as purges (one outbox row per interval at most). */
const DEFAULT_FLUSH_MS = 1_000;

/** Past this many distinct keys waiting, everything is purged instead: a bound on memory while the database is away. */
const MAX_PENDING_KEYS = 10_000;

export interface CdnOptions {
  /** Queues one purge of these keys (at most MAX_KEYS_PER_PURGE), not due before `delayMs`. */
  enqueue(keys: readonly string[], delayMs: number): Promise<void>;
  /** Tells the outbox worker there is something to deliver. */
  poke(): void;
  log(): FastifyBaseLogger;
  /** How long invalidations are collected before they are queued (tests shorten it). */
  flushMs?: number;
}

/** What one flush queues: everything, or exact keys now and lagging keys after their lag. */
interface PendingPurges {
  isEverything: boolean;
  exact: Set<string>;
  /** Lagging key -> its lag (ms). */
  lagging: Map<string, number>;
}

export class Cdn {
  private readonly cacheControlPrefix: string;
  private readonly cacheControlSuffix: string;
  /** The headers of entries that never expire, made once each (null: not for the CDN). */
  private readonly headersByEntry = new WeakMap<Entry, Readonly<Record<string, string>> | null>();
  private pending: PendingPurges = emptyPurges();
  private timer: NodeJS.Timeout | null = null;
  /** The flush in progress: flushes run one after another. */
  private flushing: Promise<void> = Promise.resolve();
  private isFailing = false;
  private isStopped = false;
  private readonly flushMs: number;

  constructor(
    private readonly config: CdnConfig,
    private readonly options: CdnOptions,
  ) {
    this.cacheControlPrefix = 'public, max-age=0, s-maxage=';
    this.cacheControlSuffix = `, stale-while-revalidate=${config.staleWhileRevalidateSeconds}, stale-if-error=${config.staleIfErrorSeconds}`;
    this.flushMs = options.flushMs ?? DEFAULT_FLUSH_MS;
  }

  /**
   * The headers that let the CDN keep this entry's answer, or undefined when it may not. An entry
   * that time or a lagging change will expire is kept no longer than it has left, and not at all in
   * its last second; its headers are made for each answer, those of the others once.
   */
  headersFor(entry: Entry, now: number): Readonly<Record<string, string>> | undefined {
    if (entry.expiresAt === undefined) {
      let headers = this.headersByEntry.get(entry);
      if (headers === undefined) {
        headers = this.headersOf(entry, this.config.maxAgeSeconds);
        this.headersByEntry.set(entry, headers);
      }
      return headers ?? undefined;
    }
    const secondsLeft = Math.floor((entry.expiresAt - now) / 1000);
    if (secondsLeft < 1) return undefined;
    return this.headersOf(entry, Math.min(this.config.maxAgeSeconds, secondsLeft)) ?? undefined;
  }

  private headersOf(entry: Entry, maxAgeSeconds: number): Readonly<Record<string, string>> | null {
    const keys = [...new Set<string>([...entry.tags, EVERY_ANSWER_KEY])];
    const surrogateKey = keys.join(' ');
    if (surrogateKey.length > MAX_KEYS_HEADER_LENGTH) return null;
    return {
      'cache-control': `${this.cacheControlPrefix}${maxAgeSeconds}${this.cacheControlSuffix}`,
      'surrogate-key': surrogateKey,
      'cache-tag': keys.join(','),
    };
  }

  /**
   * An invalidation by one of this process's writes (ResponseCache.invalidate): its keys are purged
   * with the next flush. A lagging tag (store.ts: the lists' ratings, the recent reviews' scores) is
   * purged only once its lag has passed, since until then this site may still answer with what it
   * showed before; a purge sooner would let the CDN fetch that again and keep it for s-maxage.
   */
  purge(invalidation: readonly CacheTag[] | 'all', lagMs: ReadonlyMap<CacheTag, number>): void {
    const { pending } = this;
    if (invalidation === 'all') this.pending = { ...emptyPurges(), isEverything: true };
    else if (!pending.isEverything) {
      for (const tag of invalidation) {
        const lag = lagMs.get(tag) ?? 0;
        if (lag > 0) pending.lagging.set(tag, Math.max(lag, pending.lagging.get(tag) ?? 0));
        else pending.exact.add(tag);
      }
      if (pending.exact.size + pending.lagging.size > MAX_PENDING_KEYS) this.pending = { ...emptyPurges(), isEverything: true };
    }
    this.schedule();
  }

  /**
   * At start-up: this process may run a new build, whose answers (and pages, which name its code's
   * files) differ from what the CDN holds, so everything public is purged. It also makes up for
   * purges a process that died had not yet queued.
   */
  start(): void {
    this.purge('all', new Map());
  }

  /** At close: queues what is waiting now (a later process delivers it if this one's worker has stopped). */
  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Queues the waiting purges now (the timer calls it; tests and stop await it). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.queuePending());
    return this.flushing;
  }

  private schedule(): void {
    if (this.timer || this.isStopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushMs);
    // The timer alone never keeps a process (a test, a CLI) alive.
    this.timer.unref();
  }

  private async queuePending(): Promise<void> {
    const taken = this.pending;
    this.pending = emptyPurges();
    const rows = rowsOf(taken);
    if (rows.length === 0) return;
    try {
      for (const { keys, delayMs } of rows) await this.options.enqueue(keys, delayMs);
    } catch (err) {
      // The database is away: try again with the next flush (a purge twice does no harm).
      this.merge(taken);
      if (!this.isFailing) this.options.log().warn({ err }, 'cdn: could not queue purges; will retry');
      this.isFailing = true;
      this.schedule();
      return;
    }
    if (this.isFailing) this.options.log().info('cdn: purges queued again');
    this.isFailing = false;
    this.options.poke();
  }

  /** Puts purges that could not be queued back with those collected meanwhile. */
  private merge(taken: PendingPurges): void {
    if (taken.isEverything) {
      this.pending = { ...emptyPurges(), isEverything: true };
      return;
    }
    const lagging = new Map(taken.lagging);
    for (const [key, lag] of this.pending.lagging) lagging.set(key, Math.max(lag, lagging.get(key) ?? 0));
    const merged = { isEverything: this.pending.isEverything, exact: new Set([...taken.exact, ...this.pending.exact]), lagging };
    this.pending = merged.exact.size + merged.lagging.size > MAX_PENDING_KEYS ? { ...emptyPurges(), isEverything: true } : merged;
  }
}

function emptyPurges(): PendingPurges {
  return { isEverything: false, exact: new Set(), lagging: new Map() };
}

/** The outbox rows of a flush: at most MAX_KEYS_PER_PURGE keys each, the lagging ones due after their lag. */
function rowsOf(pending: PendingPurges): Array<{ keys: string[]; delayMs: number }> {
  if (pending.isEverything) return [{ keys: [EVERY_ANSWER_KEY], delayMs: 0 }];
  const byDelay = new Map<number, string[]>();
  if (pending.exact.size > 0) byDelay.set(0, [...pending.exact]);
  for (const [key, lag] of pending.lagging) byDelay.set(lag, [...(byDelay.get(lag) ?? []), key]);
  const rows: Array<{ keys: string[]; delayMs: number }> = [];
  for (const [delayMs, keys] of byDelay) {
    for (let start = 0; start < keys.length; start += MAX_KEYS_PER_PURGE) rows.push({ keys: keys.slice(start, start + MAX_KEYS_PER_PURGE), delayMs });
  }
  return rows;
}
