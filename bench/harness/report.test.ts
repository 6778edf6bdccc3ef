/**
 * The report's two ceilings: the long-tail rows are judged against the long-tail ceiling, the others
 * against the sampled one as before, and the summary names the long-tail ceiling when it ran.
 */
import { describe, expect, it } from 'vitest';
import type { Measurement } from './load.js';
import { ceilingFigures, formatMarkdown, formatSummary, withVerdicts, type RunReport } from './report.js';

function measurement(key: string, fields: Partial<Measurement> & Pick<Measurement, 'requestsPerSecond'>): Measurement {
  return {
    key,
    name: key,
    target: 'app',
    ceilingKind: 'sample',
    example: '/',
    connections: 50,
    requestsTotal: fields.requestsPerSecond * 10,
    latencyMs: { p50: 2, p90: 4, p95: 5, p99: 10, max: 20, mean: 3 },
    latencySamples: fields.requestsPerSecond * 10,
    errors: 0,
    detail: {
      socketErrors: 0,
      timeouts: 0,
      non2xx: 0,
      statusCodes: { 200: fields.requestsPerSecond * 10 },
      autocannonLatencyMs: { p50: 2, p99: 10, mean: 3 },
    },
    bytesPerSecond: 0,
    appRssMaxMb: null,
    ...fields,
  };
}

const measurements = [
  measurement('ceiling', { target: 'ceiling', requestsPerSecond: 8000 }),
  measurement('officer', { requestsPerSecond: 6000 }),
  measurement('ceiling-end', { target: 'ceiling', requestsPerSecond: 6000 }),
  measurement('ceiling-longtail', { target: 'ceiling', ceilingKind: 'long-tail', requestsPerSecond: 5000 }),
  measurement('longtail-officer', { ceilingKind: 'long-tail', requestsPerSecond: 2000 }),
  measurement('longtail-search', {
    ceilingKind: 'long-tail',
    requestsPerSecond: 3000,
    latencyMs: { p50: 9, p90: 20, p95: 30, p99: 40, max: 60, mean: 12 },
  }),
  measurement('ceiling-longtail-end', { target: 'ceiling', ceilingKind: 'long-tail', requestsPerSecond: 3000 }),
];

describe('withVerdicts', () => {
  const sample = ceilingFigures(measurements, 'ceiling', 'ceiling-end')!;
  const longTail = ceilingFigures(measurements, 'ceiling-longtail', 'ceiling-longtail-end')!;
  const results = withVerdicts(measurements, { sample: sample.reference, 'long-tail': longTail.reference });
  const byKey = new Map(results.map((r) => [r.key, r]));

  it('takes each ceiling as the mean of its start and end runs', () => {
    expect(sample).toEqual({ start: 8000, end: 6000, reference: 7000 });
    expect(longTail).toEqual({ start: 5000, end: 3000, reference: 4000 });
    expect(ceilingFigures(measurements, 'ceiling-x', 'ceiling-end')).toBeNull();
  });

  it('judges a long-tail row against the long-tail ceiling and the others against the sampled one', () => {
    expect(byKey.get('officer')!.ceilingRatio).toBeCloseTo(6000 / 7000);
    expect(byKey.get('longtail-officer')!.ceilingRatio).toBeCloseTo(0.5);
    expect(byKey.get('longtail-officer')!.verdict).toEqual({ meets: true, misses: [] });
    // The long-tail search is held to 1.0 × its ceiling and p99 ≤ 25 ms.
    expect(byKey.get('longtail-search')!.verdict).toEqual({ meets: false, misses: ['ratio 0.75 < 1', 'p99 40.0 ms > 25 ms'] });
    expect(byKey.get('ceiling-longtail')!.ceilingRatio).toBeNull();
  });

  it('gives no ratio to a long-tail row when its ceiling was not measured', () => {
    const [row] = withVerdicts([measurement('longtail-officer', { ceilingKind: 'long-tail', requestsPerSecond: 2000 })], {
      sample: 7000,
      'long-tail': null,
    });
    expect(row!.ceilingRatio).toBeNull();
    expect(row!.verdict).toBeNull();
  });
});

describe('withVerdicts, clients without brotli (issue 38)', () => {
  const rows = [
    measurement('ceiling', { target: 'ceiling', requestsPerSecond: 7000 }),
    measurement('regiments', { requestsPerSecond: 4000 }),
    measurement('regiments-gzip', { comparedWith: 'regiments', requestsPerSecond: 3000 }),
    measurement('regiments-identity', { comparedWith: 'regiments', requestsPerSecond: 1000 }),
    measurement('ceiling-end', { target: 'ceiling', requestsPerSecond: 7000 }),
  ];

  it("judges each against the browser's row, not the ceiling, at half its req/s", () => {
    const byKey = new Map(withVerdicts(rows, { sample: 7000, 'long-tail': null }).map((r) => [r.key, r]));
    expect(byKey.get('regiments')!.ceilingRatio).toBeCloseTo(4000 / 7000);
    expect(byKey.get('regiments-gzip')!.ceilingRatio).toBeCloseTo(0.75);
    expect(byKey.get('regiments-gzip')!.verdict).toEqual({ meets: true, misses: [] });
    expect(byKey.get('regiments-identity')!.verdict).toEqual({ meets: false, misses: ['ratio 0.25 < 0.5'] });
  });

  it("gives the ceiling's replay of the plain bytes its ratio to the brotli bytes, with no verdict: it is a bound", () => {
    const floor = [
      measurement('ceiling-regiments-copy', { target: 'ceiling', ceilingKind: 'none', requestsPerSecond: 8000 }),
      measurement('ceiling-regiments-copy-identity', {
        target: 'ceiling',
        ceilingKind: 'none',
        comparedWith: 'ceiling-regiments-copy',
        requestsPerSecond: 1200,
      }),
    ];
    const byKey = new Map(withVerdicts([...rows, ...floor], { sample: 7000, 'long-tail': null }).map((r) => [r.key, r]));
    expect(byKey.get('ceiling-regiments-copy-identity')!.ceilingRatio).toBeCloseTo(0.15);
    expect(byKey.get('ceiling-regiments-copy-identity')!.verdict).toBeNull();
    expect(byKey.get('ceiling-regiments-copy')!.ceilingRatio).toBeNull();
  });

  it("gives no ratio when the browser's row was not measured", () => {
    const [row] = withVerdicts([rows[2]!], { sample: 7000, 'long-tail': null });
    expect(row!.ceilingRatio).toBeNull();
    expect(row!.verdict).toBeNull();
  });
});

describe('withVerdicts, writes (issue 38, item 5)', () => {
  const rows = [
    measurement('ceiling', { target: 'ceiling', requestsPerSecond: 7000 }),
    measurement('ceiling-votes', { target: 'ceiling', ceilingKind: 'none', requestsPerSecond: 5000 }),
    measurement('votes', { ceilingKind: 'none', comparedWith: 'ceiling-votes', requestsPerSecond: 3500 }),
    measurement('ceiling-reviews', { target: 'ceiling', ceilingKind: 'none', requestsPerSecond: 3000 }),
    measurement('reviews', { ceilingKind: 'none', comparedWith: 'ceiling-reviews', requestsPerSecond: 1000 }),
    measurement('review-largest-regiment', { ceilingKind: 'none', connections: 1, requestsPerSecond: 120 }),
    measurement('ceiling-end', { target: 'ceiling', requestsPerSecond: 7000 }),
  ];
  const byKey = new Map(withVerdicts(rows, { sample: 7000, 'long-tail': null }).map((r) => [r.key, r]));

  it("judges a write against the ceiling's same write, not the read ceiling", () => {
    expect(byKey.get('votes')!.ceilingRatio).toBeCloseTo(0.7);
    expect(byKey.get('votes')!.verdict).toEqual({ meets: true, misses: [] });
    expect(byKey.get('reviews')!.verdict).toEqual({ meets: false, misses: ['ratio 0.33 < 0.4'] });
    expect(byKey.get('ceiling-votes')!.ceilingRatio).toBeNull();
  });

  it('gives no ratio to a row of no ceiling', () => {
    expect(byKey.get('review-largest-regiment')!.ceilingRatio).toBeNull();
    expect(byKey.get('review-largest-regiment')!.verdict).toBeNull();
  });
});

/** A run with no rows: each test sets what it looks at. */
const emptyReport: RunReport = {
  startedAt: '2026-11-30T14:00:00.000Z',
  finishedAt: '2026-11-30T14:10:00.000Z',
  machine: { cpus: 2, cpuModel: 'test', memoryGb: 1, node: 'v20', postgres: '15', loadAverageBefore: [0, 0, 0], loadAverageAfter: [0, 0, 0] },
  settings: { connections: 50, duration: 10, warmup: 3, poolSize: 10, benchUsers: 50, warmedFiles: true },
  responseCache: { enabled: true, mib: 32 },
  dataset: {
    counts: { officers: 20000 },
    largestOfficer: { id: 1, name: 'A', reviewCount: 10, deepPage: 2 },
    sampledOfficers: 200,
    longTailOfficers: 19401,
    longTailReviewers: 38977,
  },
  ceiling: { start: 8000, end: 8000, reference: 8000 },
  longTailCeiling: null,
  results: [],
  appRssMb: { idle: 100, max: 150, end: 120 },
  appErrorLogLines: 0,
  appErrorMessages: {},
  aggregateDifferencesAfterRun: 0,
  otherTargets: [],
  cleanup: null,
  writes: null,
  smokeProblems: [],
};

describe('formatSummary', () => {
  const report = (longTailCeiling: RunReport['longTailCeiling']): RunReport => ({ ...emptyReport, longTailCeiling });

  it('names the long-tail ceiling and its reference when the long tail ran', () => {
    expect(formatSummary(report({ start: 5000, end: 3000, reference: 4000 }))).toContain(
      'Long-tail ceiling (random ids over 19,401 public officers): 5,000 req/s at the start, 3,000 at the end; ' +
        "the long-tail rows' ratios use their mean, 4,000.",
    );
  });

  it('says nothing of it when the long tail did not run', () => {
    expect(formatSummary(report(null)).some((line) => line.includes('Long-tail'))).toBe(false);
  });
});

describe('the table of rows', () => {
  it("shows each row's CPU per request, the server's and the database's, blank where unknown", () => {
    const results = withVerdicts(
      [
        measurement('ceiling', { target: 'ceiling', requestsPerSecond: 8000, serverCpuMsPerRequest: 0.05, databaseCpuMsPerRequest: 0.047 }),
        measurement('officer', { requestsPerSecond: 6000, serverCpuMsPerRequest: 0.12, databaseCpuMsPerRequest: null }),
      ],
      { sample: 8000, 'long-tail': null },
    );
    const markdown = formatMarkdown({ ...emptyReport, results });
    expect(markdown).toContain('| RSS max MiB | server CPU ms/req | database CPU ms/req |');
    expect(markdown).toMatch(/\| ceiling \|.*\| 0\.050 \| 0\.047 \|/);
    expect(markdown).toMatch(/\| officer \|.*\| 0\.120 \| {2}\|/);
  });
});
