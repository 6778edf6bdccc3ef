/**
 * The targets of the performance issue (PostgreSQL, this 2-core machine, client and server sharing
 * it), relative to the ceiling measured in the same run (a bare Fastify route doing one primary-key
 * SELECT through the same driver and pool): every hot read endpoint at >= 50% of the ceiling's
 * requests/s with p99 <= 25 ms and zero errors; the mixed workload at >= 25% of the ceiling. The
 * issue's other targets (search p95, the deep review page against page 1, the server's RSS, exact
 * aggregates after the writes, shedding load under overload) are OTHER_TARGETS below, judged by
 * judgeOtherTargets and listed under "Other targets" in the report. Do not lower them here: say in
 * the notes which are missed and by how much.
 *
 * The long-tail scenarios (issue 15, item 4: random officers and typed terms over all public
 * officers) are judged against the long-tail ceiling, the same bare route on random ids over the
 * same officers: every long-tail read at >= 50% of it with p99 <= 25 ms, the long-tail search at
 * >= 100% with p99 <= 25 ms (the long-tail mix: see Writes below).
 *
 * Clients without brotli (issue 38, item 5): the long-tail typed search and the regiment list asked
 * for with gzip only and with no compression are judged against the same answers asked for by a
 * browser in the same run (the scenario's comparedWith), not against a ceiling: "every kept answer to
 * a gzip-only or identity client at least 0.5x of the same answer to a brotli client", with the
 * browser's p99.
 *
 * Writes (issue 38, item 5): votes and new reviews by distinct users against the write ceiling (the
 * bare app doing the same transaction, bench/ceiling.ts) measured in the same run, votes at >= 0.6x
 * and new reviews at >= 0.4x; the long-tail mix at >= 0.5x of the same mix on that ceiling (it was
 * 0.25x of the long-tail read ceiling). The issue sets no p99 for them: bounded loosely, as the mix.
 * Also an other target: a new review's time in the regiment with the most reviews within 1.5x of its
 * time in a regiment of median size, and no review held by a review wave.
 */
export interface Target {
  /** Minimum requests/s as a fraction of the reference's: the ceiling's, or for a compared row (comparedWith) that row's. */
  minCeilingRatio: number;
  maxP99Ms: number;
}

const HOT_READ: Target = { minCeilingRatio: 0.5, maxP99Ms: 25 };
// The issue sets no p99 for the mixed workload; 25 ms is not implied, so it is bounded loosely.
const MIXED: Target = { minCeilingRatio: 0.25, maxP99Ms: 1000 };
const LONG_TAIL_READ: Target = { minCeilingRatio: 0.5, maxP99Ms: 25 };
const LONG_TAIL_SEARCH: Target = { minCeilingRatio: 1.0, maxP99Ms: 25 };
/** Against the same answers to a browser: half its requests/s at least, within the p99 the browser's answers are held to. */
const WITHOUT_BROTLI: Target = { minCeilingRatio: 0.5, maxP99Ms: 25 };
/** Against the write ceiling's same write (comparedWith); no p99 in the issue, bounded as the mix. */
const VOTE: Target = { minCeilingRatio: 0.6, maxP99Ms: 1000 };
const NEW_REVIEW: Target = { minCeilingRatio: 0.4, maxP99Ms: 1000 };
/** Against the same mix on the ceiling (comparedWith). */
const MIXED_ON_CEILING: Target = { minCeilingRatio: 0.5, maxP99Ms: 1000 };

export const TARGETS: Readonly<Record<string, Target>> = {
  officer: HOT_READ,
  'reviews-page-1': HOT_READ,
  'reviews-deep-page': HOT_READ,
  'reviews-helpful-page-1': HOT_READ,
  'reviews-helpful-deep-page': HOT_READ,
  'reviews-sorted-page-1': HOT_READ,
  'reviews-sorted-deep-page': HOT_READ,
  'top-officers': HOT_READ,
  'search-selective': HOT_READ,
  'search-broad': HOT_READ,
  'search-paged-first': HOT_READ,
  'search-paged-deep': HOT_READ,
  regiments: HOT_READ,
  'regiments-gzip': WITHOUT_BROTLI,
  'regiments-identity': WITHOUT_BROTLI,
  'regiments-filtered': HOT_READ,
  'regiments-filtered-paged': HOT_READ,
  'regiments-filtered-paged-identity': WITHOUT_BROTLI,
  'recent-reviews': HOT_READ,
  'officer-html': HOT_READ,
  mixed: MIXED,
  'longtail-officer': LONG_TAIL_READ,
  'longtail-reviews-page-1': LONG_TAIL_READ,
  'longtail-officer-html': LONG_TAIL_READ,
  'longtail-officer-trend': LONG_TAIL_READ,
  'longtail-search': LONG_TAIL_SEARCH,
  'longtail-search-gzip': WITHOUT_BROTLI,
  'longtail-search-identity': WITHOUT_BROTLI,
  'longtail-search-side': LONG_TAIL_SEARCH,
  'longtail-suggestions': LONG_TAIL_SEARCH,
  'longtail-reviewer': LONG_TAIL_READ,
  'mixed-longtail': MIXED_ON_CEILING,
  votes: VOTE,
  reviews: NEW_REVIEW,
};

export interface Verdict {
  meets: boolean;
  /** What is missed, e.g. ['ratio 0.12 < 0.5', 'p99 340 ms > 100 ms']. */
  misses: string[];
}

/** Two significant digits below 0.1, so a scenario at 0.05% of the ceiling does not read as zero. */
export function formatRatio(ratio: number): string {
  return ratio < 0.1 ? ratio.toPrecision(2) : ratio.toFixed(2);
}

export function judge(key: string, ratio: number, p99Ms: number, errors: number): Verdict | null {
  const target = TARGETS[key];
  if (!target) return null;
  const misses: string[] = [];
  if (ratio < target.minCeilingRatio) misses.push(`ratio ${formatRatio(ratio)} < ${target.minCeilingRatio}`);
  if (p99Ms > target.maxP99Ms) misses.push(`p99 ${p99Ms.toFixed(1)} ms > ${target.maxP99Ms} ms`);
  if (errors > 0) misses.push(`${errors} errors`);
  return { meets: misses.length === 0, misses };
}

/** 250 MB in the MiB the RSS sampler reports (VmRSS / 1024): 250,000,000 B / 2^20 = 238.4 MiB. */
const MB_IN_MIB = 1e6 / 2 ** 20;

export const OTHER_TARGETS = {
  /** Issue: "Search: p95 <= 15 ms for selective and for broad terms"; the paged search's pages too (issue 13). */
  searchP95: { keys: ['search-selective', 'search-broad', 'search-paged-first', 'search-paged-deep'], maxP95Ms: 15 },
  /**
   * Issue: the deep review page within 1.5x page 1's latency. Compared on mean latency (under the
   * closed loop, mean latency = connections / req/s, so this is also the req/s ratio).
   */
  deepPage: { key: 'reviews-deep-page', reference: 'reviews-page-1', maxMeanRatio: 1.5 },
  /** Issue 13: keyset pages of the search, deep as fast as the first (the same measure as the reviews' deep page). */
  searchDeepPage: { key: 'search-paged-deep', reference: 'search-paged-first', maxMeanRatio: 1.5 },
  /** Issue 16: the helpful order's deep page (by cursor) within 1.5x its page 1, as the newest order's. */
  helpfulDeepPage: { key: 'reviews-helpful-deep-page', reference: 'reviews-helpful-page-1', maxMeanRatio: 1.5 },
  /**
   * Issue 38, item 5: "The review write's database time does not grow with the regiment's size".
   * Both scenarios send new reviews one at a time (1 connection), so a latency is one write's time.
   * Compared on the median, not the mean: each row is 42 serial writes on a shared machine, where one
   * scheduling stall of 100-200 ms moved a row's mean by half (13.0 against 6.8 ms with medians of
   * 6.0 and 5.9). A cost that grew with the regiment would move every write, the median with them.
   */
  regimentReviewWrite: { key: 'review-largest-regiment', reference: 'review-median-regiment', maxMeanRatio: 1.5, statistic: 'p50' },
  /** The write scenarios give no officer enough reviews to form a review wave: none of their reviews is held. */
  heldReviews: { max: 0 },
  /** Issue: "Server RSS under load <= 250 MB" — the app's highest RSS over the whole run. */
  rss: { maxMb: 250, maxMiB: 250 * MB_IN_MIB },
  /** Issue: the mixed workload's writes leave exact aggregates (as npm run db:reconcile checks). */
  aggregates: { maxDifferences: 0 },
  /**
   * Issue: "Under 2x the load the mixed workload saturates at, the server sheds load with 503 or 429
   * rather than erroring or growing memory without bound". The overload scenario is the mixed
   * workload at twice the connections; judged on its answers and memory, not on req/s.
   */
  overload: { key: 'overload', connectionFactor: 2, allowedRefusals: [503, 429], maxRssMiB: 250 * MB_IN_MIB },
} as const;

export interface OtherVerdict {
  /** What is required, e.g. 'search (broad): p95 ≤ 15 ms'. */
  target: string;
  /** What was measured, e.g. '12.4 ms'. */
  measured: string;
  /** null: not measured in this run (a scenario left out with --only). */
  meets: boolean | null;
}

/** The figures judgeOtherTargets needs from a scenario's measurement (see harness/load.ts). */
export interface JudgedMeasurement {
  key: string;
  name: string;
  latencyMs: { p50: number; p95: number; mean: number };
  detail: { socketErrors: number; timeouts: number; statusCodes: Record<string, number> };
  appRssMaxMb: number | null;
}

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'no answers');
const mib = (n: number) => `${n.toFixed(1)} MiB`;

export function judgeOtherTargets(
  results: readonly JudgedMeasurement[],
  appRssMaxMiB: number,
  aggregateDifferences: number | null,
  heldReviews: number | null,
): OtherVerdict[] {
  const byKey = new Map(results.map((r) => [r.key, r]));
  const verdicts: OtherVerdict[] = [];
  const { searchP95, deepPage, searchDeepPage, helpfulDeepPage, regimentReviewWrite, rss, aggregates, heldReviews: held, overload } = OTHER_TARGETS;

  for (const key of searchP95.keys) {
    const r = byKey.get(key);
    const target = `${r?.name ?? key}: p95 ≤ ${searchP95.maxP95Ms} ms`;
    // NaN (no answer at all) compares false: missed.
    verdicts.push(
      r ? { target, measured: ms(r.latencyMs.p95), meets: r.latencyMs.p95 <= searchP95.maxP95Ms } : { target, measured: 'not measured', meets: null },
    );
  }

  for (const deepTarget of [deepPage, searchDeepPage, helpfulDeepPage, regimentReviewWrite]) {
    const deep = byKey.get(deepTarget.key);
    const page1 = byKey.get(deepTarget.reference);
    const statistic = 'statistic' in deepTarget ? deepTarget.statistic : 'mean';
    const label = statistic === 'mean' ? 'mean' : 'median';
    const target = `${deep?.name ?? deepTarget.key}: ${label} latency ≤ ${deepTarget.maxMeanRatio} × ${page1?.name ?? deepTarget.reference}'s`;
    if (deep && page1) {
      const ratio = deep.latencyMs[statistic] / page1.latencyMs[statistic];
      verdicts.push({
        target,
        measured: `${Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a'} × (${ms(deep.latencyMs[statistic])} / ${ms(page1.latencyMs[statistic])})`,
        meets: ratio <= deepTarget.maxMeanRatio,
      });
    } else {
      verdicts.push({ target, measured: 'not measured (needs both scenarios)', meets: null });
    }
  }

  verdicts.push({
    target: `app RSS over the run ≤ ${rss.maxMb} MB (${mib(rss.maxMiB)})`,
    measured: `${mib(appRssMaxMiB)} (${(appRssMaxMiB / MB_IN_MIB).toFixed(0)} MB)`,
    meets: appRssMaxMiB <= rss.maxMiB,
  });

  verdicts.push({
    target: `aggregates exact after the writes: ${aggregates.maxDifferences} differences`,
    measured: aggregateDifferences === null ? 'not checked' : `${aggregateDifferences} differences`,
    meets: aggregateDifferences === null ? null : aggregateDifferences <= aggregates.maxDifferences,
  });

  verdicts.push({
    target: `bench reviews held by a review wave: ${held.max}`,
    measured: heldReviews === null ? 'not checked' : `${heldReviews} held`,
    meets: heldReviews === null ? null : heldReviews <= held.max,
  });

  {
    const r = byKey.get(overload.key);
    const target =
      `${r?.name ?? overload.key}: no socket errors or timeouts, every non-2xx answer ${overload.allowedRefusals.join(' or ')}, ` +
      `RSS ≤ ${rss.maxMb} MB (${mib(overload.maxRssMiB)})`;
    if (r) {
      const allowed = new Set<number>(overload.allowedRefusals);
      const wrong = Object.entries(r.detail.statusCodes).filter(([code]) => {
        const status = Number(code);
        return !(status >= 200 && status < 300) && !allowed.has(status);
      });
      const rssMax = r.appRssMaxMb ?? Number.NaN;
      const codes = Object.entries(r.detail.statusCodes)
        .map(([code, n]) => `${n.toLocaleString('en-US')}×${code}`)
        .join(', ');
      verdicts.push({
        target,
        measured:
          `answers ${codes || 'none'}; ${r.detail.socketErrors} socket errors, ${r.detail.timeouts} timeouts; ` +
          `RSS max ${Number.isFinite(rssMax) ? mib(rssMax) : 'not sampled'}`,
        meets: r.detail.socketErrors === 0 && r.detail.timeouts === 0 && wrong.length === 0 && rssMax <= overload.maxRssMiB,
      });
    } else {
      verdicts.push({ target, measured: 'not measured', meets: null });
    }
  }
  return verdicts;
}
