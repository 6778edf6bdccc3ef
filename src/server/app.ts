/**
 * Builds the Fastify application: infrastructure plugins, the API routes under /api, the built web
 * app, and the one error handler. main.ts starts it; tests call buildApp and use inject().
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import etag from '@fastify/etag';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyServerOptions } from 'fastify';
import type { HelmetOptions } from 'helmet';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ErrorBody } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { THEME_BOOT_SCRIPT } from '#core/theme.js';
import type { Config } from '#server/platform/config.js';
import type { Database } from '#server/platform/db/client.js';
import { AppError } from '#server/platform/errors.js';
import { authRoutes } from './features/auth/routes.js';
import { officerRoutes } from './features/officers/routes.js';
import { regimentRoutes } from './features/regiments/routes.js';
import { reviewRoutes } from './features/reviews/routes.js';
import { sideRoutes } from './features/sides/routes.js';
import { steamRoutes } from './features/steam/routes.js';
import { userRoutes } from './features/users/routes.js';
import { ReviewerSignalsRefresher } from '#server/domain/reviewer-signals/reviewer-signals.js';
import { uploadRoutes } from './features/uploads/routes.js';
import { searchRoutes } from './features/search/routes.js';
import { registrationRoutes } from './features/registrations/routes.js';
import { adminRoutes } from '#server/features/dashboard/routes.js';
import { apiDocRoutes } from './features/api-docs/routes.js';
import { registerOpenApi } from './features/api-docs/openapi-document.js';
import { cardRoutes } from './features/cards/routes.js';
import { findOfficerCardData, findRegimentCardData } from '#server/domain/card-data.js';
import { officerLinkPreview, pageLinkPreview, regimentLinkPreview } from '#server/pages/link-previews.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { regimentWebhookRoutes } from './features/regiment-webhooks/routes.js';
import { DISCORD_WEBHOOK } from '#server/domain/notify/regiment-webhook-posts.js';
import { discordWebhookDeliverer } from './features/regiment-webhooks/deliver-webhook.js';
import { notificationMailDeliverer } from './features/notifications/mail.js';
import { NOTIFICATION_MAIL } from '#server/domain/notify/notify.js';
import { DEFAULT_OUTBOX_TIMING, OutboxWorker, type OutboxTiming } from '#server/platform/outbox/worker.js';
import { FAKE_STEAM_PREFIX, fakeSteamPlugin } from '#server/test-doubles/fake-steam.js';
import { firebaseConnectSources } from './adapters/firebase/web-sdk-origins.js';
import { sessionPlugin } from '#server/domain/identity/session-plugin.js';
import { responseCachePlugin } from '#server/platform/read-cache/plugin.js';
import { ResponseCache, type CacheBus } from '#server/platform/read-cache/store.js';
import { loadSheddingPlugin, overloadReporter } from '#server/platform/http/load-shedding.js';
import { canonicalUrl } from '#server/platform/http/canonical-url.js';
import { inputGuardPlugin } from '#server/platform/http/input-guard.js';
import { Metrics, metricsPlugin } from '#server/platform/http/metrics.js';
import { healthRoutes, type Lifecycle } from '#server/platform/http/health.js';
import { readPageShell } from '#server/pages/page-shell.js';
import { FrontServer } from '#server/platform/read-cache/front-server.js';
import { inlineScriptSource, securityHeadersOf, securityHeadersPlugin } from '#server/platform/http/security-headers.js';
import { PUBLIC_READ_HEADERS, PublicReadLimiter, publicReadPlugin } from '#server/platform/http/public-api.js';
import { createMailer, type Mailer } from './adapters/mail/mailer.js';
import { MemoryRateLimitStore, type RateLimitStore } from '#server/platform/rate-limit/rate-limit.js';
import { projectRoot } from '#server/platform/paths.js';
import type { App, RegisteredRoute } from '#server/platform/types.js';

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
  /**
   * The time (ms since the epoch) the windows of the answers are computed from (the recent figures,
   * the trend) and the response cache expires them by: Date.now by default, a fixed day in tests.
   */
  now?: () => number;
  /** The outbox worker's poll and retry times (tests shorten them). */
  outboxTiming?: OutboxTiming;
}

export async function buildApp({
  config,
  db,
  logger,
  rateLimitStore,
  mailer,
  cacheBus,
  metrics = new Metrics(),
  webRoot = path.join(projectRoot(), 'dist', 'web'),
  now = Date.now,
  outboxTiming = DEFAULT_OUTBOX_TIMING,
}: BuildAppOptions): Promise<App> {
  const securityHeaders = securityHeadersOf(securityPolicy(config));
  const responseCache = new ResponseCache(config.responseCacheBytes, cacheBus ?? null, { ratingsLagMs: config.listRatingsLagMs, now });
  const limitStore = rateLimitStore ?? new MemoryRateLimitStore();
  const publicReads = new PublicReadLimiter(limitStore, config.rateLimits.publicRead, config.trustProxy);
  // Ready answers (kept public reads, page shells) are written before Fastify sees the request.
  const front: FrontServer = new FrontServer(securityHeaders, (): FastifyBaseLogger => app.log, metrics, {
    headers: PUBLIC_READ_HEADERS,
    admits: (request) => publicReads.admits(request),
  });
  front.addSource((url) => {
    const entry = responseCache.get(url);
    // Only public reads are kept (public-api.test.ts checks every public cache policy is one).
    return entry && { entry, cache: responseCache, publicRead: true };
  });
  const app = Fastify({
    serverFactory: front.serverFactory,
    logger: logger ?? loggerOptions(config),
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
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('now', now);
  app.decorate('metrics', metrics);
  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  // Every route, as registered: the authorization matrix test checks that each one has a row, the
  // hardening tests send every one of them malformed input and other spellings of its path, and the
  // cache policy test checks that every API GET declares how its answer may be kept (config.cache).
  const routeList: RegisteredRoute[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', function recordRoute(route) {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeList.push({ method, url: route.url, schema: route.schema, config: route.config, scope: this });
  });
  app.decorate('config', config);
  app.decorate('rateLimitStore', limitStore);
  app.decorate('mailer', mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }));
  // Work after the commit (docs/decisions/0036): started once the app is ready, finished on close.
  const outbox = new OutboxWorker(
    db,
    {
      [NOTIFICATION_MAIL]: notificationMailDeliverer(db, app.mailer, { publicUrl: config.publicUrl, secret: config.sessionSecret }),
      [DISCORD_WEBHOOK]: discordWebhookDeliverer(db, { publicUrl: config.publicUrl, webhooks: config.discordWebhooks }),
    },
    app.log,
    outboxTiming,
  );
  app.decorate('outbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => outbox.stop());
  // Reviewers' Steam figures, read in the background when a review list shows stale ones (0029).
  const reviewerSignals = new ReviewerSignalsRefresher({ db, steam: config.steam, cache: responseCache, log: app.log });
  app.decorate('reviewerSignals', reviewerSignals);
  app.addHook('onClose', async () => reviewerSignals.close());

  const overload = overloadReporter(app.log);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorResponse(error);
    if (error instanceof AppError && error.headers) void reply.headers(error.headers);
    if (status === 503) {
      void reply.header('Retry-After', '2');
      overload.refused();
    } else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: body.code, msg: body.message }, 'request refused');
    void reply.code(status).header('Cache-Control', 'no-store').send(body);
  });

  app.addHook('preClose', (done) => {
    lifecycle.draining = true;
    front.close();
    done();
  });
  // Hooks registered here, at the root, run for every request Fastify routes. Answers the front
  // server writes from memory (read-cache/front-server.ts: kept public GETs, page shells) skip all
  // of them, and those of the API's scope below: only public, URL-keyed answers are kept there, and
  // the security headers are added to those directly. Each hook's decision (the front skips it, and
  // why; or honours it, and how) is recorded in read-cache/front-hooks.ts, and front-hooks.test.ts
  // fails on a hook added here or in the API's scopes without one. Name hook functions: the list
  // knows them by name.
  await app.register(metricsPlugin, { metrics });
  await app.register(securityHeadersPlugin, { headers: securityHeaders });
  // Before the routes (both learn them as they are registered) and before the response cache (a kept
  // public answer sent through Fastify carries the CORS headers and is counted by the limit).
  await registerOpenApi(app, config);
  await app.register(publicReadPlugin, { limiter: publicReads });
  // Between the security headers (set first) and compress/etag (this one's onSend must see the
  // serialised JSON): public answers come ready-made from memory, writes invalidate them.
  await app.register(responseCachePlugin, { cache: responseCache, metrics });
  await app.register(compress, { threshold: 1024 });
  // Public GETs answer with an ETag and 304 Not Modified when the client already has the same body.
  await app.register(etag, { weak: true });
  await app.register(cookie);
  await app.register(healthRoutes, { db, lifecycle });

  await app.register(
    async (api) => {
      // The API's own hooks, in this order: they apply to the routes of this scope, whatever the
      // spelling of the URL that reached them (canonical-url.ts), and to nothing else. A cache hit
      // answered by the front server skips them too (read-cache/front-hooks.ts says why each may).
      await api.register(loadSheddingPlugin, { maxInFlight: config.maxInFlight, metrics });
      await api.register(inputGuardPlugin);
      await api.register(sessionPlugin, { db, config });
      // A write may have left outbox rows: deliver them now rather than at the next poll.
      api.addHook('onResponse', async function deliverOutboxSoon(request) {
        if (request.method !== 'GET' && request.method !== 'HEAD') outbox.poke();
      });
      api.addHook('onSend', async function revalidateByDefault(request, reply, payload) {
        if (request.method === 'GET' && !reply.hasHeader('cache-control')) {
          // Revalidate every time (cheap with the ETag); never serve stale ratings from a cache.
          reply.header('Cache-Control', 'no-cache');
        }
        return payload;
      });
      const typed = api.withTypeProvider<ZodTypeProvider>();
      await typed.register(authRoutes);
      await typed.register(sideRoutes);
      await typed.register(regimentRoutes);
      await typed.register(officerRoutes);
      await typed.register(searchRoutes);
      await typed.register(reviewRoutes);
      await typed.register(steamRoutes);
      await typed.register(userRoutes);
      await typed.register(uploadRoutes);
      await typed.register(registrationRoutes);
      await typed.register(adminRoutes, { prefix: '/admin' });
      await typed.register(apiDocRoutes);
      await typed.register(cardRoutes);
      await typed.register(notificationRoutes);
      await typed.register(regimentWebhookRoutes);
      typed.setNotFoundHandler((request, reply) => {
        void reply.code(404).send({ message: MSG.server.notFoundApi, code: 'NOT_FOUND' } satisfies ErrorBody);
      });
    },
    { prefix: '/api' },
  );

  if (config.steam.fake) {
    await app.register(fakeSteamPlugin, {
      prefix: FAKE_STEAM_PREFIX,
      endpointUrl: config.steam.openIdUrl,
      publicUrl: config.publicUrl,
    });
  }

  if (config.serveWeb && existsSync(path.join(webRoot, 'index.html'))) {
    await registerWebApp(app, webRoot, front, responseCache);
  }
  return app;
}

/** Serves the Vite build: hashed assets for a year, index.html for every client-side route. */
async function registerWebApp(app: App, webRoot: string, front: FrontServer, responseCache: ResponseCache) {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // scripts/compress-assets.mjs writes .br and .gz files at build time.
    preCompressed: true,
    // Source maps stay on the server's disk (vite.config.ts): not published.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });
  // The HTML shell answers every client-side route: read it once. The shared pages carry their link
  // preview, an officer's or regiment's read with the question whether it exists (one statement).
  const { db, config } = app;
  const shell = readPageShell(webRoot, {
    cache: responseCache,
    async rowPreview(page) {
      if (page.page === 'officer') {
        const officer = await findOfficerCardData(db, page.id);
        return officer && officerLinkPreview(config.publicUrl, officer);
      }
      const regiment = await findRegimentCardData(db, page.id);
      return regiment && regimentLinkPreview(config.publicUrl, regiment);
    },
    pagePreview: (page) => pageLinkPreview(config.publicUrl, page.page),
  });
  front.addSource(shell.readyAnswer);
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ message: MSG.server.notFoundApi, code: 'NOT_FOUND' } satisfies ErrorBody);
    }
    // Every other path gets the app too, which shows its own not-found screen, with 404 when the
    // path is no screen of the app or names a missing officer or regiment. The page's first API
    // answers are named as preloads (page-shell.ts).
    return shell.send(request, reply);
  });
}

/** What helmet makes the security headers of (security-headers.ts): they depend on the configuration alone. */
function securityPolicy(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: the theme's, which must run before the first paint (src/core/theme.ts).
        scriptSrc: ["'self'", inlineScriptSource(THEME_BOOT_SCRIPT)],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Only images served here (uploads are stored here; image URLs elsewhere are refused), and
        // blob: for the preview of an image being uploaded.
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...firebaseConnectSources(config)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.isHttps ? [] : null,
      },
    },
    strictTransportSecurity: config.isHttps,
    crossOriginEmbedderPolicy: false,
  };
}

/** JSON lines for machines; readable lines when a person watches the terminal (npm start). */
function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (!process.stdout.isTTY) return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
  };
}

function isDatabaseBusy(error: Error): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (/timeout exceeded when trying to connect/i.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

export function toErrorResponse(error: FastifyError | AppError | Error): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.status, body: { ...error.extra, message: error.message, code: error.code } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => ({
      path:
        v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
        String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? ''),
      message: v.message ?? MSG.validation.invalidValue,
    }));
    const first = errors[0];
    return {
      status: 400,
      body: { message: first ? first.message : MSG.server.badRequest, code: 'VALIDATION', errors },
    };
  }
  if (isDatabaseBusy(error)) {
    // Every connection is taken for longer than the pool waits: shed the request instead of a 500.
    return { status: 503, body: { message: MSG.server.busy, code: 'UNAVAILABLE' } };
  }
  const statusCode = (error as FastifyError).statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    // Fastify's own refusals (malformed JSON, wrong content type, body too large) are safe to show.
    return { status: statusCode, body: { message: error.message, code: (error as FastifyError).code ?? 'BAD_REQUEST' } };
  }
  return { status: 500, body: { message: MSG.server.internal, code: 'INTERNAL' } };
}
