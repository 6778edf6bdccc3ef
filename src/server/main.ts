/** Starts the server: configuration, database (migrated), demo data when wanted, HTTP. */
import { buildApp } from './app.js';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { isLoopbackUrl, loadConfigOrExit, type Config } from '#server/platform/config.js';
import { openConfiguredDatabase } from '#server/platform/db/open-configured-database.js';
import { Metrics, startMetricsServer } from '#server/platform/http/metrics.js';
import { closeGracefully } from '#server/platform/http/shutdown.js';
import { PostgresCacheBus } from '#server/platform/read-cache/cache-bus.js';
import { FallbackRateLimitStore } from '#server/platform/rate-limit/fallback-store.js';
import { runRetention } from '#server/domain/retention/retention.js';
import { announceDemoAccounts, isDatabaseEmpty, seedDemoData } from './seed/demo.js';

type DevDoubles = { fakeSteamDouble: (config: Config) => { config: Config; plugin: FastifyPluginAsync } };

/**
 * The development doubles (dev-doubles.ts), loaded only when wanted; null when this build has none.
 * The name is not written as an import so that the production build does not take them in.
 */
async function loadDevDoubles(): Promise<DevDoubles | null> {
  const doubles = './dev-doubles.js';
  try {
    return (await import(doubles)) as DevDoubles;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  }
}

async function main() {
  let config: Config = loadConfigOrExit();

  // The app's JSON log once it exists; the console before (Redis's and the database's warnings).
  let log: Pick<FastifyBaseLogger, 'warn' | 'info'> = console;
  const handle = await openConfiguredDatabase(config, {
    // An idle connection dropped by the server is replaced by the pool on the next query.
    onConnectionLost: (err) => log.warn({ err }, 'PostgreSQL connection lost; the pool replaces it'),
    // Reads may go to streaming replicas (issue 37, item 8): the server alone, the CLI tools use the primary.
    replicaUrls: config.databaseReplicaUrls,
    log: () => log,
  });
  // Demo data: on by default only for an empty embedded database; never over existing data.
  const wantsSeed = config.seedDemo ?? handle.kind === 'pglite';
  // The embedded demo links Steam offline through the development fake, unless told otherwise.
  let devDoubles: FastifyPluginAsync | undefined;
  if (config.steam.fake ?? (wantsSeed && handle.kind === 'pglite' && isLoopbackUrl(config.publicUrl))) {
    const doubles = await loadDevDoubles();
    if (doubles) ({ config, plugin: devDoubles } = doubles.fakeSteamDouble(config));
    else if (config.steam.fake) {
      throw new Error(
        'FAKE_STEAM=1 needs the development doubles, which the production build leaves out: run `npm run build:doubles` (npm start does)',
      );
    } else console.warn('No development doubles in this build (npm run build:doubles): Steam sign-in uses the real Steam');
  }
  // Redis is an accelerator (issue 37, item 1): without it, each process counts its own limits.
  const redisStore = config.redisUrl
    ? FallbackRateLimitStore.connect(config.redisUrl, {
        lost: (err) => log.warn({ err }, 'Redis cannot be reached: rate limits count in each process until it is back'),
        back: () => log.info('Redis answers again: rate limits are shared by the processes again'),
      })
    : undefined;
  // Several processes may share a PostgreSQL database: their response caches hear of each other's
  // writes through it. PGlite belongs to this one process.
  const cacheBus =
    config.databaseUrl && config.responseCacheBytes > 0 ? await PostgresCacheBus.connect(config.databaseUrl, handle.db, console) : undefined;
  const metrics = new Metrics();
  metrics.collectProcessMetrics();
  if (handle.poolStats) metrics.watchPool(handle.poolStats);
  // Replicas serve reads once they have shown, twice, that they keep up with the primary.
  await handle.replicas?.start(Math.max(100, config.replicaStickyMs / 4));
  const app = await buildApp({ config, db: handle.db, rateLimitStore: redisStore, cacheBus, metrics, devDoubles });
  log = app.log;
  metrics.watchMemory({ embeddedDatabase: handle.memoryBytes, responseCache: () => app.responseCache.size.bytes });
  const metricsServer = config.metrics ? await startMetricsServer(metrics, config.metrics.port, config.metrics.host) : null;
  if (config.steam.fake) app.log.warn(`Steam sign-in and statistics use the development fake at ${config.steam.openIdUrl}`);

  if (wantsSeed && (await isDatabaseEmpty(handle.db))) {
    app.log.info('Empty database: seeding demo data');
    // Null when a process starting beside this one seeded first: its accounts file is announced.
    const accounts = await seedDemoData(handle.db, config.dataDir, { databaseUrl: config.databaseUrl, sessionSecret: config.sessionSecret });
    announceDemoAccounts(app.log, accounts, config.dataDir, config.databaseUrl);
  } else if (wantsSeed) {
    announceDemoAccounts(app.log, null, config.dataDir, config.databaseUrl);
  }

  // The retention run (issue 35): due account deletions, and what is kept no longer than needed
  // (expired sessions, removed content past its appeal window, ended suspensions, old notifications).
  const retention = async () => {
    try {
      const run = await runRetention(handle.db, app.rateLimitStore);
      // A deleted account's reviews went, or lost their author: the public answers that showed them.
      if (run.deletedAccounts.some((account) => account.changedPublicData)) app.responseCache.invalidate('all');
      if (run.deletedAccounts.length > 0)
        app.log.info({ accounts: run.deletedAccounts.map((account) => account.id) }, 'deleted accounts whose grace period ended');
    } catch (err) {
      app.log.warn({ err }, 'retention run failed');
    }
  };
  await retention();
  const retentionTimer = setInterval(() => void retention(), config.retentionIntervalMinutes * 60 * 1000);
  retentionTimer.unref();

  const shutdown = async (signal: string) => {
    app.log.info(
      `${signal} received, shutting down (not ready for ${config.shutdownDelayMs} ms, then requests in progress get ${config.shutdownDrainMs} ms)`,
    );
    const { cutConnections } = await closeGracefully(app, config.shutdownDrainMs, config.shutdownDelayMs);
    if (cutConnections) app.log.warn('Connections still open after the drain were closed');
    await metricsServer?.close();
    await redisStore?.close();
    await cacheBus?.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`War of Rights Officer Ratings is running at ${config.publicUrl} (database: ${handle.kind})`);
  if (metricsServer) app.log.info(`Metrics at http://${config.metrics!.host}:${metricsServer.port}/metrics`);
}

await main();
