/**
 * The response cache inside Fastify: a route's declared policy (route config) decides what is
 * kept, a hit that reaches Fastify (app.inject, a request that waited for another's computation) is
 * answered in onRequest, a computed miss is stored in onSend, and a successful write forgets what it
 * declares before its answer is sent (docs/decisions/0009-response-cache.md).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { whenAnswerEnds } from '#server/platform/http/answer-end.js';
import type { Metrics } from '#server/platform/http/metrics.js';
import { answerWith, preferredEncoding } from './encoding.js';
import { expiryOf, publicTagsOf, type CachePolicy } from './route-policy.js';
import { createEntry, type Claim, type Entry, type ResponseCache } from './store.js';
import type { CacheTag, Invalidation } from './tags.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How a GET's answer may be kept: every API GET declares it (CachePolicy, route-policy.ts). */
    cache?: CachePolicy;
    /**
     * What a successful request on this route changes (every API write declares it, route-policy.ts);
     * 'set-by-handler' when the handler learns it while working and sets request.cacheInvalidation
     * (should it not, everything is forgotten). Undeclared: GETs 'none', other methods 'all'.
     */
    invalidates?: Invalidation | 'set-by-handler';
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
  interface FastifyRequest {
    /** Set by a handler that learns only while working what it changed (overrides config.invalidates). */
    cacheInvalidation?: Invalidation;
    /** Set by a handler whose answer's tags depend on the answer (overrides those of config.cache). */
    cacheAnswerTags?: readonly CacheTag[];
  }
}

/** URLs longer than this are answered but not cached: no legitimate public URL is that long. */
const MAX_KEY_LENGTH = 512;

/** Answers through Fastify with a kept entry (with 404: its body, as the answer to a missing page). */
export function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry, cache: ResponseCache, status: 200 | 404 = 200) {
  const answer = answerWith(entry, cache, request.headers, status);
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/** Marks an answer given from a kept entry past its freshness (issue 37, item 2). */
export const STALE_HEADER = { 'x-cache': 'STALE' } as const;

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
/** Lets those waiting for this request's computation go on (at most once: after storing, or when its answer ends). */
function releaseClaim(cache: ResponseCache, request: CachedRequest): void {
  const claim = request[kClaimed];
  if (claim) {
    request[kClaimed] = null;
    cache.release(claim);
  }
}

/**
 * While the database cannot be reached, a public GET whose last answer this process still holds is
 * answered with it, marked stale, instead of a 503 (issue 37, item 2): true when it was. Called by
 * the error handler for a read that failed for want of the database, and before the handler while
 * the database is known to be down.
 */
export function sendStaleAnswer(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' || !publicTagsOf(request.routeOptions.config.cache)) return false;
  const cache = request.server.responseCache;
  const entry = cache.getStale(request.url);
  if (!entry) return false;
  // Not to be stored again as a fresh answer by onSend.
  (request as CachedRequest)[kFromCache] = true;
  void reply.headers(STALE_HEADER);
  void sendEntry(request, reply, entry, cache);
  return true;
}

export const responseCachePlugin = fp<{ cache: ResponseCache; metrics: Metrics; databaseDown?: () => boolean }>(
  async (app, { cache, metrics, databaseDown }) => {
    app.decorate('responseCache', cache);
    app.decorateRequest('cacheInvalidation', undefined);
    app.decorateRequest('cacheAnswerTags', undefined);
    app.addHook('onReady', () => cache.announceStart());

    app.addHook('onRequest', async function answerFromCache(request: CachedRequest, reply) {
      const publicCache = publicTagsOf(request.routeOptions.config.cache);
      if (request.method !== 'GET' || !publicCache) return;
      let entry = cache.get(request.url);
      if (!entry && cache.enabled && request.url.length <= MAX_KEY_LENGTH) {
        request[kTags] = publicCache(request);
        request[kClaimed] = await cache.claim(request.url, request[kTags]);
        // Whatever happens to this request, those waiting for its answer must go on (answer-end.ts).
        if (request[kClaimed]) whenAnswerEnds(reply, () => releaseClaim(cache, request));
        else entry = cache.get(request.url);
      }
      metrics.cacheLookups.inc({ result: entry ? 'hit' : 'miss' });
      if (entry) {
        request[kFromCache] = true;
        return sendEntry(request, reply, entry, cache);
      }
      // Known to be down: the last answer now, rather than a computation that fails (or waits) first.
      if (databaseDown?.() && sendStaleAnswer(request, reply)) return reply;
      // Not there even after waiting (the first one failed, or a write came between): compute it,
      // from the primary if one of its tags changed too recently for every replica to hold the change.
      if (request[kTags]) cache.beforeRefill(request[kTags]);
      request[kGeneration] = cache.currentGeneration();
      request[kComputedAt] = cache.now();
    });

    app.addHook('onSend', async function storeOrInvalidate(request: CachedRequest, reply, payload) {
      const config = request.routeOptions.config;
      const declared = config.invalidates === 'set-by-handler' ? 'all' : config.invalidates;
      const invalidation = request.cacheInvalidation ?? declared ?? (SAFE_METHODS.has(request.method) ? 'none' : 'all');
      if (invalidation !== 'none' && reply.statusCode < 400) {
        cache.invalidate(invalidation);
        return payload;
      }
      const generation = request[kGeneration];
      if (
        generation === undefined ||
        request[kFromCache] ||
        reply.statusCode !== 200 ||
        (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
        request.url.length > MAX_KEY_LENGTH
      ) {
        return payload;
      }
      const computedAt = request[kComputedAt] ?? cache.now();
      const plain = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const entry = createEntry({
        key: request.url,
        tags: request.cacheAnswerTags ?? request[kTags] ?? publicTagsOf(config.cache)!(request),
        computedAt,
        expiresAt: expiryOf(config.cache)?.(computedAt),
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        body: plain,
        // Kept beside brotli from the plain body in hand: answerWith below sends it.
        encoding: preferredEncoding(request.headers['accept-encoding']),
      });
      cache.store(generation, entry);
      releaseClaim(cache, request);
      // A client without compression gets the plain body in hand, not brotli's decompressed again.
      const answer = answerWith(entry, cache, request.headers, 200, plain);
      void reply.code(answer.status).headers(answer.headers);
      if (answer.body === undefined) return '';
      if (answer.headers['content-encoding']) void reply.header('Content-Length', answer.body.length);
      return answer.body;
    });
  },
);

/**
 * The API's GETs get their Cache-Control from their declared policy (route-policy.ts), not by hand:
 * a 'private' answer depends on who asks and is never stored by any cache (no-store); any other GET
 * without a header of its own is revalidated every time (cheap with the ETag), so no cache serves
 * stale ratings. Registered in the API's scope.
 */
export const cachePoliciesPlugin = fp(async (api) => {
  api.addHook('onSend', async function revalidateByDefault(request, reply, payload) {
    if (request.method !== 'GET') return payload;
    if (request.routeOptions.config.cache === 'private') reply.header('Cache-Control', 'no-store');
    else if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-cache');
    return payload;
  });
});
