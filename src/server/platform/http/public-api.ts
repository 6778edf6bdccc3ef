/**
 * The public read API (issue 19): every GET under /api whose answer is the same for everyone. Other
 * sites' scripts and community tools may read it, so it answers any origin (CORS, without
 * credentials), and one per-address limit keeps a scraper from taking the server for itself. Which
 * routes belong to it follows from what each route already declares, its cache policy
 * (read-cache/route-policy.ts), so a new public GET joins it, its CORS and its limit, and the OpenAPI
 * document (features/api-docs), without a list to keep (docs/decisions/0034-public-read-api.md).
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitWindow } from '#server/platform/config.js';
import { enforceRateLimit, type RateLimitStore } from '#server/platform/rate-limit/rate-limit.js';

/** What decides whether a route is a public read: its method, its URL as registered and its config. */
export interface RouteShape {
  method: string;
  url: string;
  config?: FastifyContextConfig;
}

/**
 * Sign-in, administration and notifications stay same-origin whatever their cache policy: an answer
 * there is about the asker or the site's own set-up (the identity provider's configuration, a mail's
 * unsubscribe page), not community data.
 */
const NEVER_PUBLIC = ['/api/auth/', '/api/admin/', '/api/notifications/'];

/** A GET (or its HEAD) under /api that is the same for everyone: every policy but 'private' says so. */
export function isPublicRead({ method, url, config }: RouteShape): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!url.startsWith('/api/') || NEVER_PUBLIC.some((prefix) => url.startsWith(prefix))) return false;
  const policy = config?.cache;
  return policy !== undefined && policy !== 'private';
}

/**
 * Headers of every public read answer. `*` and no Access-Control-Allow-Credentials: a browser sends
 * no cookie cross-origin with it, and nothing here depends on one. ETag and Retry-After are exposed
 * so a client script can revalidate and back off.
 */
const ANY_ORIGIN = { 'access-control-allow-origin': '*' } as const;
export const PUBLIC_READ_HEADERS: Readonly<Record<string, string>> = { ...ANY_ORIGIN, 'access-control-expose-headers': 'ETag, Retry-After' };

/** The answer to a preflight of a public read: only GET and HEAD, only headers a reader needs. */
const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...ANY_ORIGIN,
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Accept, Accept-Language, Content-Language, Cache-Control, If-None-Match, If-Modified-Since',
  // Browsers cap it (Chromium at 2 hours): the set of public paths changes only with a deploy.
  'access-control-max-age': '86400',
  'cache-control': 'no-store',
};

/** A registered path (`/api/officers/:id`) as a test for request paths; paths match whatever their letter case (app.ts). */
function pathPattern(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}$`, 'i');
}

/**
 * The per-address limit of the public read API, counted in the rate-limit store (Redis when several
 * processes serve the site), by Fastify (a computed answer, a preflight) and by the front server (a
 * kept answer) alike, under one key per client address.
 */
export class PublicReadLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly window: RateLimitWindow,
    private readonly trustProxy: boolean,
  ) {}

  private get rule() {
    return { name: 'public-read', ...this.window };
  }

  /** Counts a request Fastify works on; past the limit, the usual 429 with Retry-After (rate-limit.ts). */
  async enforce(address: string): Promise<void> {
    await enforceRateLimit(this.store, this.rule, address);
  }

  /** Counts a request the front server would answer from memory; false when it must be refused. */
  async admits(request: IncomingMessage): Promise<boolean> {
    const { count } = await this.store.hit(`${this.rule.name}:${this.addressOf(request)}`, this.window.windowMs);
    return count <= this.window.limit;
  }

  /** The client address as Fastify's request.ip gives it for the same TRUST_PROXY setting. */
  private addressOf(request: IncomingMessage): string {
    if (this.trustProxy) return proxyAddr(request, () => true);
    return request.socket.remoteAddress ?? '';
  }
}

const routeOf = (request: FastifyRequest): RouteShape => ({
  method: request.method,
  url: request.routeOptions.url ?? '',
  config: request.routeOptions.config,
});

/**
 * Register at the root, before the routes (it learns the public paths as they are registered) and
 * before the response cache (a kept answer sent through Fastify is counted and carries the headers).
 */
export const publicReadPlugin = fp<{ limiter: PublicReadLimiter }>(async (app, { limiter }) => {
  const publicPaths: RegExp[] = [];
  const seen = new Set<string>();
  app.addHook('onRoute', function recordPublicRead(route) {
    for (const method of [route.method].flat()) {
      if (!seen.has(route.url) && isPublicRead({ method, url: route.url, config: route.config })) {
        seen.add(route.url);
        publicPaths.push(pathPattern(route.url));
      }
    }
  });

  /** A browser's preflight before a cross-origin read with headers of its own (If-None-Match, say). */
  const isReadPreflight = (request: FastifyRequest) => {
    if (request.method !== 'OPTIONS') return false;
    const method = request.headers['access-control-request-method'];
    if (method !== 'GET' && method !== 'HEAD') return false;
    const path = request.url.split('?', 1)[0]!;
    return publicPaths.some((pattern) => pattern.test(path));
  };

  app.addHook('onRequest', async function openPublicReads(request, reply) {
    if (isPublicRead(routeOf(request))) {
      // Set first, so a refusal (429, 404, 400) can be read by the script that asked too.
      void reply.headers(PUBLIC_READ_HEADERS);
      await limiter.enforce(request.ip);
    } else if (isReadPreflight(request)) {
      // No route answers OPTIONS: a preflight of anything else meets the API's 404, without CORS headers.
      void reply.headers(PREFLIGHT_HEADERS);
      await limiter.enforce(request.ip);
      return reply.code(204).send();
    }
  });
});
