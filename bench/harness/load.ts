/** Runs one scenario with autocannon (warm-up, then the measured run) and keeps the figures we report. */
import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import autocannon, { type Options, type Result } from 'autocannon';
import { cpuMsBetween, type RssSampler } from './servers.js';
import type { CeilingKind, Scenario } from './scenarios.js';

export interface LoadSettings {
  connections: number;
  /** Seconds measured per scenario. */
  duration: number;
  /** Seconds of load before each measured run, not counted. */
  warmup: number;
}

export interface Measurement {
  key: string;
  name: string;
  target: Scenario['target'];
  /** The ceiling the ratio is taken against (for a ceiling run: which ceiling it is). */
  ceilingKind: CeilingKind;
  /** Scenario.comparedWith: the row this one's ratio is taken against instead of the ceiling. */
  comparedWith?: string;
  example: string;
  /** Connections of this scenario (the overload scenario uses more than the settings say). */
  connections: number;
  /**
   * autocannon's mean of per-second request counts; for a run of a fixed number of requests
   * (Scenario.amount, often shorter than a second), the requests over the run's duration.
   */
  requestsPerSecond: number;
  requestsTotal: number;
  /**
   * Computed from every answer's latency in the measured run (autocannon's 'response' event, any
   * status; timeouts and socket errors have no latency), nearest-rank percentiles, in ms to 0.01.
   * NaN (null in the JSON) when nothing was answered.
   */
  latencyMs: { p50: number; p90: number; p95: number; p99: number; max: number; mean: number };
  /** Answers the latencies are computed from. */
  latencySamples: number;
  /** Failed requests: socket errors, timeouts, and answers other than 2xx. */
  errors: number;
  detail: {
    socketErrors: number;
    timeouts: number;
    non2xx: number;
    statusCodes: Record<string, number>;
    /** autocannon's own figures (HDR histogram, whole ms), kept to compare with latencyMs. */
    autocannonLatencyMs: { p50: number; p99: number; mean: number };
  };
  bytesPerSecond: number;
  /** Highest RSS of the app during the measured run (MiB); null for the ceiling. */
  appRssMaxMb: number | null;
  /**
   * CPU time of the server answering (the app or the ceiling, every thread) over the measured run,
   * per request, in ms: what a row costs the server itself, apart from the client's share of the
   * machine (a row of large answers is bound by the bytes the client reads). Null when unknown.
   */
  serverCpuMsPerRequest?: number | null;
  /**
   * CPU time of the database server over the measured run, per request, in ms, when it runs on this
   * machine (every process of the command `postgres`, whoever else uses it meanwhile): with the
   * server's own, where a row's cost lies. Null when unknown.
   */
  databaseCpuMsPerRequest?: number | null;
  /** The mixed workloads: answers per kind and status. */
  byKind?: Record<string, Record<string, number>>;
}

/**
 * autocannon's callback form, which bench/autocannon.d.ts does not declare: it returns the run's
 * instance at once (an EventEmitter; 'response' is emitted with the client, status code, bytes and
 * latency in ms for every answer) and calls back with the result at the end.
 */
type AutocannonWithCallback = (options: Options, callback: (error: Error | null, result: Result) => void) => EventEmitter;

interface MeasuredRun {
  result: Result;
  latencies: Float64Array;
}

/**
 * autocannon keeps every answer's body by appending each chunk to a string (`req.body += data` in
 * its PipelinedRequestsQueue), which decodes every byte as UTF-8, compressed or not. No scenario
 * reads a body (onResponse looks at the status only), and for a large answer that decoding made the
 * client, not the server, the bottleneck: on /api/regiments (57 KB of brotli) autocannon used 81% of
 * a core and the server 31%, at 1,160 req/s. Bodies are dropped instead; bytes are still counted
 * (addByteCount) and responses still parsed. Done once, for every scenario and the ceiling alike.
 */
function stopKeepingBodies(): void {
  const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { addBody?: (data: Buffer) => void };
  };
  if (typeof queue.prototype.addBody !== 'function') {
    throw new Error('autocannon changed: PipelinedRequestsQueue.addBody is gone; see stopKeepingBodies in bench/harness/load.ts');
  }
  queue.prototype.addBody = () => {};
}
stopKeepingBodies();

function runCollectingLatencies(options: Options): Promise<MeasuredRun> {
  return new Promise((resolve, reject) => {
    let latencies = new Float64Array(1 << 16);
    let count = 0;
    const instance = (autocannon as unknown as AutocannonWithCallback)(options, (error, result) => {
      if (error) reject(error);
      else resolve({ result, latencies: latencies.subarray(0, count) });
    });
    instance.on('response', (_client: unknown, _statusCode: number, _resBytes: number, responseTime: number) => {
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = responseTime;
    });
  });
}

/** Nearest-rank percentile of ascending values: the smallest value with at least p% of them at or below it. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function summarizeLatencies(samples: Float64Array): Measurement['latencyMs'] {
  const sorted = Float64Array.from(samples).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    p50: round2(percentile(sorted, 50)),
    p90: round2(percentile(sorted, 90)),
    p95: round2(percentile(sorted, 95)),
    p99: round2(percentile(sorted, 99)),
    max: round2(sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN),
    mean: round2(sorted.length > 0 ? sum / sorted.length : Number.NaN),
  };
}

export async function measure(
  scenario: Scenario,
  baseUrl: string,
  settings: LoadSettings,
  rss: RssSampler | null,
  /** The CPU time used so far (ms) by the server of this target (servers.ts, readCpuMs). */
  cpuMsOf: (target: Scenario['target']) => number | null = () => null,
  /** The CPU time used so far (ms) by each process of the database server, when it runs on this machine (readCommandCpuMs). */
  databaseCpuMs: () => ReadonlyMap<number, number> | null = () => null,
): Promise<Measurement> {
  const connections = scenario.connections ?? settings.connections;
  const { amount } = scenario;
  if (amount ? amount.warmup > 0 : settings.warmup > 0) {
    const length = amount ? { amount: amount.warmup } : { duration: settings.warmup };
    await autocannon({ url: baseUrl, connections, ...length, requests: scenario.requests() });
  }
  scenario.tally?.clear();
  rss?.nextWindow();
  const cpuBefore = cpuMsOf(scenario.target);
  const databaseBefore = databaseCpuMs();
  const { result, latencies } = await runCollectingLatencies({
    url: baseUrl,
    connections,
    ...(amount ? { amount: amount.measured } : { duration: settings.duration }),
    requests: scenario.requests(),
    title: scenario.name,
  });
  const appRssMaxMb = rss && scenario.target === 'app' ? rss.nextWindow() : null;
  const cpuAfter = cpuMsOf(scenario.target);
  const databaseAfter = databaseCpuMs();
  const perRequest = (ms: number | null) =>
    ms !== null && result.requests.total > 0 ? Math.round((ms / result.requests.total) * 1000) / 1000 : null;
  const serverCpuMsPerRequest = perRequest(cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null);
  const databaseCpuMsPerRequest = perRequest(databaseBefore && databaseAfter ? cpuMsBetween(databaseBefore, databaseAfter) : null);
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  return {
    key: scenario.key,
    name: scenario.name,
    target: scenario.target,
    ceilingKind: scenario.ceilingKind ?? 'sample',
    ...(scenario.comparedWith ? { comparedWith: scenario.comparedWith } : {}),
    example: scenario.example,
    connections,
    requestsPerSecond: amount ? result.requests.total / Math.max(result.duration, 0.01) : result.requests.average,
    requestsTotal: result.requests.total,
    latencyMs: summarizeLatencies(latencies),
    latencySamples: latencies.length,
    // autocannon's `errors` already includes its `timeouts`.
    errors: result.errors + result.non2xx,
    detail: {
      socketErrors: result.errors - result.timeouts,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statusCodes,
      autocannonLatencyMs: { p50: result.latency.p50, p99: result.latency.p99, mean: result.latency.mean },
    },
    bytesPerSecond: result.throughput.average,
    appRssMaxMb,
    serverCpuMsPerRequest,
    databaseCpuMsPerRequest,
    byKind: scenario.tally
      ? Object.fromEntries([...scenario.tally].map(([kind, byStatus]) => [kind, Object.fromEntries([...byStatus].map(([s, n]) => [String(s), n]))]))
      : undefined,
  };
}
