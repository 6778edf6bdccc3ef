import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Mailer } from './adapters/mail/mailer.js';
import type { Database } from './db/client.js';
import type { RateLimitStore } from './rate-limit/rate-limit.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    rateLimitStore: RateLimitStore;
    mailer: Mailer;
    routeList: ReadonlyArray<{ method: string; url: string }>;
  }
}

/** The Fastify instance routes receive: zod schemas type their params, query, body and response. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
