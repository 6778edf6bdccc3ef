/**
 * The rule every API route follows: a GET declares in its route config how its answer may be kept
 * (`config.cache`), so whether an answer may be shared is decided once, where the route is, and a new
 * GET cannot join the API without that decision (route-policy.test.ts walks the route table).
 */
import type { FastifyRequest } from 'fastify';
import type { RegisteredRoute } from '#server/platform/types.js';
import type { CacheTag } from './tags.js';

/**
 * How a GET's answer may be kept, declared in its route config as `cache`:
 * - `{ public: (request) => tags }`: the answer depends on its URL alone, never on who asks. The
 *   response cache keeps it under these tags (a handler may narrow them, request.cacheAnswerTags),
 *   and the front server answers it from memory, before Fastify (docs/decisions/0009, 0013).
 * - `'private'`: the answer depends on who asks (the session) or shows what only the asker may see
 *   (a one-time code's account): never kept in memory, and sent `no-store` so no shared cache keeps
 *   it either (the route sets that header, or its scope's hook, or the error handler).
 * - `'not-kept'`: the same for everyone, yet not kept in memory; the route says why (it changes
 *   without a write of ours, as Steam's figures do; it is an image with its own HTTP caching).
 * Writes declare what they change in `config.invalidates` instead (tags.ts).
 */
export type CachePolicy = PublicCachePolicy | 'private' | 'not-kept';

export interface PublicCachePolicy {
  readonly public: (request: FastifyRequest) => readonly CacheTag[];
  /**
   * For an answer that time changes, not only writes (a window of the last days or months): when an
   * answer computed at `computedAt` (ms) stops being right. It is not served from then on.
   */
  readonly expiresAt?: (computedAt: number) => number;
}

/** The expiry a public route gives its answers (none: they change only with writes). */
export function expiryOf(policy: CachePolicy | undefined): ((computedAt: number) => number) | undefined {
  return typeof policy === 'object' ? policy.expiresAt : undefined;
}

/** The tags of a public route's answers, or undefined when its answers are not kept. */
export function publicTagsOf(policy: CachePolicy | undefined): ((request: FastifyRequest) => readonly CacheTag[]) | undefined {
  return typeof policy === 'object' ? policy.public : undefined;
}

function isCachePolicy(policy: unknown): policy is CachePolicy {
  if (policy === 'private' || policy === 'not-kept') return true;
  return typeof policy === 'object' && policy !== null && typeof (policy as { public?: unknown }).public === 'function';
}

const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * What breaks the rule, one line per route: an API GET without a cache policy (or with one that is
 * none of the three), any route but a GET declaring one (only GETs are kept), and an API write that
 * does not declare what it changes (`config.invalidates`: tags, 'all', 'none', or 'set-by-handler'
 * when the handler sets request.cacheInvalidation), so no write forgets everything by default.
 */
export function cachePolicyProblems(routes: readonly RegisteredRoute[]): string[] {
  const problems: string[] = [];
  for (const { method, url, config } of routes) {
    const policy = (config as { cache?: unknown } | undefined)?.cache;
    if (method !== 'GET') {
      if (policy !== undefined) problems.push(`${method} ${url}: only a GET declares config.cache`);
      if (isApiRoute(url) && method !== 'OPTIONS' && (config as { invalidates?: unknown } | undefined)?.invalidates === undefined) {
        problems.push(`${method} ${url}: declare config.invalidates (tags, 'all', 'none' or 'set-by-handler'; see read-cache/tags.ts)`);
      }
    } else if (isApiRoute(url) && !isCachePolicy(policy)) {
      problems.push(`GET ${url}: declare config.cache ({ public: tags }, 'private' or 'not-kept'; see read-cache/route-policy.ts)`);
    }
  }
  return problems;
}
