/**
 * Builds the Fastify application out of its floors (ARCHITECTURE.md): the platform's plugins, the
 * domain's shared services, each feature's routes under /api, and the pages. Composition only: what
 * each part does is in its own file. main.ts starts it; tests call buildApp and use inject().
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import etag from '@fastify/etag';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMailer, type Mailer } from '#server/adapters/mail/mailer.js';
import { cataloguePlugin } from '#server/domain/catalogue/catalogue-plugin.js';
import { sessionPlugin } from '#server/domain/identity/session-plugin.js';
import { NOTIFICATION_MAIL } from '#server/domain/notify/notify.js';
import { DISCORD_WEBHOOK } from '#server/domain/notify/regiment-webhook-posts.js';
import { FOLLOWER_NEWS } from '#server/domain/notify/follower-news.js';
import { reviewerSignalsPlugin } from '#server/domain/reviewer-signals/reviewer-signals-plugin.js';
import { apiRoutes } from './api-routes.js';
import { notificationMailDeliverer } from '#server/features/notifications/mail.js';
import { FOLLOW_DIGEST, followDigestDeliverer } from '#server/features/notifications/follow-digest.js';
import { followDigestPlugin } from '#server/features/notifications/digest-plugin.js';
import { followerNewsDeliverer } from '#server/features/follows/fan-out.js';
import { discordWebhookDeliverer } from '#server/features/regiment-webhooks/deliver-webhook.js';
import { registerOpenApi } from '#server/features/api-docs/openapi-document.js';
import { pagesPlugin } from '#server/pages/pages-plugin.js';
import type { Config } from '#server/platform/config.js';
import { DatabaseAvailability, refuseWhileDatabaseDown } from '#server/platform/db/availability.js';
import type { Database } from '#server/platform/db/client.js';
import { readRoutingPlugin } from '#server/platform/db/read-routing.js';
import { securityPolicy } from '#server/platform/http/content-security-policy.js';
import { errorHandlerPlugin, sendApiNotFound } from '#server/platform/http/error-handler.js';
import { healthRoutes, type Lifecycle } from '#server/platform/http/health.js';
import { inputGuardPlugin } from '#server/platform/http/input-guard.js';
import { loadSheddingPlugin } from '#server/platform/http/load-shedding.js';
import { Metrics, metricsPlugin } from '#server/platform/http/metrics.js';
import { PUBLIC_READ_HEADERS, PublicReadLimiter, publicReadPlugin } from '#server/platform/http/public-api.js';
import { routeListPlugin } from '#server/platform/http/route-list.js';
import { securityHeadersOf, securityHeadersPlugin } from '#server/platform/http/security-headers.js';
import { webAppFilesPlugin } from '#server/platform/http/web-app.js';
import { loggerOptions } from '#server/platform/logger.js';
import { serverOptions } from '#server/platform/http/server-options.js';
import { deliverOutboxSoon, outboxPlugin, watchOutboxRows } from '#server/platform/outbox/outbox-plugin.js';
import { DEFAULT_OUTBOX_TIMING, type OutboxTiming } from '#server/platform/outbox/worker.js';
import { projectRoot } from '#server/platform/paths.js';
import { MemoryRateLimitStore, type RateLimitStore } from '#server/platform/rate-limit/rate-limit.js';
import { FrontServer } from '#server/platform/read-cache/front-server.js';
import { cachePoliciesPlugin, responseCachePlugin } from '#server/platform/read-cache/plugin.js';
import { ResponseCache, type CacheBus } from '#server/platform/read-cache/store.js';
import { Cdn } from '#server/platform/read-cache/cdn.js';
import { CDN_PURGE, cdnPlugin, cdnPurgeDeliverer, queueCdnPurge } from '#server/platform/read-cache/cdn-purge.js';
import type { App } from '#server/platform/types.js';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Shared counters (Redis) when several processes serve the site; in memory otherwise. */
  rateLimitStore?: RateLimitStore;
  /** Defaults to SMTP_URL's mailer, or the log when mail is not configured. */
  mailer?: Mailer;
  /** Carries response-cache invalidations between processes sharing a PostgreSQL database. */
  cacheBus?: CacheBus;
  /** This process's metrics (main.ts serves them on METRICS_PORT); a fresh registry by default. */
  metrics?: Metrics;
  /** The built web app served with `config.serveWeb`: dist/web by default (tests serve a shell of their own). */
  webRoot?: string;
  /** The clock of the time windows (the recent figures, the trend) and of the response cache's expiries: Date.now by default. */
  now?: () => number;
  /** The outbox worker's poll and retry times (tests shorten them). */
  outboxTiming?: OutboxTiming;
  /** Development stand-ins for third parties (the fake Steam), registered by main.ts alone (dev-doubles.ts). */
  devDoubles?: FastifyPluginAsync;
}

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, db, metrics = new Metrics(), now = Date.now } = options;
  const webRoot = options.webRoot ?? path.join(projectRoot(), 'dist', 'web');
  const securityHeaders = securityHeadersOf(securityPolicy(config));
  // A CDN in front, if configured (docs/decisions/0053-cdn.md): kept answers carry their keys, own writes purge them.
  const cdn = config.cdn && new Cdn(config.cdn, { enqueue: queueCdnPurge(db), poke: () => app.outbox.poke(), log: (): FastifyBaseLogger => app.log });
  const responseCache = new ResponseCache(config.responseCacheBytes, options.cacheBus ?? null, {
    ratingsLagMs: config.listRatingsLagMs,
    now,
    cdn,
    replicaStickyMs: config.databaseReplicaUrls.length > 0 ? config.replicaStickyMs : 0,
  });
  const limitStore = options.rateLimitStore ?? new MemoryRateLimitStore();
  const publicReads = new PublicReadLimiter(limitStore, config.rateLimits.publicRead, config.trustProxy);
  // Ready answers (kept public reads, page shells) are written before Fastify sees the request.
  const front: FrontServer = new FrontServer(securityHeaders, (): FastifyBaseLogger => app.log, metrics, {
    headers: PUBLIC_READ_HEADERS,
    admits: (request) => publicReads.admits(request),
  });
  // Only public reads are kept (public-api.test.ts checks every public cache policy is one).
  front.addSource((url) => {
    const entry = responseCache.get(url);
    return entry && { entry, cache: responseCache, publicRead: true };
  });
  const app = Fastify(serverOptions(config, front.serverFactory, options.logger ?? loggerOptions(config))).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const lifecycle: Lifecycle = { draining: false };
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.decorate('db', db).decorate('now', now).decorate('config', config).decorate('metrics', metrics).decorate('lifecycle', lifecycle);
  app.decorate('mailer', mailer).decorate('frontServer', front).decorate('rateLimitStore', limitStore);
  // Issue 37, item 2: a query that cannot reach the database marks it down until a probe reaches it.
  const availability = new DatabaseAvailability(() => db.execute(sql`select 1`), app.log);
  app.addHook('preClose', (done) => {
    lifecycle.draining = true;
    front.close();
    done();
  });
  app.addHook('onClose', (_app, done) => {
    availability.close();
    done();
  });

  // Root hooks run for every request Fastify routes; answers the front server writes skip them (and
  // the API's below): read-cache/front-hooks.ts records why each may, and front-hooks.test.ts fails
  // on a hook without a decision. Name hook functions: the list knows them by name.
  // First: every later hook and the handler run in the request's read route (read replicas, 0055).
  await app.register(readRoutingPlugin, { enabled: config.databaseReplicaUrls.length > 0, stickyMs: config.replicaStickyMs, secure: config.isHttps });
  await app.register(routeListPlugin);
  await app.register(errorHandlerPlugin, { availability });
  await app.register(outboxPlugin, {
    db,
    timing: options.outboxTiming ?? DEFAULT_OUTBOX_TIMING,
    stopGraceMs: config.shutdownDrainMs,
    deliverers: {
      [NOTIFICATION_MAIL]: notificationMailDeliverer(db, mailer, { publicUrl: config.publicUrl, secret: config.sessionSecret }),
      [DISCORD_WEBHOOK]: discordWebhookDeliverer(db, { publicUrl: config.publicUrl, webhooks: config.discordWebhooks }),
      [CDN_PURGE]: cdnPurgeDeliverer(config.cdn),
      [FOLLOWER_NEWS]: followerNewsDeliverer(db),
      [FOLLOW_DIGEST]: followDigestDeliverer(db, mailer, { publicUrl: config.publicUrl, secret: config.sessionSecret }),
    },
  });
  await app.register(followDigestPlugin);
  if (cdn) await app.register(cdnPlugin, { cdn });
  await app.register(metricsPlugin, { metrics });
  await app.register(securityHeadersPlugin, { headers: securityHeaders });
  // Before the routes (both learn them as they are registered) and before the response cache (a kept
  // public answer sent through Fastify carries the CORS headers and is counted by the limit).
  await registerOpenApi(app, config);
  await app.register(publicReadPlugin, { limiter: publicReads });
  // Between the security headers (set first) and compress/etag (this one's onSend must see the
  // serialised JSON): public answers come ready-made from memory, writes invalidate them.
  await app.register(responseCachePlugin, {
    cache: responseCache,
    metrics,
    databaseDown: () => availability.isDown,
  });
  await app.register(compress, { threshold: 1024 });
  // Public GETs answer with an ETag and 304 Not Modified when the client already has the same body.
  await app.register(etag, { weak: true });
  await app.register(cookie);
  await app.register(healthRoutes, { db, lifecycle });
  await app.register(reviewerSignalsPlugin);
  await app.register(cataloguePlugin);

  await app.register(
    async (api) => {
      // The API's own hooks, in this order, for its routes alone, whatever the spelling of the URL.
      api.addHook('onRequest', refuseWhileDatabaseDown(availability));
      await api.register(loadSheddingPlugin, { maxInFlight: config.maxInFlight, metrics });
      await api.register(inputGuardPlugin);
      await api.register(sessionPlugin, { db, config });
      api.addHook('onRequest', watchOutboxRows);
      api.addHook('onResponse', deliverOutboxSoon);
      await api.register(cachePoliciesPlugin);
      await api.register(apiRoutes);
      api.setNotFoundHandler((_request, reply) => sendApiNotFound(reply));
    },
    { prefix: '/api' },
  );

  if (options.devDoubles) await app.register(options.devDoubles);
  if (config.serveWeb && existsSync(path.join(webRoot, 'index.html'))) {
    await app.register(webAppFilesPlugin, { webRoot });
    await app.register(pagesPlugin, { webRoot });
  }
  return app;
}
