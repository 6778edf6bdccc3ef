import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Mailer } from '#server/adapters/mail/mailer.js';
import type { Database } from '#server/platform/db/client.js';
import type { Metrics } from '#server/platform/http/metrics.js';
import type { RateLimitStore } from '#server/platform/rate-limit/rate-limit.js';
import type { FrontServer } from '#server/platform/read-cache/front-server.js';
import type { OutboxWorker } from '#server/platform/outbox/worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The clock of the time windows and of the response cache's expiries (BuildAppOptions.now). */
    now: () => number;
    config: Config;
    rateLimitStore: RateLimitStore;
    mailer: Mailer;
    metrics: Metrics;
    routeList: ReadonlyArray<RegisteredRoute>;
    /** Answers ready public reads and page shells before Fastify (read-cache/front-server.ts); sources join it. */
    frontServer: FrontServer;
    /** Delivers the outbox's rows after commit (outbox/worker.ts). */
    outbox: OutboxWorker;
  }
}

/** A route as registered, with its schemas (zod: params, querystring, body) and its config (its cache policy, what it invalidates). */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
  config?: FastifyContextConfig;
  /** The Fastify instance (scope) the route was registered in: its hooks are the route's (front-hooks.test.ts reads them). */
  scope?: FastifyInstance;
}

/** The Fastify instance routes receive: zod schemas type their params, query, body and response. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
