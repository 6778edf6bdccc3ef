/**
 * An in-process cache of the public GET answers (officers, regiments, review lists, search), kept as
 * ready-to-send bytes: serialised once, compressed once per encoding, with their ETag. A hit is
 * answered by the front server before Fastify sees the request (front-server.ts), or in onRequest
 * when it comes through Fastify (app.inject, a request that waited for another's computation):
 * either way before the session lookup, the handler, serialisation, ETag hashing and compression,
 * which is what makes the read endpoints cheap (docs/decisions/0009-response-cache.md, 0013).
 *
 * Correctness rests on invalidation, not on expiry:
 * - every successful write (any method but GET/HEAD/OPTIONS, status < 400) invalidates what its
 *   route declares in `config.invalidates`, everything by default, before its answer is sent, so
 *   the writer's next read is fresh;
 * - a read that was computed while one of its tags was invalidated is not stored (generation
 *   check), so a slow read cannot put back what a write just removed, while writes elsewhere (a
 *   vote on another officer's review) do not stop it being kept;
 * - other processes on the same database hear of it through the bus (PostgreSQL NOTIFY, see
 *   cache-bus.ts); while the bus is down nothing is cached at all;
 * - two kinds of change are allowed to lag, by at most `ratingsLagMs` (1 s by default): the ratings
 *   shown in community-wide lists (top officers, search results, the regiment list), which a new
 *   review changes, and the vote scores shown in the recent reviews, which a vote changes.
 *   Recomputing every list after every review was most of the mixed workload's cost. The reviewed
 *   officer's own page and reviews, and the review list a vote was cast in, are exact at once.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../http/metrics.js';

/**
 * What a cached answer shows, so a write can forget just that: one officer, one officer's review
 * pages, the recent reviews, or any list of officers and regiments (their figures, order and search
 * results move with every rating).
 */
export type CacheTag = 'lists' | 'ratings' | 'recent-reviews' | 'scores' | `officer:${number}` | `officer-reviews:${number}`;
/** What a write changes: some tags, everything public ('all'), or nothing public ('none'). */
export type Invalidation = readonly CacheTag[] | 'all' | 'none';

export const cacheTags = {
  lists: 'lists',
  /** A list of officers or regiments with their ratings: tags 'lists' and 'ratings'. */
  ratedList: ['lists', 'ratings'],
  /** The recent reviews: tags 'recent-reviews' and 'scores' (their vote scores). */
  recentReviews: ['recent-reviews', 'scores'],
  officer: (id: number) => `officer:${id}`,
  officerReviews: (id: number) => `officer-reviews:${id}`,
  /**
   * A search answer's tags. One with fewer than the limit holds every matching officer: only a
   * change to one of them can change it (a new review moves no officer into or out of a text match),
   * so it is tagged with those officers and forgotten exactly when one of them changes. A full
   * answer could gain an officer whose rating rises: it carries the lists' lagging 'ratings'.
   */
  searchAnswer: (officerIds: readonly number[], limit: number): CacheTag[] =>
    officerIds.length < limit ? ['lists', ...officerIds.map((id): CacheTag => `officer:${id}`)] : ['lists', 'ratings'],
  /**
   * A page of the paged search (GET /api/search/officers), by the same reasoning. Which officers a
   * page holds moves with the ratings only when it is ordered by rating or review count and is not
   * the whole answer (a first page without a next one): those carry the lists' lagging 'ratings'. A
   * page in name order, or the whole answer, changes only when one of its officers does (its figures)
   * or through 'lists' (officers and regiments added, renamed or removed); its total never moves
   * with a review.
   */
  searchPage: (officerIds: readonly number[], { isOrderedByName, isWholeAnswer }: { isOrderedByName: boolean; isWholeAnswer: boolean }): CacheTag[] =>
    isOrderedByName || isWholeAnswer ? ['lists', ...officerIds.map((id): CacheTag => `officer:${id}`)] : ['lists', 'ratings'],
  /** What a new review of this officer changes: its pages at once, the lists' ratings within the lag. */
  reviewOf: (officerId: number): CacheTag[] => [
    `officer:${officerId}`,
    `officer-reviews:${officerId}`,
    'recent-reviews',
    'ratings',
  ],
  /** What a vote on a review of this officer changes: its score, in the officer's review pages at once and in the recent reviews within the lag. */
  voteOnReviewOf: (officerId: number): CacheTag[] => [`officer-reviews:${officerId}`, 'scores'],
} as const satisfies Record<string, CacheTag | readonly CacheTag[] | ((...args: never[]) => CacheTag | CacheTag[])>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public GET whose answer depends on its URL alone (never on the session): cache it under these tags. */
    publicCache?: (request: FastifyRequest) => readonly CacheTag[];
    /** What a successful request on this route changes. Writes default to 'all'; GETs to 'none'. */
    invalidates?: Invalidation;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
  interface FastifyRequest {
    /** Set by a handler that learns only while working what it changed (overrides config.invalidates). */
    cacheInvalidation?: Invalidation;
    /** Set by a handler whose answer's tags depend on the answer (overrides config.publicCache's). */
    cacheAnswerTags?: readonly CacheTag[];
  }
}

/** Another process's invalidations arrive here; ours go out through publish. */
export interface CacheBus {
  /** False while the bus cannot deliver (e.g. reconnecting): the cache then stores nothing. */
  readonly healthy: boolean;
  /** Sends the news to the other processes; resolves once sent, never rejects (the bus reports its own failures). */
  publish(invalidation: readonly CacheTag[] | 'all'): Promise<void>;
  subscribe(listener: (invalidation: readonly CacheTag[] | 'all') => void): void;
}

/** Bodies at least this large are sent compressed (the same threshold as @fastify/compress). */
const COMPRESS_THRESHOLD = 1024;
/** URLs longer than this are answered but not cached: no legitimate public URL is that long. */
const MAX_KEY_LENGTH = 512;
/** What an entry costs besides its bodies and key: its object, Map slot and Buffer objects (measured, rounded up). */
const ENTRY_OVERHEAD_BYTES = 512;
type Encoding = 'br' | 'gzip' | 'identity';

export interface Entry {
  key: string;
  tags: readonly CacheTag[];
  /** When its computation started (ms): what it shows is at least that recent. */
  computedAt: number;
  /** Set when a lagging change happened since computedAt: the entry is served until then, no longer. */
  expiresAt?: number;
  etag: string;
  contentType: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  bytes: number;
}

/** Invalidated tags remembered one by one, at most; past that, any read in flight counts as stale. */
const MAX_REMEMBERED_TAGS = 50_000;

/** How many computations of one URL a request waits for in turn, each made stale by a write, before computing it itself. */
const MAX_CLAIM_ROUNDS = 3;

/** A miss being computed by one request; others asking for the same URL wait for `done`. */
export interface Claim {
  key: string;
  generation: number;
  tags: readonly CacheTag[];
  done: Promise<void>;
  finish: () => void;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Bumped by every invalidation: a read notes it when it starts (see isStale). */
  private generation = 0;
  /** The generation of each tag's last invalidation, and of the last that covered every tag. */
  private readonly invalidatedAt = new Map<CacheTag, number>();
  private everythingInvalidatedAt = 0;
  /** Misses being computed: a second request for the same URL waits for the first one's answer. */
  private readonly pending = new Map<string, Claim>();
  /** Tags whose invalidation may lag, with by how much (ms), and when each was last invalidated. */
  private readonly lagMs: ReadonlyMap<CacheTag, number>;
  private readonly laggingSince = new Map<CacheTag, number>();
  readonly now: () => number;

  constructor(
    readonly maxBytes: number,
    private readonly bus: CacheBus | null = null,
    options: { ratingsLagMs?: number; now?: () => number } = {},
  ) {
    const lag = options.ratingsLagMs;
    this.lagMs = new Map<CacheTag, number>(lag ? [['ratings', lag], ['scores', lag]] : []);
    this.now = options.now ?? Date.now;
    bus?.subscribe((invalidation) => this.invalidateLocally(invalidation));
  }

  get enabled(): boolean {
    return this.maxBytes > 0 && (this.bus?.healthy ?? true);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  currentGeneration(): number {
    return this.generation;
  }

  /** Whether an answer with these tags, computed from the given generation on, may be out of date. */
  isStale(tags: readonly CacheTag[], since: number): boolean {
    if (this.everythingInvalidatedAt > since) return true;
    return tags.some((tag) => (this.invalidatedAt.get(tag) ?? 0) > since);
  }

  get(key: string): Entry | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && this.now() >= entry.expiresAt) {
      this.remove(key, entry);
      return undefined;
    }
    if (entry) {
      // Least recently used goes first: move the hit to the end of the insertion order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /**
   * Called on a miss. The first request for a URL computes it (its claim is returned); one arriving
   * meanwhile waits until that answer is stored or has failed (null: look the entry up, and compute
   * the answer unclaimed if there is none). A computation that a write has made stale is not waited
   * for: a new claim replaces it, and whoever was waiting for the stale one waits for its
   * replacement or becomes it. So a popular list dropped by a write is computed once, not once per
   * waiting visitor, even while writes keep coming; after a few rounds a waiter computes it itself.
   */
  async claim(key: string, tags: readonly CacheTag[]): Promise<Claim | null> {
    for (let round = 0; round < MAX_CLAIM_ROUNDS; round++) {
      const current = this.pending.get(key);
      if (!current || this.isStale(current.tags, current.generation)) break;
      await current.done;
      // Stored, or not to be stored (an error, an answer not kept): waiting again would not help.
      if (!this.isStale(current.tags, current.generation)) return null;
    }
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const claim: Claim = { key, generation: this.generation, tags, done, finish };
    this.pending.set(key, claim);
    return claim;
  }

  /**
   * The computing request is answered (stored or not): release whoever waits for it. Its own claim,
   * which a newer one may have replaced meanwhile: those waiting for the replaced one must go on too.
   */
  release(claim: Claim): void {
    if (this.pending.get(claim.key) === claim) this.pending.delete(claim.key);
    claim.finish();
  }

  store(generation: number, entry: Entry): void {
    if (!this.enabled || this.isStale(entry.tags, generation) || entry.bytes > this.maxBytes / 4) return;
    // A lagging change since the computation started: keep it only for what is left of the lag.
    for (const tag of entry.tags) {
      const lag = this.lagMs.get(tag);
      if (lag !== undefined && (this.laggingSince.get(tag) ?? -Infinity) >= entry.computedAt) expireBy(entry, entry.computedAt + lag);
    }
    if (entry.expiresAt !== undefined && this.now() >= entry.expiresAt) return;
    this.remove(entry.key);
    this.entries.set(entry.key, entry);
    this.bytes += entry.bytes;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest, old);
    }
  }

  /** Compresses on first demand and keeps the result: the entry's size grows by what it keeps. */
  variant(entry: Entry, encoding: Encoding): Buffer {
    if (encoding === 'identity' || entry.identity.length < COMPRESS_THRESHOLD) return entry.identity;
    let body = entry[encoding];
    if (!body) {
      body = exactCopy(
        encoding === 'br'
          ? brotliCompressSync(entry.identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(entry.identity, { level: 6 }),
      );
      entry[encoding] = body;
      entry.bytes += body.length;
      if (this.entries.get(entry.key) === entry) this.bytes += body.length;
    }
    return body;
  }

  /**
   * A write on this process: forget here at once, then tell the others. The write's answer does not
   * wait for the news to leave: the others hear it asynchronously in any case (a few milliseconds
   * after the commit), and under load the wait for a database round trip cost each write tens of
   * milliseconds.
   */
  invalidate(invalidation: Invalidation): void {
    if (invalidation === 'none') return;
    this.invalidateLocally(invalidation);
    void this.bus?.publish(invalidation);
  }

  invalidateLocally(invalidation: readonly CacheTag[] | 'all'): void {
    this.generation++;
    if (invalidation === 'all' || this.invalidatedAt.size + invalidation.length > MAX_REMEMBERED_TAGS) {
      this.everythingInvalidatedAt = this.generation;
      this.invalidatedAt.clear();
    }
    if (invalidation === 'all') {
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    const now = this.now();
    const forgotten = new Set<CacheTag>();
    const lagging = new Map<CacheTag, number>();
    for (const tag of invalidation) {
      const lag = this.lagMs.get(tag);
      if (lag === undefined) {
        forgotten.add(tag);
        this.invalidatedAt.set(tag, this.generation);
      } else {
        lagging.set(tag, lag);
        this.laggingSince.set(tag, now);
      }
    }
    for (const [key, entry] of this.entries) {
      if (entry.tags.some((tag) => forgotten.has(tag))) {
        this.remove(key, entry);
        continue;
      }
      for (const tag of entry.tags) {
        const lag = lagging.get(tag);
        if (lag !== undefined) expireBy(entry, entry.computedAt + lag);
      }
      if (entry.expiresAt !== undefined && now >= entry.expiresAt) this.remove(key, entry);
    }
  }

  private remove(key: string, entry = this.entries.get(key)) {
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/**
 * A buffer that owns exactly its bytes. zlib's sync calls return a slice of their 16 KiB output
 * chunk, and Buffer.from(string) a slice of a shared 8 KiB pool slab: kept in the cache, a 600-byte
 * answer would hold on to the whole chunk or slab, and the memory actually used would be ten times
 * what the cache counts (measured: 16.5 MB counted, 180 MB held, for 10,000 small answers).
 */
export function exactCopy(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.buffer.byteLength === body.length) return body;
  const copy = Buffer.allocUnsafeSlow(body.length);
  body.copy(copy);
  return copy;
}

/** An entry for an answer's body: kept as an exact-size buffer, with its ETag and its cost counted. */
export function createEntry(answer: { key: string; tags: readonly CacheTag[]; computedAt: number; contentType: string; body: string }): Entry {
  const identity = exactCopy(Buffer.from(answer.body));
  return {
    key: answer.key,
    tags: answer.tags,
    computedAt: answer.computedAt,
    etag: weakEtag(identity),
    contentType: answer.contentType,
    identity,
    bytes: identity.length + answer.key.length + ENTRY_OVERHEAD_BYTES,
  };
}

function expireBy(entry: Entry, deadline: number) {
  entry.expiresAt = Math.min(entry.expiresAt ?? Infinity, deadline);
}

/** The client's preferred encoding among those we produce (brotli, then gzip), from Accept-Encoding. */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

function weakEtag(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const strong = etag.slice(2);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === strong;
  });
}

/** What a kept entry answers a request with: its ETag (304 when the client has it), compressed as the client accepts. */
export interface ReadyAnswer {
  status: 200 | 304 | 404;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

/**
 * The one place that turns a kept entry into an answer, for Fastify (sendEntry, and a computed miss
 * in the plugin's onSend) and for the front server, which answers before Fastify
 * (front-server.ts): both send the same headers and bytes.
 */
export function answerWith(entry: Entry, cache: ResponseCache, requestHeaders: IncomingHttpHeaders, status: 200 | 404 = 200): ReadyAnswer {
  const headers: Record<string, string> = { 'content-type': entry.contentType, 'cache-control': 'no-cache', vary: 'Accept-Encoding' };
  // The entry's body sent as a 404 (the app's not-found page) is not the entry: no ETag, no 304.
  if (status === 200) {
    headers.etag = entry.etag;
    if (etagMatches(requestHeaders['if-none-match'], entry.etag)) return { status: 304, headers, body: undefined };
  }
  const encoding = preferredEncoding(requestHeaders['accept-encoding']);
  const body = cache.variant(entry, encoding);
  // A set Content-Encoding also tells @fastify/compress the body is already encoded.
  if (body !== entry.identity) headers['content-encoding'] = encoding;
  return { status, headers, body };
}

/** Answers through Fastify with a kept entry (with 404: its body, as the answer to a missing page). */
export function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry, cache: ResponseCache, status: 200 | 404 = 200) {
  const answer = answerWith(entry, cache, request.headers, status);
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

const kGeneration = Symbol('responseCacheGeneration');
const kFromCache = Symbol('responseCacheHit');
const kClaimed = Symbol('responseCacheClaimed');
const kTags = Symbol('responseCacheTags');
const kComputedAt = Symbol('responseCacheComputedAt');
type CachedRequest = FastifyRequest & {
  [kGeneration]?: number;
  [kComputedAt]?: number;
  [kFromCache]?: boolean;
  [kClaimed]?: Claim | null;
  [kTags]?: readonly CacheTag[];
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Register after the security headers (set in onRequest, before a hit is answered) and before
 * @fastify/compress and @fastify/etag (this onSend must see the serialised JSON, not a stream).
 */
export const responseCachePlugin = fp<{ cache: ResponseCache; metrics: Metrics }>(async (app, { cache, metrics }) => {
  app.decorate('responseCache', cache);
  app.decorateRequest('cacheInvalidation', undefined);
  app.decorateRequest('cacheAnswerTags', undefined);

  app.addHook('onRequest', async (request: CachedRequest, reply) => {
    const publicCache = request.routeOptions.config.publicCache;
    if (request.method !== 'GET' || !publicCache) return;
    let entry = cache.get(request.url);
    if (!entry && cache.enabled && request.url.length <= MAX_KEY_LENGTH) {
      request[kTags] = publicCache(request);
      request[kClaimed] = await cache.claim(request.url, request[kTags]);
      if (!request[kClaimed]) entry = cache.get(request.url);
    }
    metrics.cacheLookups.inc({ result: entry ? 'hit' : 'miss' });
    if (entry) {
      request[kFromCache] = true;
      return sendEntry(request, reply, entry, cache);
    }
    // Not there even after waiting (the first one failed, or a write came between): compute it.
    request[kGeneration] = cache.currentGeneration();
    request[kComputedAt] = cache.now();
  });

  // Whatever happened to the request that computes a URL, those waiting for it must go on.
  const releaseClaim = async (request: CachedRequest) => {
    const claim = request[kClaimed];
    if (claim) {
      request[kClaimed] = null;
      cache.release(claim);
    }
  };
  app.addHook('onResponse', releaseClaim);
  app.addHook('onRequestAbort', releaseClaim);

  app.addHook('onSend', async (request: CachedRequest, reply, payload) => {
    const config = request.routeOptions.config;
    const invalidation = request.cacheInvalidation ?? config.invalidates ?? (SAFE_METHODS.has(request.method) ? 'none' : 'all');
    if (invalidation !== 'none' && reply.statusCode < 400) {
      cache.invalidate(invalidation);
      return payload;
    }
    const generation = request[kGeneration];
    if (
      generation === undefined ||
      request[kFromCache] ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      request.url.length > MAX_KEY_LENGTH
    ) {
      return payload;
    }
    const entry = createEntry({
      key: request.url,
      tags: request.cacheAnswerTags ?? request[kTags] ?? config.publicCache!(request),
      computedAt: request[kComputedAt] ?? cache.now(),
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      body: payload,
    });
    cache.store(generation, entry);
    await releaseClaim(request);
    const answer = answerWith(entry, cache, request.headers);
    void reply.code(answer.status).headers(answer.headers);
    if (answer.body === undefined) return '';
    if (answer.body !== entry.identity) void reply.header('Content-Length', answer.body.length);
    return answer.body;
  });
});
