/**
 * npm run bench [-- --check] [-- --only officer,mixed]
 *
 * Measures the production build against the benchmark dataset (npm run bench:data) on PostgreSQL:
 * each hot endpoint, a mixed workload with signed-in writes, the same mix at twice the connections
 * (overload), and the ceiling (a bare Fastify route doing one primary-key SELECT through the same
 * driver and pool), and the long tail: random officers and typed terms over all public officers,
 * between two runs of the long-tail ceiling (the same route on random ids over the same officers),
 * and the mix drawing its reads that way; the writes (votes and new reviews by distinct users, each
 * against the same write on the ceiling, the long-tail mix on the ceiling, and the review write one
 * at a time in the largest and a median regiment); one after the other with autocannon at 50 connections.
 * Prints a table and writes bench/results/<time>.json, latest.json and latest.md
 * (<time>-no-cache.json, latest-no-cache.json and latest-no-cache.md when the app's response cache
 * is off). See docs/performance.md.
 *
 * Environment: DATABASE_URL (required), SESSION_SECRET (generated for the run when unset),
 * BENCH_DURATION (seconds per scenario, default 10), BENCH_WARMUP (default 3), BENCH_PROFILE (a
 * directory: the app writes a CPU profile there),
 * BENCH_CONNECTIONS (default 50); the app gets the rest of the environment, e.g.
 * RESPONSE_CACHE_MB=0 to measure it without its response cache.
 *
 * It measures and exits 0 whatever the figures; with --check it exits 1 when a target is missed
 * (the table's or the other targets of targets.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/platform/config.js';
import { sessionLifetimes } from '#server/domain/identity/sessions.js';
import { projectRoot } from '#server/platform/paths.js';
import { OTHER_TARGETS, judgeOtherTargets } from './targets.js';
import {
  countAggregateDifferences,
  countHeldBenchReviews,
  createBenchUsers,
  createCeilingWriters,
  openBenchDatabase,
  readDatasetFacts,
  readWriteFacts,
  removeBenchUsers,
  removeCeilingWriters,
  warmDatabaseFiles,
  type BenchDatabase,
  type WriteRegiment,
} from './harness/fixtures.js';
import { measure, type LoadSettings, type Measurement } from './harness/load.js';
import {
  ceilingFigures,
  describeResponseCache,
  formatOtherTargets,
  formatSummary,
  formatTable,
  withVerdicts,
  writeReport,
  type RunReport,
} from './harness/report.js';
import {
  BROAD_SEARCH_TERMS,
  BROWSER_HEADERS,
  SCENARIO_KEYS,
  ceilingScenario,
  endpointScenarios,
  longTailCeilingScenario,
  longTailScenarios,
  mixedWorkload,
  type Scenario,
} from './harness/scenarios.js';
import { writeScenarios } from './harness/write-scenarios.js';
import {
  RssSampler,
  freePort,
  readCommandCpuMs,
  readCpuMs,
  snapshotBuild,
  startServer,
  type BuildSnapshot,
  type ServerProcess,
} from './harness/servers.js';

/** The app's pool size: openDatabase's default (src/server/platform/db/client.ts); the ceiling uses the same. */
const APP_POOL_SIZE = 10;
/**
 * Signed-in users for the writes, and as many writers for the ceiling. At 50 connections the write
 * scenarios keep the requests in flight by different users (write-pairs.ts), which 50 would just
 * allow; 200 leave room, and 200 × the 2,000 reviews voted on are the distinct votes before a repeat.
 */
const BENCH_USERS = 200;
const OFFICER_SAMPLE = 200;

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!(value > 0)) throw new ConfigError(`${name} must be a positive number (got ${raw})`);
  return value;
}

function readSettings() {
  const { values } = parseArgs({
    options: { check: { type: 'boolean', default: false }, only: { type: 'string' } },
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(
      'DATABASE_URL must point at the PostgreSQL database holding the benchmark dataset, e.g.\n' +
        '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/wor_bench npm run bench\n' +
        '(the targets are for PostgreSQL; generate the data first with npm run bench:data).',
    );
  }
  const load: LoadSettings = {
    connections: Math.round(positiveNumber('BENCH_CONNECTIONS', 50)),
    duration: positiveNumber('BENCH_DURATION', 10),
    warmup: process.env.BENCH_WARMUP === '0' ? 0 : positiveNumber('BENCH_WARMUP', 3),
  };
  // Sessions the harness creates must verify in the server: both use this secret.
  const sessionSecret = process.env.SESSION_SECRET || randomBytes(32).toString('base64url');
  const only = values.only ? new Set(values.only.split(',').map((s) => s.trim())) : null;
  const unknown = [...(only ?? [])].filter((key) => !(SCENARIO_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) throw new ConfigError(`--only: unknown scenario ${unknown.join(', ')}; known: ${SCENARIO_KEYS.join(', ')}`);
  return { databaseUrl, sessionSecret, load, check: values.check, only };
}

/**
 * One request per scenario before any load. A scenario whose answer is not 200 is still measured
 * (its answers then count as errors in the table), but the run says so up front.
 */
async function smokeTest(scenarios: readonly Scenario[], app: ServerProcess, ceiling: ServerProcess): Promise<string[]> {
  const problems: string[] = [];
  for (const scenario of scenarios) {
    // The mixed workloads and the writes: their example describes what they send, it is not a URL to GET.
    if (scenario.tally) continue;
    const base = scenario.target === 'ceiling' ? ceiling.baseUrl : app.baseUrl;
    const response = await fetch(`${base}${scenario.example}`, { headers: BROWSER_HEADERS });
    const body = await response.arrayBuffer();
    if (response.status !== 200) {
      problems.push(`${scenario.name}: GET ${scenario.example} answered ${response.status} (${body.byteLength} bytes), expected 200`);
    }
  }
  for (const problem of problems) console.warn(`Warning: ${problem}`);
  return problems;
}

/**
 * autocannon stops sending at the end of a run, but the app may still be working through queued
 * requests (a slow scenario leaves up to 50 queries behind). The next scenario starts only once a
 * request that needs a pooled connection answers quickly again, so it is not charged for the last one.
 */
async function settle(app: ServerProcess, maxWaitMs = 20_000) {
  const deadline = Date.now() + maxWaitMs;
  while (Date.now() < deadline) {
    const started = performance.now();
    try {
      const response = await fetch(`${app.baseUrl}/api/sides`);
      await response.arrayBuffer();
      if (response.ok && performance.now() - started < 100) return;
    } catch {
      // the app is still busy; try again
    }
    await delay(250);
  }
}

function printProgress(m: Measurement) {
  const errors = m.errors > 0 ? `, ${m.errors} errors (${m.detail.timeouts} timeouts, answers ${JSON.stringify(m.detail.statusCodes)})` : '';
  console.log(
    `   ${m.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${m.latencyMs.p50} ms  p95 ${m.latencyMs.p95} ms  ` +
      `p99 ${m.latencyMs.p99} ms${errors}`,
  );
}

async function main() {
  const settings = readSettings();
  const root = projectRoot();
  const appPort = await freePort();
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(appPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${appPort}`,
    DATABASE_URL: settings.databaseUrl,
    SESSION_SECRET: settings.sessionSecret,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    FAKE_STEAM: '0',
    // The limiter still runs on every write; its limits are raised so it measures the work, not refusals.
    RATE_LIMIT_REVIEW: '1000000/1h',
    RATE_LIMIT_VOTE: '1000000/1m',
    // The load comes from one address: the public read API's per-address limit would refuse it.
    RATE_LIMIT_PUBLIC_API: '100000000/1m',
    RATE_LIMIT_CARD: '1000000/1m',
  };
  const appConfig = loadConfig(appEnv);
  // As the server reads RESPONSE_CACHE_MB (config.ts: the figure times 1024 * 1024 bytes).
  const responseCache = { enabled: appConfig.responseCacheBytes > 0, mib: appConfig.responseCacheBytes / 1024 ** 2 };
  console.log(describeResponseCache(responseCache));
  const startedAt = new Date();
  const loadAverageBefore = os.loadavg();

  let database: BenchDatabase | null = await openBenchDatabase(settings.databaseUrl);
  let build: BuildSnapshot | null = null;
  let app: ServerProcess | null = null;
  let ceiling: ServerProcess | null = null;
  let rss: RssSampler | null = null;
  try {
    const leftovers = await removeBenchUsers(database.db);
    if (leftovers.users > 0) console.log(`Removed ${leftovers.users} bench users left by an earlier run.`);
    console.log('Reading the dataset...');
    const facts = await readDatasetFacts(database.db, OFFICER_SAMPLE, BROAD_SEARCH_TERMS);
    const users = await createBenchUsers(database.db, sessionLifetimes(appConfig), BENCH_USERS);
    const ceilingWriters = await createCeilingWriters(database.db, BENCH_USERS);
    const writeFacts = await readWriteFacts(database.db, facts, appConfig.waveThresholds.windowHours);

    build = snapshotBuild(root);
    console.log(`Starting the app (a copy of dist/ in ${build.root}) and the ceiling server...`);
    // BENCH_PROFILE=<dir>: the app writes a V8 CPU profile there when it stops (open it in Chrome's
    // DevTools, Performance tab), which is how to find where a scenario's time goes.
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
    const args = [...productionNodeFlags(root), ...profile, build.mainJs];
    app = await startServer({ name: 'app', args, env: appEnv, cwd: build.root, port: appPort, readyPath: '/api/sides' });
    const ceilingPort = await freePort();
    ceiling = await startServer({
      name: 'ceiling',
      args: ['--import', 'tsx', path.join('bench', 'ceiling.ts')],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: settings.databaseUrl,
        PORT: String(ceilingPort),
        POOL_SIZE: String(APP_POOL_SIZE),
        APP_URL: app.baseUrl,
      },
      cwd: root,
      port: ceilingPort,
      readyPath: `/ceiling/${facts.officers[0]!.id}`,
    });
    rss = new RssSampler(app.pid);
    rss.start();
    const idleRss = rss.current();

    const endpoints = endpointScenarios(facts);
    const mix = mixedWorkload(facts, users);
    const mixed = mix({ key: 'mixed', name: 'mixed (80/15/5)', seed: 1862 });
    const overloadConnections = OTHER_TARGETS.overload.connectionFactor * settings.load.connections;
    const overload = mix({
      key: OTHER_TARGETS.overload.key,
      name: `overload (mixed, ${overloadConnections} connections)`,
      connections: overloadConnections,
      seed: 1863,
    });
    const mixedLongTail = mix({
      key: 'mixed-longtail',
      name: 'mixed (80/15/5, long tail)',
      seed: 1864,
      reads: 'long-tail',
      comparedWith: 'ceiling-mixed-longtail',
    });
    const allLongTailReads = longTailScenarios(facts);
    // One fewer than the reviews of one officer that make a review wave (src/core/review-waves.ts).
    const writes = writeScenarios({ facts, writeFacts, users, ceilingWriters, reviewsPerOfficer: appConfig.waveThresholds.minReviews - 1 });
    const writeRows = [writes.ceilingVotes, writes.votes, writes.ceilingReviews, writes.reviews, writes.largestRegiment, writes.medianRegiment];
    const only = withComparedRows(settings.only, [...endpoints, ...allLongTailReads, ...writeRows, mixedLongTail]);
    const selected = (s: Scenario) => !only || only.has(s.key);
    const longTailReads = allLongTailReads.filter(selected);
    const hasLongTail = longTailReads.length > 0;
    // The long-tail reads run between the two runs of their own ceiling, after the endpoints; then
    // the writes, each after its ceiling's run; the mixes and then overload come last, as before,
    // the long-tail mix followed by the same mix on the ceiling. Nothing of the app is measured
    // after overload: the app did not release every in-flight slot it took there, so at 50
    // connections it went on refusing requests with 503 (docs/performance.md, The long tail).
    const plan: Scenario[] = [
      ceilingScenario(facts, 'ceiling', 'ceiling (start)'),
      ...endpoints.filter(selected),
      ...(hasLongTail
        ? [
            longTailCeilingScenario(facts, 'ceiling-longtail', 'ceiling, random ids (start)'),
            ...longTailReads,
            longTailCeilingScenario(facts, 'ceiling-longtail-end', 'ceiling, random ids (end)'),
          ]
        : []),
      ...writeRows.filter(selected),
      ...[mixed, mixedLongTail, writes.ceilingMixedLongTail, overload].filter(selected),
      ceilingScenario(facts, 'ceiling-end', 'ceiling (end)'),
    ];
    const smokeProblems = await smokeTest(plan, app, ceiling);

    // A scenario of a fixed number of requests (the regiments' reviews) takes a second or two.
    const seconds = plan.reduce((sum, s) => sum + (s.amount ? 2 : settings.load.duration + settings.load.warmup), 0);
    console.log(
      `Measuring ${plan.length} scenarios, ${settings.load.warmup} s warm-up + ${settings.load.duration} s each at ` +
        `${settings.load.connections} connections${plan.includes(overload) ? ` (overload: ${overloadConnections})` : ''} ` +
        `(about ${Math.ceil(seconds / 60)} min).`,
    );
    const measurements: Measurement[] = [];
    // The database's CPU per request beside the server's, when it runs on this machine (its processes are in /proc).
    const databaseCpuMs = isOnThisMachine(settings.databaseUrl) ? () => readCommandCpuMs('postgres') : () => null;
    const warmed = await warmDatabaseFiles(database.db);
    console.log(
      warmed
        ? `Database files: ${Math.round(warmed.bytes / 1024 ** 2)} MiB, read into the OS cache before each scenario.`
        : 'Database files: not warmed (the pg_prewarm extension is not available); a scenario may wait on the disk.',
    );
    for (const scenario of plan) {
      if (warmed) await warmDatabaseFiles(database.db);
      console.log(`-> ${scenario.name}`);
      const server = scenario.target === 'ceiling' ? ceiling : app;
      const m = await measure(scenario, server.baseUrl, settings.load, rss, () => readCpuMs(server.pid), databaseCpuMs);
      measurements.push(m);
      printProgress(m);
      await settle(app);
    }
    const endRss = rss.current();
    rss.stop();
    const appErrorLogLines = app.errorLines();
    const appErrorMessages = app.errorMessages();
    await app.stop();
    await ceiling.stop();
    app = null;
    ceiling = null;

    const heldReviews = await countHeldBenchReviews(
      database.db,
      facts.officers.map((o) => o.id),
    );
    console.log("Removing the ceiling's writes, then checking the aggregates after the app's (as npm run db:reconcile does)...");
    const ceilingCleanup = await removeCeilingWriters(database.db);
    const differences = await countAggregateDifferences(database.db);
    const cleanup = await removeBenchUsers(database.db);
    await database.close();
    database = null;

    const sampleCeiling = ceilingFigures(measurements, 'ceiling', 'ceiling-end')!;
    const longTailCeiling = ceilingFigures(measurements, 'ceiling-longtail', 'ceiling-longtail-end');
    const results = withVerdicts(measurements, { sample: sampleCeiling.reference, 'long-tail': longTailCeiling?.reference ?? null });
    const appRssMax = rss.max();
    const report: RunReport = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
        memoryGb: Math.round(os.totalmem() / 1024 ** 3),
        node: process.version,
        postgres: facts.postgresVersion,
        loadAverageBefore,
        loadAverageAfter: os.loadavg(),
      },
      settings: { ...settings.load, poolSize: APP_POOL_SIZE, benchUsers: BENCH_USERS, warmedFiles: warmed !== null },
      responseCache,
      dataset: {
        counts: facts.counts,
        largestOfficer: facts.largestOfficer,
        sampledOfficers: facts.officers.length,
        longTailOfficers: facts.longTail.officers.length,
        longTailReviewers: facts.longTail.reviewerIds.length,
      },
      ceiling: sampleCeiling,
      longTailCeiling,
      results,
      appRssMb: { idle: idleRss, max: appRssMax, end: endRss },
      appErrorLogLines,
      appErrorMessages,
      aggregateDifferencesAfterRun: differences,
      otherTargets: judgeOtherTargets(results, appRssMax, differences, heldReviews),
      cleanup,
      writes: {
        heldReviews,
        reviewsPastLimit: writes.reviewsPastLimit(),
        ceilingCleanup,
        regiments: { largest: describeRegiment(writeFacts.largestRegiment), median: describeRegiment(writeFacts.medianRegiment) },
      },
      smokeProblems,
    };
    const files = writeReport(path.join(root, 'bench', 'results'), report);
    console.log('');
    console.log(formatTable(report));
    console.log('');
    for (const line of formatSummary(report)) console.log(line);
    console.log('\nOther targets:');
    for (const line of formatOtherTargets(report)) console.log(`- ${line}`);
    console.log(`\nWritten: ${path.relative(root, files.json)}, ${path.relative(root, files.markdown)}`);
    const missed = report.results.filter((r) => r.verdict && !r.verdict.meets);
    if (missed.length > 0) console.log(`Targets missed: ${missed.map((r) => r.name).join(', ')}`);
    const otherMissed = report.otherTargets.filter((t) => t.meets === false);
    if (otherMissed.length > 0) console.log(`Other targets missed: ${otherMissed.map((t) => t.target).join('; ')}`);
    if (settings.check && (missed.length > 0 || otherMissed.length > 0 || differences > 0)) process.exitCode = 1;
  } finally {
    rss?.stop();
    await app?.stop();
    await ceiling?.stop();
    build?.remove();
    if (database) {
      await removeBenchUsers(database.db).catch((error: unknown) => console.error('could not remove the bench users:', error));
      await database.close();
    }
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}

function describeRegiment({ id, name, reviewCount, officerIds }: WriteRegiment) {
  return { id, name, reviewCount, officers: officerIds.length };
}

/**
 * `--only` with the rows a selected one is compared with (Scenario.comparedWith: its ratio needs
 * them; runsWith: an other target compares the two).
 */
function withComparedRows(only: ReadonlySet<string> | null, scenarios: readonly Scenario[]): ReadonlySet<string> | null {
  if (!only) return null;
  const keys = new Set(only);
  // Until nothing is added: a row brought along may bring its own (regiments-identity its bytes floor, that one its brotli row).
  for (let size = 0; size !== keys.size;) {
    size = keys.size;
    for (const scenario of scenarios) {
      if (!keys.has(scenario.key)) continue;
      if (scenario.comparedWith) keys.add(scenario.comparedWith);
      if (scenario.runsWith) keys.add(scenario.runsWith);
    }
  }
  return keys;
}

/** Whether the database of this URL is served from this machine: by address, or through a Unix socket (`?host=/path`). */
function isOnThisMachine(databaseUrl: string): boolean {
  const url = new URL(databaseUrl);
  if (url.searchParams.get('host')?.startsWith('/')) return true;
  return ['', 'localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * The Node flags production starts the server with (`npm run start:built` in package.json), so the
 * app is measured as it runs there, e.g. with its young-generation size (docs/decisions/0010).
 */
function productionNodeFlags(root: string): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const words = (scripts['start:built'] ?? '').trim().split(/\s+/);
  if (words[0] !== 'node') throw new Error('package.json: scripts.start:built must run `node [flags] <server>`');
  return words.slice(1, -1).filter((word) => word.startsWith('--'));
}
