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
 *   officer's own page and reviews, and the review list a vote was cast in, are exact at once;
 * - an answer that time changes (a window of days: the officer's recent figures and trend) is kept
 *   only until its route's expiry, the next UTC midnight (docs/decisions/0028-recency.md).
 *
 * Where each part lives: the tags and what each write forgets (tags.ts), encodings, ETags and the
 * answer an entry makes (encoding.ts), the Fastify hooks that read and fill the cache (plugin.ts),
 * the bus between processes (cache-bus.ts), and the entries themselves here.
 */
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { readFromPrimary } from '#server/platform/db/read-routing.js';
import type { Cdn } from './cdn.js';
import { exactCopy, ownedBytes, weakEtag, type Encoding } from './encoding.js';
import { LruMap } from './lru-map.js';
import type { CacheTag, Invalidation } from './tags.js';

/** Another process's invalidations arrive here; ours go out through publish. */
export interface CacheBus {
  /** False while the bus cannot deliver (e.g. reconnecting): the cache then stores nothing. */
  readonly healthy: boolean;
  /** Sends the news to the other processes; resolves once sent, never rejects (the bus reports its own failures). */
  publish(invalidation: readonly CacheTag[] | 'all'): Promise<void>;
  subscribe(listener: (invalidation: readonly CacheTag[] | 'all') => void): void;
}

/**
 * Bodies at least this large are sent compressed (the same threshold as @fastify/compress), and kept
 * in their brotli form from the start (almost every client asks for it): a 60 KB search answer is
 * then 2 to 10 KB and a 4 KB review page 1.2 KB, so the cache holds three to six times more of the
 * long tail. Gzip and the plain body are kept too once clients ask for them (`variant`; plain
 * bodies within a share of their own), counted like the rest, so a client without brotli (a
 * script, a bot, curl: the public read API's) is answered from memory as a browser is, not by
 * decompressing and recompressing per request (issue 38, item 2).
 */
const COMPRESS_THRESHOLD = 1024;
/** Compression levels of kept answers: low, because a miss pays them (see `compressed`). */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;
/**
 * No entry may hold more than this share of the cache, its kept encodings included: one answer
 * (the regiment list) cannot push out most of the others.
 */
const MAX_ENTRY_SHARE = 4;
/** The plain bodies kept beside brotli take at most this share of the cache together (plainKept says why). */
const PLAIN_SHARE = 4;
/** What an entry costs besides its bodies and key: its object, Map slot and Buffer objects (measured, rounded up). */
const ENTRY_OVERHEAD_BYTES = 512;

export interface Entry {
  key: string;
  tags: readonly CacheTag[];
  /** When its computation started (ms): what it shows is at least that recent. */
  computedAt: number;
  /**
   * Served until then, no longer: set when the answer is made for one that time changes (a window of
   * days, route-policy.ts), or when a lagging change happened since computedAt.
   */
  expiresAt?: number;
  etag: string;
  contentType: string;
  /** False for a body already compressed in its own format (a PNG card): sent as it is, whatever the client accepts. */
  isCompressible: boolean;
  /** The plain body's length, whether or not it is kept. */
  size: number;
  /**
   * The plain body: always for one too small to compress (COMPRESS_THRESHOLD) or not compressible;
   * for a compressed one, once clients that accept neither brotli nor gzip asked for it twice
   * (isPlainAsked), within the plain bodies' share of the cache (ResponseCache.plainKept).
   */
  identity?: Buffer;
  /** A client asked for the plain body of this compressed answer once: the next such request keeps it. */
  isPlainAsked?: boolean;
  /** A compressed body's base form, from the start; its ETag names these bytes. */
  br?: Buffer;
  /** Once a client that accepts gzip but not brotli asked for it. */
  gzip?: Buffer;
  /** What keeping it costs: every body it holds, its key and ENTRY_OVERHEAD_BYTES. */
  bytes: number;
  /**
   * Invalidated or expired: never served as a fresh answer again, but kept (within the memory bound,
   * oldest first out) as the last known answer for its URL, served marked stale while the database
   * cannot be reached (issue 37, item 2; getStale).
   */
  retired?: boolean;
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
  /** Least recently used first (lru-map.ts says why not a Map's own order). */
  private readonly entries = new LruMap<string, Entry>();
  /**
   * The keys of the kept entries that show each tag, so a write visits only the answers it changes.
   * Scanning every entry cost 1.8 ms a write with the long tail's 25,000 answers kept: 9 % of the
   * process's time in the long-tail mix, where one request in twenty is a write.
   */
  private readonly keysByTag = new Map<CacheTag, Set<string>>();
  private bytes = 0;
  /**
   * The entries that keep a plain body beside brotli, least recently sent plain first, and those
   * bodies' bytes: at most a share of the cache (PLAIN_SHARE), past which the oldest go back to
   * brotli alone (the answer stays kept). A plain body is five to ten times its brotli form: kept for
   * every answer asked for plain, the typed searches of a client without compression pushed the
   * answers themselves out (replayed through this cache, 60,000 of the benchmark's long-tail searches
   * missed 61 % of the time against 25 % for a browser, and cost the cache twice what decompressing
   * each answer had). So a plain body is kept when asked for a second time (Entry.isPlainAsked), and
   * the kept ones within this share (27.5 % missed): those asked for again and again (the regiment
   * list, a popular search) stay, the long tail's are decompressed for their one request.
   */
  private readonly plainKept = new LruMap<string, Entry>();
  private plainBytes = 0;
  /** How many of the entries are retired (kept only as stale last answers). */
  private retiredCount = 0;
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
  /**
   * When each tag was last invalidated (ms), and everything: a refill soon after must not read from a
   * replica that may not hold the write yet (changedWithin; platform/db/read-routing.ts).
   */
  private readonly invalidatedTime = new Map<CacheTag, number>();
  /** With read replicas, how recent a change sends a refill to the primary (REPLICA_STICKY_MS); 0 without. */
  private readonly replicaStickyMs: number;
  private everythingInvalidatedTime = -Infinity;
  readonly now: () => number;
  /** The CDN in front, if any (cdn.ts): told what kept answers show and what this process's writes change. */
  readonly cdn: Cdn | null;

  constructor(
    readonly maxBytes: number,
    private readonly bus: CacheBus | null = null,
    options: { ratingsLagMs?: number; now?: () => number; cdn?: Cdn | null; replicaStickyMs?: number } = {},
  ) {
    this.cdn = options.cdn ?? null;
    this.replicaStickyMs = options.replicaStickyMs ?? 0;
    const lag = options.ratingsLagMs;
    this.lagMs = new Map<CacheTag, number>(
      lag
        ? [
            ['ratings', lag],
            ['scores', lag],
          ]
        : [],
    );
    this.now = options.now ?? Date.now;
    bus?.subscribe((invalidation) => this.invalidateLocally(invalidation));
  }

  get enabled(): boolean {
    return this.maxBytes > 0 && (this.bus?.healthy ?? true);
  }

  /** The answers served fresh, and the bytes of everything kept (the stale last answers too). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size - this.retiredCount, bytes: this.bytes };
  }

  currentGeneration(): number {
    return this.generation;
  }

  /**
   * Called before computing an answer to keep with these tags: with read replicas, one whose tags
   * changed in the last REPLICA_STICKY_MS is computed from the primary, so a replica that has not
   * replayed the change cannot put the old answer back (platform/db/read-routing.ts).
   */
  beforeRefill(tags: readonly CacheTag[]): void {
    if (this.replicaStickyMs > 0 && this.changedWithin(tags, this.replicaStickyMs)) readFromPrimary();
  }

  /** Whether any of these tags was invalidated in the last `ms` milliseconds. */
  changedWithin(tags: readonly CacheTag[], ms: number): boolean {
    const since = this.now() - ms;
    if (this.everythingInvalidatedTime > since) return true;
    return tags.some((tag) => (this.invalidatedTime.get(tag) ?? -Infinity) > since);
  }

  /** Whether an answer with these tags, computed from the given generation on, may be out of date. */
  isStale(tags: readonly CacheTag[], since: number): boolean {
    if (this.everythingInvalidatedAt > since) return true;
    return tags.some((tag) => (this.invalidatedAt.get(tag) ?? 0) > since);
  }

  get(key: string): Entry | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry || entry.retired) return undefined;
    if (entry.expiresAt !== undefined && this.now() >= entry.expiresAt) {
      this.retire(key, entry);
      return undefined;
    }
    // Least recently used goes first: the hit goes last.
    this.entries.touch(key);
    return entry;
  }

  /**
   * The last answer known for this URL, fresh or not, whether or not the cache is enabled: for when
   * the database cannot be reached (the bus is down with it, which disables the cache, and has made
   * every entry stale). Its caller says it is stale (X-Cache: STALE).
   */
  getStale(key: string): Entry | undefined {
    return this.entries.get(key);
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
    if (!this.enabled || this.isStale(entry.tags, generation)) return;
    // Too large with the encodings its first client asked for: kept in its base form alone, if that fits.
    if (!this.fitsOneEntry(entry.bytes)) shedVariants(entry);
    if (!this.fitsOneEntry(entry.bytes)) return;
    // A lagging change since the computation started: keep it only for what is left of the lag.
    for (const tag of entry.tags) {
      const lag = this.lagMs.get(tag);
      if (lag !== undefined && (this.laggingSince.get(tag) ?? -Infinity) >= entry.computedAt) expireBy(entry, entry.computedAt + lag);
    }
    if (entry.expiresAt !== undefined && this.now() >= entry.expiresAt) return;
    this.remove(entry.key);
    this.entries.set(entry.key, entry);
    this.bytes += entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      if (keys) keys.add(entry.key);
      else this.keysByTag.set(tag, new Set([entry.key]));
    }
    if (entry.br && entry.identity) this.notePlainSent(entry);
    this.evictBeyondBound(entry);
  }

  /**
   * The body in the encoding asked for, and the encoding it is in (small bodies are never
   * compressed). Made on first demand (decompressed from brotli, or compressed from the plain body)
   * and kept, so the next client asking for it costs what a browser costs: the entry's size and the
   * cache's total grow by what it keeps, and the least recently used answers make room (plain bodies
   * also within their own share: plainKept). Not kept when the entry would then pass its share of
   * the cache: made for each request instead. `plainInHand` is the plain body when the caller has it
   * (the request that computed the answer): a client without compression is then sent it as it is,
   * not brotli's bytes decompressed again.
   */
  variant(entry: Entry, encoding: Encoding, plainInHand?: Buffer): { body: Buffer; encoding: Encoding } {
    const sent = encoding === 'identity' || entry.size < COMPRESS_THRESHOLD || !entry.isCompressible ? 'identity' : encoding;
    const kept = entry[sent];
    if (kept) {
      if (sent === 'identity' && entry.br) this.notePlainSent(entry);
      return { body: kept, encoding: sent };
    }
    const isDecompressedHere = entry.identity === undefined && plainInHand === undefined;
    const plain = entry.identity ?? plainInHand ?? decompressed(entry.br!, entry.size);
    // A plain body is kept when asked for a second time: most long-tail answers are asked for once.
    if (sent === 'identity' && entry.br && !entry.isPlainAsked) {
      entry.isPlainAsked = true;
      return { body: plain, encoding: sent };
    }
    // Decompressed here, it is already a buffer of its own (one byte spare: `decompressed` says why),
    // not a slice of a shared slab: copying it again cost a client without compression 4 % of its time.
    const body = sent === 'identity' ? (isDecompressedHere ? plain : exactCopy(plain)) : compressed(plain, sent);
    if (this.fitsOneEntry(entry.bytes + body.length)) this.keep(entry, sent, body);
    return { body, encoding: sent };
  }

  private fitsOneEntry(bytes: number): boolean {
    return bytes <= this.maxBytes / MAX_ENTRY_SHARE;
  }

  /**
   * The entry keeps one more encoding: counted in the total if it is the one kept for its URL (fresh
   * or retired; any other is on its way out), then the oldest make room.
   */
  private keep(entry: Entry, encoding: Encoding, body: Buffer): void {
    entry[encoding] = body;
    entry.bytes += body.length;
    if (this.entries.get(entry.key) !== entry) return;
    this.bytes += body.length;
    if (encoding === 'identity' && entry.br) this.notePlainSent(entry);
    this.evictBeyondBound(entry);
  }

  /** A kept plain body beside brotli was sent (or just kept): last out of plainKept, whose oldest go past its share. */
  private notePlainSent(entry: Entry): void {
    if (this.entries.get(entry.key) !== entry) return;
    if (this.plainKept.get(entry.key) === entry) this.plainKept.touch(entry.key);
    else {
      this.plainBytes += entry.identity!.length;
      this.plainKept.set(entry.key, entry);
    }
    for (const [key, old] of this.plainKept.oldestFirst()) {
      if (this.plainBytes <= this.maxBytes / PLAIN_SHARE) break;
      if (old === entry) continue;
      this.forgetPlain(key, old);
      old.bytes -= old.identity!.length;
      this.bytes -= old.identity!.length;
      delete old.identity;
    }
  }

  /** No longer counted among the plain bodies (dropped, or its entry removed). */
  private forgetPlain(key: string, entry: Entry): void {
    this.plainKept.delete(key);
    this.plainBytes -= entry.identity!.length;
  }

  /** Least recently used first out until the total is within the bound; never `grown`, the entry just stored or grown. */
  private evictBeyondBound(grown: Entry): void {
    for (const [oldest, old] of this.entries.oldestFirst()) {
      if (this.bytes <= this.maxBytes) break;
      if (old !== grown) this.remove(oldest, old);
    }
  }

  /**
   * A write on this process: forget here at once, then tell the others. The write's answer does not
   * wait for the news to leave: the others hear it asynchronously in any case (a few milliseconds
   * after the commit), and under load the wait for a database round trip cost each write tens of
   * milliseconds. Not sent inside the write's transaction: a transaction that notifies holds
   * PostgreSQL's notification lock until its commit is on disk, so every writer would commit one
   * after another (docs/decisions/0056-writes-in-few-round-trips.md, amendment).
   */
  invalidate(invalidation: Invalidation): void {
    if (invalidation === 'none') return;
    this.invalidateLocally(invalidation);
    void this.bus?.publish(invalidation);
    // Purged by the writer's process alone, not by those that hear of it (docs/decisions/0053-cdn.md).
    this.cdn?.purge(invalidation, this.lagMs);
  }

  /**
   * At start-up, tell the others that anything may have changed. A write's news leaves after its
   * commit (invalidate), so a process that stopped in between never sent it: it does when it is
   * back, as the CDN is purged at start (cdn.ts).
   */
  announceStart(): Promise<void> {
    return this.bus?.publish('all') ?? Promise.resolve();
  }

  /**
   * Whether this entry is the one kept and served fresh for its URL: only such an answer may be kept
   * by the CDN too (not one computed while a write made it stale, too large to keep, or retired).
   */
  isKept(entry: Entry): boolean {
    return this.enabled && !entry.retired && this.entries.get(entry.key) === entry;
  }

  invalidateLocally(invalidation: readonly CacheTag[] | 'all'): void {
    this.generation++;
    const now = this.now();
    if (invalidation === 'all' || this.invalidatedAt.size + invalidation.length > MAX_REMEMBERED_TAGS) {
      this.everythingInvalidatedAt = this.generation;
      this.invalidatedAt.clear();
      this.everythingInvalidatedTime = now;
      this.invalidatedTime.clear();
    }
    if (invalidation === 'all') {
      for (const entry of this.entries.values()) entry.retired = true;
      this.retiredCount = this.entries.size;
      this.keysByTag.clear();
      return;
    }
    const forgotten = new Set<CacheTag>();
    const lagging = new Map<CacheTag, number>();
    for (const tag of invalidation) {
      this.invalidatedTime.set(tag, now);
      const lag = this.lagMs.get(tag);
      if (lag === undefined) {
        forgotten.add(tag);
        this.invalidatedAt.set(tag, this.generation);
      } else {
        lagging.set(tag, lag);
        this.laggingSince.set(tag, now);
      }
    }
    for (const tag of forgotten) for (const key of [...(this.keysByTag.get(tag) ?? [])]) this.retire(key);
    for (const [tag, lag] of lagging) {
      const expired: string[] = [];
      for (const key of this.keysByTag.get(tag) ?? []) {
        const entry = this.entries.get(key)!;
        expireBy(entry, entry.computedAt + lag);
        if (now >= entry.expiresAt!) expired.push(key);
      }
      for (const key of expired) this.retire(key);
    }
  }

  /** No longer served fresh, and no longer found by its tags; kept as the URL's last known answer (getStale). */
  private retire(key: string, entry = this.entries.get(key)) {
    if (!entry || entry.retired) return;
    entry.retired = true;
    this.retiredCount++;
    this.unindex(key, entry);
  }

  private remove(key: string, entry = this.entries.get(key)) {
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    if (this.plainKept.get(key) === entry) this.forgetPlain(key, entry);
    if (entry.retired) this.retiredCount--;
    else this.unindex(key, entry);
  }

  private unindex(key: string, entry: Entry) {
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      if (keys?.delete(key) && keys.size === 0) this.keysByTag.delete(tag);
    }
  }
}

/**
 * An entry for an answer's body: kept as an exact-size buffer, with its ETag and its cost counted.
 * A compressible body is kept as brotli from the start (COMPRESS_THRESHOLD), and its ETag is the
 * hash of those bytes whoever asked: brotli's output is a function of its input, so the tag still
 * names the content (the same in every process of one build), and hashing 9 KB of brotli instead of
 * 60 KB of JSON took 45 µs off every search a visitor is the first to type. When the client whose
 * request computed it asked for gzip (`encoding`), gzip is kept too, made from the plain body in hand
 * rather than later from brotli (a plain body is kept when asked for a second time: `variant`).
 */
export function createEntry(answer: {
  key: string;
  tags: readonly CacheTag[];
  computedAt: number;
  /** When the answer stops being right whatever is written (a time window moves): it is not served from then on. */
  expiresAt?: number | undefined;
  contentType: string;
  /** Text (JSON, HTML) or bytes (a PNG card). */
  body: string | Buffer;
  /** The encoding the computing request's client prefers (preferredEncoding): gzip is kept from the start. */
  encoding?: Encoding;
}): Entry {
  const plain = ownedBytes(answer.body);
  const isCompressible = !answer.contentType.startsWith('image/');
  const br = isCompressible && plain.length >= COMPRESS_THRESHOLD ? compressed(plain, 'br') : undefined;
  const kept = br ?? plain;
  const entry: Entry = {
    key: answer.key,
    tags: answer.tags,
    computedAt: answer.computedAt,
    ...(answer.expiresAt === undefined ? {} : { expiresAt: answer.expiresAt }),
    etag: weakEtag(kept),
    contentType: answer.contentType,
    isCompressible,
    size: plain.length,
    ...(br ? { br } : { identity: plain }),
    bytes: kept.length + answer.key.length + ENTRY_OVERHEAD_BYTES,
  };
  if (br && answer.encoding === 'gzip') {
    entry.gzip = compressed(plain, 'gzip');
    entry.bytes += entry.gzip.length;
  }
  return entry;
}

/** Back to the base form: brotli alone for a compressed body (a small or incompressible one has only its plain body). */
function shedVariants(entry: Entry): void {
  if (!entry.br) return;
  entry.bytes -= (entry.identity?.length ?? 0) + (entry.gzip?.length ?? 0);
  delete entry.identity;
  delete entry.gzip;
}

/**
 * A kept brotli body's plain form, made in one output buffer of its known size. With zlib's default
 * 16 KiB chunks a search answer took several allocations and a concatenation: 27 µs against 21 µs
 * for 17 KB of JSON, 67 µs against 59 µs for 59 KB (a micro-benchmark). One byte more than
 * the body: zlib stops when its output buffer is not full, and an exact fit makes it allocate
 * another chunk to find the end.
 */
function decompressed(br: Buffer, size: number): Buffer {
  return brotliDecompressSync(br, { chunkSize: Math.max(size + 1, zlibConstants.Z_MIN_CHUNK) });
}

/**
 * A body compressed as kept answers are. Brotli at quality 1: on the long tail most answers are
 * computed for one visitor, and a miss pays the compression. A 4 KB review page takes 74 µs at
 * quality 3 and 33 µs at 1, a 60 KB search answer 415 µs and 126 µs, for a body 5 to 8 % larger
 * (docs/decisions/0025-search-catalogue.md, 0041-batched-reads.md). Gzip at level 1 for the same
 * reason: a 55 KB search answer took 1.5 ms at level 6 and 0.3 ms at 1 (less than brotli's quality 1),
 * for a body 14 % larger, and a gzip-only client's miss pays it on top of brotli's.
 */
function compressed(plain: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return exactCopy(
    encoding === 'br'
      ? brotliCompressSync(plain, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
      : gzipSync(plain, { level: GZIP_LEVEL }),
  );
}

function expireBy(entry: Entry, deadline: number) {
  entry.expiresAt = Math.min(entry.expiresAt ?? Infinity, deadline);
}
