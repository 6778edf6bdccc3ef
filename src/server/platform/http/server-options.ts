/** How the Fastify server is made: routing, timeouts, proxies and body size, from the configuration. */
import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { Config } from '#server/platform/config.js';
import { canonicalUrl } from './canonical-url.js';

export function serverOptions(
  config: Config,
  serverFactory: FastifyHttpOptions<Server>['serverFactory'],
  logger: FastifyHttpOptions<Server>['logger'],
): FastifyHttpOptions<Server> {
  return {
    serverFactory,
    logger,
    // Ids in URLs are short; anything longer is noise or an attack. Paths match whatever their
    // letter case (parameters keep theirs), as the web app's routes do (spec section 2).
    routerOptions: { maxParamLength: 200, caseSensitive: false },
    // Every spelling of a path is routed as its normal form (canonical-url.ts).
    rewriteUrl: (request) => canonicalUrl(request.url ?? '/'),
    // A request must arrive whole within this time, or it is answered 408 and its socket closed;
    // its headers within a shorter one (front-server.ts applies both).
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(config.requestTimeoutMs, 10_000),
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, config.requestTimeoutMs / 4)),
    },
    // Behind a load balancer the client address (for rate limits) is in X-Forwarded-For.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  };
}
