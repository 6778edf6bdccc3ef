/** The benchmark's output: a table on the terminal, a JSON record and a Markdown summary. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TARGETS, formatRatio, judge, type OtherVerdict, type Target, type Verdict } from '../targets.js';
import type { DatasetFacts } from './fixtures.js';
import type { LoadSettings, Measurement } from './load.js';
import type { CeilingKind } from './scenarios.js';

/** A ceiling measured at the start and at the end of its block; ratios use the mean of the two. */
export interface CeilingFigures {
  start: number;
  end: number;
  reference: number;
}

export interface RunReport {
  startedAt: string;
  finishedAt: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    node: string;
    postgres: string;
    loadAverageBefore: number[];
    loadAverageAfter: number[];
  };
  settings: LoadSettings & {
    poolSize: number;
    benchUsers: number;
    /** Whether the database's files were read into the OS cache before each scenario (fixtures.ts, warmDatabaseFiles). */
    warmedFiles: boolean;
  };
  /**
   * The app's response cache as configured for the run (RESPONSE_CACHE_MB, read as the server reads
   * it: the figure is MiB). The app also stores nothing while its invalidation bus is down.
   */
  responseCache: { enabled: boolean; mib: number };
  /**
   * sampledOfficers: the sample the rotating scenarios use; longTailOfficers and longTailReviewers:
   * the public officers and the reviewers with a public profile the long tail draws from.
   */
  dataset: Pick<DatasetFacts, 'counts' | 'largestOfficer'> & { sampledOfficers: number; longTailOfficers: number; longTailReviewers: number };
  /** The ceiling rotating over the sampled officers: the reference of every scenario but the long tail's. */
  ceiling: CeilingFigures;
  /** The ceiling on random ids over all public officers, the long-tail scenarios' reference; null when none ran. */
  longTailCeiling: CeilingFigures | null;
  /** ceilingRatio is to the ceiling named by the row's ceilingKind, or for a compared row to the row named by comparedWith. */
  results: Array<Measurement & { ceilingRatio: number | null; goal: Target | null; verdict: Verdict | null }>;
  appRssMb: { idle: number; max: number; end: number };
  appErrorLogLines: number;
  appErrorMessages: Record<string, number>;
  aggregateDifferencesAfterRun: number | null;
  /** The issue's targets beyond the table's (targets.ts OTHER_TARGETS). */
  otherTargets: OtherVerdict[];
  cleanup: { users: number; reviews: number; votes: number } | null;
  /**
   * The writes (issue 38, item 5). heldReviews: the bench users' reviews a review wave caught, of
   * every scenario that reviews (the scenarios are built to form none); reviewsPastLimit: reviews
   * given to an officer past one fewer than make a wave (its supply ran out); ceilingCleanup: what the
   * ceiling wrote, removed before the aggregate check; the two regiments of the review-write rows.
   */
  writes: {
    heldReviews: number;
    reviewsPastLimit: number;
    ceilingCleanup: { users: number; reviews: number; votes: number };
    regiments: Record<'largest' | 'median', { id: number; name: string; reviewCount: number; officers: number }>;
  } | null;
  /** Scenarios whose first answer, before any load, was not 200. */
  smokeProblems: string[];
}

const fixed = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : '–';

interface Row {
  scenario: string;
  rps: string;
  p50: string;
  p95: string;
  p99: string;
  errors: string;
  ratio: string;
  target: string;
  rss: string;
  cpu: string;
  databaseCpu: string;
}

function rows(report: RunReport): Row[] {
  const names = new Map(report.results.map((r) => [r.key, r.name]));
  return report.results.map((r) => {
    const against = r.comparedWith ? ` × ${names.get(r.comparedWith) ?? r.comparedWith}` : '';
    const target = r.goal ? `≥ ${r.goal.minCeilingRatio}${against}, p99 ≤ ${r.goal.maxP99Ms}` : '';
    const verdict = r.verdict ? (r.verdict.meets ? 'met' : 'missed') : '';
    return {
      scenario: r.name,
      rps: fixed(r.requestsPerSecond),
      p50: fixed(r.latencyMs.p50, 1),
      p95: fixed(r.latencyMs.p95, 1),
      p99: fixed(r.latencyMs.p99, 1),
      errors: fixed(r.errors),
      ratio: r.ceilingRatio === null ? '' : `${formatRatio(r.ceilingRatio)}${r.comparedWith ? '†' : ''}`,
      target: target ? `${target}: ${verdict}` : '',
      rss: r.appRssMaxMb === null ? '' : fixed(r.appRssMaxMb),
      cpu: r.serverCpuMsPerRequest == null ? '' : fixed(r.serverCpuMsPerRequest, 3),
      databaseCpu: r.databaseCpuMsPerRequest == null ? '' : fixed(r.databaseCpuMsPerRequest, 3),
    };
  });
}

const HEADERS: Row = {
  scenario: 'scenario',
  rps: 'req/s',
  p50: 'p50 ms',
  p95: 'p95 ms',
  p99: 'p99 ms',
  errors: 'errors',
  ratio: '× ceiling',
  target: 'target (× ceiling, ms)',
  rss: 'RSS max MiB',
  cpu: 'server CPU ms/req',
  databaseCpu: 'database CPU ms/req',
};
const COLUMNS = Object.keys(HEADERS) as Array<keyof Row>;
const NUMERIC = new Set<keyof Row>(['rps', 'p50', 'p95', 'p99', 'errors', 'ratio', 'rss', 'cpu', 'databaseCpu']);

export function formatTable(report: RunReport): string {
  const all = [HEADERS, ...rows(report)];
  const widths = COLUMNS.map((c) => Math.max(...all.map((r) => r[c].length)));
  const line = (r: Row) => COLUMNS.map((c, i) => (NUMERIC.has(c) ? r[c].padStart(widths[i]!) : r[c].padEnd(widths[i]!))).join('  ');
  return [line(HEADERS), widths.map((w) => '-'.repeat(w)).join('  '), ...rows(report).map(line)].join('\n');
}

function markdownTable(report: RunReport): string {
  const escape = (s: string) => s.replaceAll('|', '\\|');
  const head = `| ${COLUMNS.map((c) => HEADERS[c]).join(' | ')} |`;
  const align = `|${COLUMNS.map((c) => (NUMERIC.has(c) ? '---:' : '---')).join('|')}|`;
  return [head, align, ...rows(report).map((r) => `| ${COLUMNS.map((c) => escape(r[c])).join(' | ')} |`)].join('\n');
}

export function formatSummary(report: RunReport): string[] {
  const { dataset, ceiling, longTailCeiling, appRssMb } = report;
  const largest = dataset.largestOfficer;
  return [
    `Ceiling: ${fixed(ceiling.start)} req/s at the start, ${fixed(ceiling.end)} at the end; ratios use their mean, ${fixed(ceiling.reference)}.`,
    ...(longTailCeiling
      ? [
          `Long-tail ceiling (random ids over ${fixed(dataset.longTailOfficers)} public officers): ${fixed(longTailCeiling.start)} req/s at the start, ` +
            `${fixed(longTailCeiling.end)} at the end; the long-tail rows' ratios use their mean, ${fixed(longTailCeiling.reference)}.`,
        ]
      : []),
    ...(report.results.some((r) => r.comparedWith)
      ? [
          'Ratios marked † are to another row of this run, the one their target names, not to a read ceiling: for clients without ' +
            'brotli, the same answers asked for by a browser; for the writes and mixed-longtail, the ceiling doing the same work; ' +
            "for the regiment list's bytes replayed by the ceiling without compression, the same with brotli (the most any server could reach).",
        ]
      : []),
    `App RSS: ${fixed(appRssMb.idle)} MiB after start-up, ${fixed(appRssMb.max)} MiB at most, ${fixed(appRssMb.end)} MiB at the end.`,
    `Dataset: ${Object.entries(dataset.counts)
      .map(([k, v]) => `${fixed(v)} ${k}`)
      .join(', ')}; ` + `largest officer #${largest.id} with ${fixed(largest.reviewCount)} reviews (deep page ${largest.deepPage}).`,
    `Aggregate differences after the run (the ceiling's writes removed, the app's kept): ${report.aggregateDifferencesAfterRun ?? 'not checked'}.`,
    ...(report.writes ? [describeWrites(report.writes)] : []),
    `App log lines at error level: ${report.appErrorLogLines}` +
      (report.appErrorLogLines > 0
        ? ` (${Object.entries(report.appErrorMessages)
            .map(([m, n]) => `${n}× "${m}"`)
            .join('; ')}).`
        : '.'),
    ...report.smokeProblems.map((p) => `Not 200 before the load: ${p}.`),
  ];
}

function describeWrites(writes: NonNullable<RunReport['writes']>): string {
  const { largest, median } = writes.regiments;
  const regiment = (r: typeof largest) => `#${r.id} ${r.name} (${fixed(r.reviewCount)} reviews, ${fixed(r.officers)} officers to review)`;
  const { ceilingCleanup: c } = writes;
  return (
    `Writes: ${fixed(writes.heldReviews)} bench reviews held by a review wave; ${fixed(writes.reviewsPastLimit)} given past the limit per officer; ` +
    `the ceiling's ${fixed(c.reviews)} reviews and ${fixed(c.votes)} votes (${fixed(c.users)} writers) removed before the aggregate check; ` +
    `regiments: largest ${regiment(largest)}, median ${regiment(median)}.`
  );
}

/** One line per target of OTHER_TARGETS: met, missed or not measured, with the measured value. */
export function formatOtherTargets(report: RunReport): string[] {
  return report.otherTargets.map((t) => `${t.target}: ${t.meets === null ? t.measured : `${t.meets ? 'met' : 'missed'} (${t.measured})`}`);
}

export function describeResponseCache(cache: RunReport['responseCache']): string {
  return cache.enabled
    ? `Response cache: on, ${fixed(cache.mib)} MiB (RESPONSE_CACHE_MB=${cache.mib}).`
    : 'Response cache: off (RESPONSE_CACHE_MB=0): every request reaches the database.';
}

function answersByKind(result: RunReport['results'][number] | undefined): string[] {
  return result?.byKind
    ? Object.entries(result.byKind)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(
          ([kind, statuses]) =>
            `${kind}: ${Object.entries(statuses)
              .map(([s, n]) => `${fixed(n)}×${s}`)
              .join(', ')}`,
        )
    : [];
}

export function formatMarkdown(report: RunReport): string {
  const { machine, settings } = report;
  const workloads = report.results
    .filter((r) => r.byKind)
    .flatMap((r) => ['', `${r.name}, answers by kind and status:`, '', ...answersByKind(r).map((line) => `- ${line}`)]);
  const misses = report.results.filter((r) => r.verdict && !r.verdict.meets);
  const otherMisses = report.otherTargets.filter((t) => t.meets === false);
  return [
    report.responseCache.enabled ? '# Load benchmark: latest run' : '# Load benchmark: latest run without the response cache',
    '',
    `Run ${report.startedAt} – ${report.finishedAt} by \`npm run bench\`. Written by bench/harness/report.ts; ` +
      'see docs/performance.md for what the figures mean.',
    '',
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB RAM; Node ${machine.node}; PostgreSQL ${machine.postgres}. ` +
      `Load average before/after: ${machine.loadAverageBefore.map((n) => n.toFixed(2)).join(' ')} / ${machine.loadAverageAfter.map((n) => n.toFixed(2)).join(' ')}.`,
    `Settings: ${settings.connections} connections, ${settings.duration} s measured per scenario after ${settings.warmup} s of warm-up; ` +
      `pool of ${settings.poolSize} connections in the app and in the ceiling; ${settings.benchUsers} signed-in users for the writes; ` +
      (settings.warmedFiles
        ? "the database's tables and indexes read into the OS file cache before each scenario."
        : "the database's files not warmed (pg_prewarm unavailable): a scenario may have waited on the disk."),
    describeResponseCache(report.responseCache),
    '',
    markdownTable(report),
    '',
    ...formatSummary(report).map((line) => `- ${line}`),
    '',
    'Other targets:',
    '',
    ...formatOtherTargets(report).map((line) => `- ${line}`),
    ...workloads,
    '',
    misses.length === 0
      ? 'Every scenario met its target.'
      : `Targets missed: ${misses.map((r) => `${r.name} (${r.verdict!.misses.join('; ')})`).join(', ')}.`,
    ...(otherMisses.length > 0 ? [`Other targets missed: ${otherMisses.map((t) => t.target).join('; ')}.`] : []),
    '',
  ].join('\n');
}

/**
 * A run without the response cache goes to files of its own, so both can be kept side by side. The
 * latest run's JSON is also kept as latest(-no-cache).json, committed with its summary.
 */
export function writeReport(resultsDir: string, report: RunReport): { json: string; markdown: string } {
  mkdirSync(resultsDir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  const suffix = report.responseCache.enabled ? '' : '-no-cache';
  const json = path.join(resultsDir, `${stamp}${suffix}.json`);
  const markdown = path.join(resultsDir, `latest${suffix}.md`);
  const text = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(json, text);
  writeFileSync(path.join(resultsDir, `latest${suffix}.json`), text);
  writeFileSync(markdown, formatMarkdown(report));
  return { json, markdown };
}

/** The mean req/s of a ceiling's start and end runs; null when they were not both measured. */
export function ceilingFigures(measurements: readonly Measurement[], startKey: string, endKey: string): CeilingFigures | null {
  const start = measurements.find((m) => m.key === startKey)?.requestsPerSecond;
  const end = measurements.find((m) => m.key === endKey)?.requestsPerSecond;
  return start === undefined || end === undefined ? null : { start, end, reference: (start + end) / 2 };
}

/**
 * Each app scenario's ratio is to the ceiling of its kind (the long tail's to the long-tail ceiling),
 * or, for a row compared with another (a client without brotli, a write, mixed-longtail, and the
 * ceiling's replay of the regiment list's plain bytes), to that row's req/s; none when the reference
 * was not measured, or for a ceiling's row or a row of no ceiling (kind `none`) compared with none.
 */
export function withVerdicts(
  results: Measurement[],
  ceilingReferences: Readonly<Record<Exclude<CeilingKind, 'none'>, number | null>>,
): RunReport['results'] {
  const byKey = new Map(results.map((r) => [r.key, r]));
  return results.map((r) => {
    const reference = r.comparedWith
      ? (byKey.get(r.comparedWith)?.requestsPerSecond ?? 0)
      : r.ceilingKind === 'none'
        ? 0
        : (ceilingReferences[r.ceilingKind] ?? 0);
    const ceilingRatio = (r.target === 'app' || r.comparedWith) && reference > 0 ? r.requestsPerSecond / reference : null;
    return {
      ...r,
      ceilingRatio,
      goal: TARGETS[r.key] ?? null,
      verdict: ceilingRatio === null ? null : judge(r.key, ceilingRatio, r.latencyMs.p99, r.errors),
    };
  });
}
