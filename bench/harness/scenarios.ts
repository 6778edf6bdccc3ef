/**
 * What is measured: one scenario per hot endpoint, the ceiling, the mixed workload, and the same mix
 * at twice the connections (overload). Each
 * scenario rotates its URL over ids picked from the dataset, so the database answers from many
 * rows instead of one hot row, as it would for real visitors.
 *
 * Then the long tail (issue 15, item 4): the same reads and the search with every request drawn
 * afresh over all public officers (long-tail.ts), reviewer profiles over all public reviewers, a mix
 * drawing its reads that way, and a ceiling on random ids over the same officers, which is what
 * their ratios are taken against.
 *
 * A few answers are also asked for as clients without brotli ask (issue 38: scripts, bots, curl, the
 * public read API's clients): gzip only, and no compression at all. Those rows are compared with the
 * same answers to a browser (`comparedWith`), not with a ceiling.
 */
import type { Request, RequestParams } from 'autocannon';
import { SeededRandom } from '#server/seed/random.js';
import type { BenchUser, DatasetFacts } from './fixtures.js';
import { REVIEW_PAGE_LIMIT } from './fixtures.js';
import { longTailDraws, type LongTailDraws } from './long-tail.js';

export type ScenarioTarget = 'app' | 'ceiling';

/**
 * The two read ceilings: `sample` rotates over the 200 sampled officers (the reference of the
 * scenarios before the long tail, unchanged), `long-tail` draws a random id over all public
 * officers. `none`: a row with no ceiling of its own (the writes' rows: compared with a write
 * ceiling through comparedWith, or judged among the other targets).
 */
export type CeilingKind = 'sample' | 'long-tail' | 'none';

/**
 * Keys of the scenarios `--only` can select. The ceiling always runs; the long-tail ceiling runs
 * when a long-tail read (longtail-*) does; a row compared with another (comparedWith, runsWith)
 * brings that one along, e.g. `votes` its write ceiling `ceiling-votes`.
 */
export const SCENARIO_KEYS = [
  'officer',
  'reviews-page-1',
  'reviews-deep-page',
  'reviews-helpful-page-1',
  'reviews-helpful-deep-page',
  'reviews-sorted-page-1',
  'reviews-sorted-deep-page',
  'top-officers',
  'search-selective',
  'search-broad',
  'search-paged-first',
  'search-paged-deep',
  'regiments',
  'regiments-gzip',
  'regiments-identity',
  'ceiling-regiments-copy',
  'ceiling-regiments-copy-identity',
  'regiments-filtered',
  'regiments-filtered-paged',
  'regiments-filtered-paged-identity',
  'recent-reviews',
  'officer-html',
  'officer-card',
  'mixed',
  'overload',
  'longtail-officer',
  'longtail-reviews-page-1',
  'longtail-officer-html',
  'longtail-officer-trend',
  'longtail-officer-card',
  'longtail-search',
  'longtail-search-gzip',
  'longtail-search-identity',
  'longtail-search-side',
  'longtail-suggestions',
  'longtail-reviewer',
  'mixed-longtail',
  'ceiling-mixed-longtail',
  'votes',
  'ceiling-votes',
  'reviews',
  'ceiling-reviews',
  'review-largest-regiment',
  'review-median-regiment',
] as const;

export interface Scenario {
  /** Stable identifier (targets and results are keyed by it). */
  key: string;
  name: string;
  /** Where it is sent. */
  target: ScenarioTarget;
  /**
   * For the app's scenarios, the ceiling their ratio is taken against; for the ceiling's, which
   * ceiling it measures. Absent: `sample`.
   */
  ceilingKind?: CeilingKind;
  /**
   * The key of the scenario asking for the same answers as a browser does (brotli): this one asks as
   * a client without brotli, and its ratio is to that one's req/s instead of a ceiling's (issue 38:
   * "every kept answer to a gzip-only or identity client at least 0.5x of the same answer to a
   * brotli client"). `--only` runs that one too.
   */
  comparedWith?: string;
  /**
   * Another scenario `--only` runs with this one: an other target of targets.ts compares the two, or
   * it measures this one's bound (regiments-identity: the same bytes from the ceiling).
   */
  runsWith?: string;
  /** Connections for this scenario; the run's setting (BENCH_CONNECTIONS) when absent. */
  connections?: number;
  /**
   * A fixed number of requests for the warm-up and for the measured run instead of the run's
   * durations: for a scenario whose requests are a scarce supply (the reviews a regiment's officers
   * can take without forming a review wave).
   */
  amount?: { warmup: number; measured: number };
  /** A representative request, for the report. */
  example: string;
  /** Builds fresh autocannon requests (their rotation state starts over for each run). */
  requests(): Request[];
  /**
   * For the mixed workloads and the writes: answers by kind and status, filled while it runs. Their
   * requests are built as they go (a POST, or a mix of kinds), so the smoke test leaves them out.
   */
  tally?: Map<string, Map<number, number>>;
}

/** What a browser sends; @fastify/compress then compresses answers above 1 KB, as in production. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'wor-bench/1 (autocannon)' };
export const JSON_HEADERS = { ...BROWSER_HEADERS, accept: 'application/json' };
/** A script whose HTTP library inflates gzip but not brotli (issue 38). */
const GZIP_ONLY_HEADERS = { 'accept-encoding': 'gzip', 'user-agent': 'wor-bench/1 (gzip only)', accept: 'application/json' };
/** curl without --compressed: no Accept-Encoding at all, so every answer goes out uncompressed. */
const PLAIN_HEADERS = { 'user-agent': 'wor-bench/1 (no compression)', accept: 'application/json' };
const HTML_HEADERS = { ...BROWSER_HEADERS, accept: 'text/html,application/xhtml+xml' };
/** What Discord's crawler sends for a pasted link and its og:image (issue 19). */
const CRAWLER_HEADERS = { 'user-agent': 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)', accept: '*/*' };

function rotating<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

function getRequest(nextPath: () => string, headers: Record<string, string>): Request {
  return { method: 'GET', setupRequest: (request) => ({ ...request, method: 'GET', path: nextPath(), headers }) };
}

/**
 * The regiment finder's filters (issue 36, item 5), alone and combined, as a client of the public
 * API sends them (the /search tab filters the whole list in the browser). Each keeps regiments of
 * the full dataset (bench/data/phases.ts, regimentFacts): from 36 (OCE, Confederate) to 1,212
 * (recruiting) of its 1,964 active regiments.
 */
export const REGIMENT_FILTERS: readonly string[] = [
  'region=NA',
  'region=EU',
  'language=de',
  'recruiting=true',
  'sideId=2',
  'region=EU&language=de',
  'region=NA&recruiting=true',
  'language=fr&recruiting=true',
  'region=SA&language=pt',
  'region=OCE&sideId=2',
  'region=Asia&recruiting=true',
  'region=EU&language=de&recruiting=true&sideId=1',
];
/** The page size of regiments-filtered-paged: a list's first pages, as the public API pages it. */
export const REGIMENT_FILTER_PAGE = 25;

/** Broad terms match thousands of officers through their name, regiment or rank. */
export const BROAD_SEARCH_TERMS = ['Infantry', 'Capt', 'Virginia', 'son', 'New'];

export interface Paths {
  officer: (id: number) => string;
  reviewsPage: (id: number, page: number) => string;
  /** A page of an officer's reviews in another order (issue 16): by number, or after a cursor. */
  sortedReviewsPage: (id: number, sort: string, at: { page: number } | { cursor: string }) => string;
  /** The spec's search list; `sideId` narrows it to one side. */
  search: (q: string, sideId?: number) => string;
  /** A page of the paged search in the default order: the first without `after`. */
  searchPage: (q: string, after?: string) => string;
  /** What the search boxes suggest for the text typed so far (issue 15). */
  suggestions: (q: string) => string;
  html: (id: number) => string;
  /** An officer's link-preview card, 1200x630 PNG (issue 19). */
  card: (id: number) => string;
  /** An officer's 12-month trend (issue 16). */
  trend: (id: number) => string;
  /** The regiment list narrowed by the finder's `filter` (a query string), whole or its first page of `limit`. */
  filteredRegiments: (filter: string, limit?: number) => string;
  /** A reviewer's public profile with its first page of reviews, as the web app asks for it (issue 36, item 3). */
  reviewer: (userId: number) => string;
  ceiling: (id: number) => string;
}

export const PATHS: Paths = {
  officer: (id) => `/api/officers/${id}`,
  reviewsPage: (id, page) => `/api/reviews/officer/${id}?page=${page}&limit=${REVIEW_PAGE_LIMIT}`,
  sortedReviewsPage: (id, sort, at) =>
    `/api/reviews/officer/${id}?${'page' in at ? `page=${at.page}` : `cursor=${at.cursor}`}&limit=${REVIEW_PAGE_LIMIT}&sort=${sort}`,
  search: (q, sideId) => `/api/officers/search?q=${encodeURIComponent(q)}${sideId === undefined ? '' : `&sideId=${sideId}`}`,
  searchPage: (q, after) => `/api/search/officers?q=${encodeURIComponent(q)}${after ? `&after=${after}` : ''}`,
  suggestions: (q) => `/api/search/suggestions?q=${encodeURIComponent(q)}`,
  html: (id) => `/officer/${id}`,
  card: (id) => `/api/cards/officer/${id}.png`,
  trend: (id) => `/api/officers/${id}/trend`,
  filteredRegiments: (filter, limit) => `/api/regiments?${filter}${limit === undefined ? '' : `&limit=${limit}`}`,
  reviewer: (userId) => `/api/reviewers/${userId}?page=1`,
  ceiling: (id) => `/ceiling/${id}`,
};

/** The 36 months up to this one, as YYYY-MM (the transparency report's months). */
const LAST_MONTHS = Array.from({ length: 36 }, (_, i) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)).toISOString().slice(0, 7);
});

export function endpointScenarios(facts: DatasetFacts): Scenario[] {
  const ids = facts.officers.map((o) => o.id);
  // A selective term is one officer's full name: it matches that officer and the few namesakes.
  const selectiveTerms = facts.officers.slice(0, 100).map((o) => o.name);
  const deep = facts.largestOfficer;
  const byId = (build: (id: number) => string, headers: Record<string, string>) => () => {
    const next = rotating(ids);
    return [getRequest(() => build(next()), headers)];
  };
  const fixed = (path: string, headers: Record<string, string>) => () => [getRequest(() => path, headers)];
  // The first page of each of the finder's filters in turn, as the public API pages them.
  const firstPages = (headers: Record<string, string>) => () => {
    const next = rotating(REGIMENT_FILTERS);
    return [getRequest(() => PATHS.filteredRegiments(next(), REGIMENT_FILTER_PAGE), headers)];
  };
  return [
    { key: 'officer', name: 'officer', target: 'app', example: PATHS.officer(ids[0]!), requests: byId(PATHS.officer, JSON_HEADERS) },
    {
      key: 'reviews-page-1',
      name: 'reviews page 1',
      target: 'app',
      example: PATHS.reviewsPage(ids[0]!, 1),
      requests: byId((id) => PATHS.reviewsPage(id, 1), JSON_HEADERS),
    },
    {
      key: 'reviews-deep-page',
      name: `reviews page ${deep.deepPage} (largest)`,
      target: 'app',
      example: PATHS.reviewsPage(deep.id, deep.deepPage),
      requests: fixed(PATHS.reviewsPage(deep.id, deep.deepPage), JSON_HEADERS),
    },
    {
      key: 'reviews-helpful-page-1',
      name: 'reviews page 1, most helpful',
      target: 'app',
      example: PATHS.sortedReviewsPage(ids[0]!, 'helpful', { page: 1 }),
      requests: byId((id) => PATHS.sortedReviewsPage(id, 'helpful', { page: 1 }), JSON_HEADERS),
    },
    {
      // Read by keyset: the cursor the page before it hands out (fixtures.ts).
      key: 'reviews-helpful-deep-page',
      name: `reviews page ${deep.deepPage} (largest), most helpful`,
      target: 'app',
      example: PATHS.sortedReviewsPage(deep.id, 'helpful', { cursor: facts.sortedDeepCursors.helpful }),
      requests: fixed(PATHS.sortedReviewsPage(deep.id, 'helpful', { cursor: facts.sortedDeepCursors.helpful }), JSON_HEADERS),
    },
    {
      key: 'reviews-sorted-page-1',
      name: 'reviews page 1, each other order',
      target: 'app',
      example: PATHS.sortedReviewsPage(ids[0]!, 'oldest', { page: 1 }),
      requests: () => {
        const nextId = rotating(ids);
        const nextSort = rotating(['oldest', 'highest', 'lowest']);
        return [getRequest(() => PATHS.sortedReviewsPage(nextId(), nextSort(), { page: 1 }), JSON_HEADERS)];
      },
    },
    {
      key: 'reviews-sorted-deep-page',
      name: `reviews page ${deep.deepPage} (largest), oldest, highest and lowest`,
      target: 'app',
      example: PATHS.sortedReviewsPage(deep.id, 'highest', { cursor: facts.sortedDeepCursors.highest }),
      requests: () => {
        const next = rotating([
          PATHS.sortedReviewsPage(deep.id, 'oldest', { page: deep.deepPage }),
          PATHS.sortedReviewsPage(deep.id, 'highest', { cursor: facts.sortedDeepCursors.highest }),
          PATHS.sortedReviewsPage(deep.id, 'lowest', { cursor: facts.sortedDeepCursors.lowest }),
        ]);
        return [getRequest(next, JSON_HEADERS)];
      },
    },
    { key: 'top-officers', name: 'top officers', target: 'app', example: '/api/officers/top', requests: fixed('/api/officers/top', JSON_HEADERS) },
    {
      key: 'search-selective',
      name: 'search (selective)',
      target: 'app',
      example: PATHS.search(selectiveTerms[0]!),
      requests: () => {
        const next = rotating(selectiveTerms);
        return [getRequest(() => PATHS.search(next()), JSON_HEADERS)];
      },
    },
    {
      key: 'search-broad',
      name: 'search (broad)',
      target: 'app',
      example: PATHS.search(BROAD_SEARCH_TERMS[0]!),
      requests: () => {
        const next = rotating(BROAD_SEARCH_TERMS);
        return [getRequest(() => PATHS.search(next()), JSON_HEADERS)];
      },
    },
    {
      key: 'search-paged-first',
      name: 'paged search, page 1 (broad)',
      target: 'app',
      example: PATHS.searchPage(BROAD_SEARCH_TERMS[0]!),
      requests: () => {
        const next = rotating(BROAD_SEARCH_TERMS);
        return [getRequest(() => PATHS.searchPage(next()), JSON_HEADERS)];
      },
    },
    {
      // The same terms, from about the 2,000th match on: keyset paging reads what page 1 reads.
      key: 'search-paged-deep',
      name: `paged search, deep page (broad, from ~${facts.searchDeepPages[0]?.position ?? 0})`,
      target: 'app',
      example: PATHS.searchPage(facts.searchDeepPages[0]!.q, facts.searchDeepPages[0]!.after),
      requests: () => {
        const next = rotating(facts.searchDeepPages);
        return [
          getRequest(() => {
            const deep = next();
            return PATHS.searchPage(deep.q, deep.after);
          }, JSON_HEADERS),
        ];
      },
    },
    { key: 'regiments', name: 'regiments', target: 'app', example: '/api/regiments', requests: fixed('/api/regiments', JSON_HEADERS) },
    // The same list to clients without brotli (issue 38): the whole list is about 800 KB of JSON.
    {
      key: 'regiments-gzip',
      name: 'regiments, gzip only',
      target: 'app',
      comparedWith: 'regiments',
      example: '/api/regiments',
      requests: fixed('/api/regiments', GZIP_ONLY_HEADERS),
    },
    {
      key: 'regiments-identity',
      name: 'regiments, no compression',
      target: 'app',
      comparedWith: 'regiments',
      example: '/api/regiments',
      requests: fixed('/api/regiments', PLAIN_HEADERS),
      runsWith: 'ceiling-regiments-copy-identity',
    },
    // The bytes floor of the two rows above: the app's own answers, brotli and plain, replayed by the
    // bare ceiling (bench/ceiling.ts, /ceiling/copy). The plain row's ratio to the brotli one is the
    // most any server could reach for `regiments, no compression` on this machine and client.
    {
      key: 'ceiling-regiments-copy',
      name: "ceiling, the regiment list's bytes",
      target: 'ceiling',
      ceilingKind: 'none',
      example: '/ceiling/copy/api/regiments',
      requests: fixed('/ceiling/copy/api/regiments', JSON_HEADERS),
    },
    {
      key: 'ceiling-regiments-copy-identity',
      name: "ceiling, the regiment list's bytes, no compression",
      target: 'ceiling',
      ceilingKind: 'none',
      comparedWith: 'ceiling-regiments-copy',
      example: '/ceiling/copy/api/regiments',
      requests: fixed('/ceiling/copy/api/regiments', PLAIN_HEADERS),
    },
    // The finder's filters over the list (issue 36, item 5): the whole filtered list, then its first
    // page as the public API pages it. Kept by the response cache as the whole list is.
    {
      key: 'regiments-filtered',
      name: `regiments, filtered (${REGIMENT_FILTERS.length} filters)`,
      target: 'app',
      example: PATHS.filteredRegiments(REGIMENT_FILTERS[0]!),
      requests: () => {
        const next = rotating(REGIMENT_FILTERS);
        return [getRequest(() => PATHS.filteredRegiments(next()), JSON_HEADERS)];
      },
    },
    {
      key: 'regiments-filtered-paged',
      name: `regiments, filtered, page 1 of ${REGIMENT_FILTER_PAGE}`,
      target: 'app',
      example: PATHS.filteredRegiments(REGIMENT_FILTERS[0]!, REGIMENT_FILTER_PAGE),
      requests: firstPages(JSON_HEADERS),
    },
    // The same pages to a client without compression: what such a client of the public API is
    // pointed to instead of the whole list (docs/decisions/0034-public-read-api.md).
    {
      key: 'regiments-filtered-paged-identity',
      name: `regiments, filtered, page 1 of ${REGIMENT_FILTER_PAGE}, no compression`,
      target: 'app',
      comparedWith: 'regiments-filtered-paged',
      example: PATHS.filteredRegiments(REGIMENT_FILTERS[0]!, REGIMENT_FILTER_PAGE),
      requests: firstPages(PLAIN_HEADERS),
    },
    {
      key: 'recent-reviews',
      name: 'recent reviews',
      target: 'app',
      example: '/api/reviews/recent',
      requests: fixed('/api/reviews/recent', JSON_HEADERS),
    },
    { key: 'officer-html', name: 'officer page (HTML)', target: 'app', example: PATHS.html(ids[0]!), requests: byId(PATHS.html, HTML_HEADERS) },
    // Issue 33: the public moderation log (its first pages, as readers page back) and the monthly
    // transparency report over three years of months; neither is kept in the response cache.
    {
      key: 'moderation-log',
      name: 'moderation log (pages 1-10)',
      target: 'app',
      example: '/api/moderation/log?page=1',
      requests: () => {
        const next = rotating(Array.from({ length: 10 }, (_, i) => i + 1));
        return [getRequest(() => `/api/moderation/log?page=${next()}`, JSON_HEADERS)];
      },
    },
    {
      key: 'transparency',
      name: 'transparency report (36 months)',
      target: 'app',
      example: `/api/transparency?month=${LAST_MONTHS[0]}`,
      requests: () => {
        const next = rotating(LAST_MONTHS);
        return [getRequest(() => `/api/transparency?month=${next()}`, JSON_HEADERS)];
      },
    },
    // The sample's 200 cards: drawn once each (in the warm-up, mostly), then answered from memory.
    { key: 'officer-card', name: 'officer card (PNG)', target: 'app', example: PATHS.card(ids[0]!), requests: byId(PATHS.card, CRAWLER_HEADERS) },
  ];
}

export function ceilingScenario(facts: DatasetFacts, key = 'ceiling', name = 'ceiling'): Scenario {
  const ids = facts.officers.map((o) => o.id);
  return {
    key,
    name,
    target: 'ceiling',
    example: PATHS.ceiling(ids[0]!),
    requests: () => {
      const next = rotating(ids);
      return [getRequest(() => PATHS.ceiling(next()), JSON_HEADERS)];
    },
  };
}

/**
 * A long-tail scenario: each request is built from fresh draws. Each run (the warm-up, then the
 * measured run) has a seed of its own, so the measured run does not replay the warm-up's requests;
 * the example is the warm-up's first request.
 */
function longTailScenario(
  facts: DatasetFacts,
  fields: { key: string; name: string; target?: ScenarioTarget; seed: number; headers?: Record<string, string>; comparedWith?: string },
  path: (draws: LongTailDraws) => string,
): Scenario {
  const draws = (seed: number) => longTailDraws(facts.longTail, new SeededRandom(seed));
  let runs = 0;
  return {
    key: fields.key,
    name: fields.name,
    target: fields.target ?? 'app',
    ceilingKind: 'long-tail',
    ...(fields.comparedWith ? { comparedWith: fields.comparedWith } : {}),
    example: path(draws(fields.seed)),
    requests: () => {
      const run = draws(fields.seed + runs++);
      return [getRequest(() => path(run), fields.headers ?? JSON_HEADERS)];
    },
  };
}

/** Seeds of the long-tail scenarios, apart so no two draw the same sequence. */
const LONG_TAIL_SEED = 1865_000;

export function longTailScenarios(facts: DatasetFacts): Scenario[] {
  const seed = (n: number) => LONG_TAIL_SEED + n * 100;
  return [
    longTailScenario(facts, { key: 'longtail-officer', name: 'officer (long tail)', seed: seed(1) }, (d) => PATHS.officer(d.officerId())),
    longTailScenario(facts, { key: 'longtail-reviews-page-1', name: 'reviews page 1 (long tail)', seed: seed(2) }, (d) =>
      PATHS.reviewsPage(d.officerId(), 1),
    ),
    longTailScenario(facts, { key: 'longtail-officer-html', name: 'officer page (HTML, long tail)', seed: seed(3), headers: HTML_HEADERS }, (d) =>
      PATHS.html(d.officerId()),
    ),
    // The officer page's trend, asked for beside the officer (issue 16): an aggregate over its last year of reviews.
    longTailScenario(facts, { key: 'longtail-officer-trend', name: 'officer trend (long tail)', seed: seed(7) }, (d) => PATHS.trend(d.officerId())),
    longTailScenario(facts, { key: 'longtail-search', name: 'search (typed, long tail)', seed: seed(4) }, (d) => PATHS.search(d.typedTerm())),
    // The same search as clients without brotli type it (issue 38), right after the browser's: each
    // with a seed of its own, so it meets the cache as the browser's run left it, not its own answers.
    ...(['gzip', 'identity'] as const).map((encoding, i) =>
      longTailScenario(
        facts,
        {
          key: `longtail-search-${encoding}`,
          name: `search (typed, long tail), ${encoding === 'gzip' ? 'gzip only' : 'no compression'}`,
          seed: seed(9 + i),
          headers: encoding === 'gzip' ? GZIP_ONLY_HEADERS : PLAIN_HEADERS,
          comparedWith: 'longtail-search',
        },
        (d) => PATHS.search(d.typedTerm()),
      ),
    ),
    longTailScenario(facts, { key: 'longtail-search-side', name: 'search (typed, one side, long tail)', seed: seed(5) }, (d) =>
      PATHS.search(d.typedTerm(), d.sideId()),
    ),
    longTailScenario(facts, { key: 'longtail-suggestions', name: 'suggestions (typed, long tail)', seed: seed(6) }, (d) =>
      PATHS.suggestions(d.typedTerm()),
    ),
    // Reviewer profiles (issue 36, item 3) of random reviewers over all who have one: the account and
    // the first page of the reviews that count on it.
    longTailScenario(facts, { key: 'longtail-reviewer', name: 'reviewer profile (long tail)', seed: seed(11) }, (d) =>
      PATHS.reviewer(d.reviewerId()),
    ),
    // Cards of random officers over all public ones: nearly every request draws one (issue 19), so
    // this measures the uncached drawing, one PNG per request. Last: its cards fill the response cache.
    longTailScenario(facts, { key: 'longtail-officer-card', name: 'officer card (PNG, long tail)', seed: seed(8), headers: CRAWLER_HEADERS }, (d) =>
      PATHS.card(d.officerId()),
    ),
  ];
}

/** The ceiling on random ids over all public officers: the reference of the long-tail scenarios. */
export function longTailCeilingScenario(facts: DatasetFacts, key = 'ceiling-longtail', name = 'ceiling, random ids'): Scenario {
  return longTailScenario(facts, { key, name, target: 'ceiling', seed: LONG_TAIL_SEED }, (d) => PATHS.ceiling(d.officerId()));
}

/** The mixed workload: shares of requests by kind (80% reads, 15% search, 5% signed-in writes). */
export const MIX: ReadonlyArray<{ kind: string; share: number }> = [
  { kind: 'officer', share: 0.25 },
  { kind: 'reviews page 1', share: 0.25 },
  { kind: 'officer page (HTML)', share: 0.1 },
  { kind: 'top officers', share: 0.09 },
  { kind: 'recent reviews', share: 0.08 },
  { kind: 'regiments', share: 0.03 },
  { kind: 'search (selective)', share: 0.1 },
  { kind: 'search (broad)', share: 0.05 },
  { kind: 'vote', share: 0.04 },
  { kind: 'review', share: 0.01 },
];

/**
 * The mix of mixed-longtail: the same shares, its reads of random officers over all public ones and
 * its searches typed terms (a third of them in one side) instead of the sample's names and broad
 * terms. The fixed lists (top, recent, regiments) and the writes are those of MIX.
 */
const LONG_TAIL_KINDS: Readonly<Record<string, string>> = { 'search (selective)': 'search (typed)', 'search (broad)': 'search (typed, one side)' };
export const LONG_TAIL_MIX: ReadonlyArray<{ kind: string; share: number }> = MIX.map(({ kind, share }) => ({
  kind: LONG_TAIL_KINDS[kind] ?? kind,
  share,
}));

/** Cumulative shares of a mix, for drawing a kind with one roll. */
export function cumulativeShares(mix: ReadonlyArray<{ kind: string; share: number }>): Array<{ kind: string; upTo: number }> {
  return mix.reduce<Array<{ kind: string; upTo: number }>>((acc, m) => {
    acc.push({ kind: m.kind, upTo: (acc.at(-1)?.upTo ?? 0) + m.share });
    return acc;
  }, []);
}

/** A JSON POST as a signed-in bench user sends it: the session cookie and the CSRF token (as the web app does). */
export function signedInPost(user: BenchUser, path: string, body: unknown): RequestParams {
  return {
    method: 'POST',
    path,
    headers: { ...JSON_HEADERS, 'content-type': 'application/json', cookie: user.cookie, 'csrf-token': user.csrfToken },
    body: JSON.stringify(body),
  };
}

/**
 * A mix's one request: each time, a kind drawn with one roll of `random` over the `cumulative`
 * shares, sent as `build` makes it, and its answer counted by kind in `tally`.
 */
export function drawnKindRequest(
  random: SeededRandom,
  cumulative: ReadonlyArray<{ kind: string; upTo: number }>,
  tally: Map<string, Map<number, number>>,
  build: (kind: string) => RequestParams,
): Request {
  return {
    method: 'GET',
    setupRequest: (_request, context) => {
      const roll = random.next();
      const kind = cumulative.find((c) => roll < c.upTo)?.kind ?? 'officer';
      context.kind = kind;
      return build(kind);
    },
    onResponse: (status, _body, context) => tallyAnswer(tally, String(context.kind), status),
  };
}

/** Counts an answer of `kind` by its status in a scenario's tally. */
export function tallyAnswer(tally: Map<string, Map<number, number>>, kind: string, status: number): void {
  const byStatus = tally.get(kind) ?? new Map<number, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  tally.set(kind, byStatus);
}

export const REVIEW_TEXTS = [
  'Solid calls all night, kept the line together at the Cornfield.',
  'Orders were late and the flank collapsed twice. Needs more practice.',
  'Fair to recruits and clear on comms. Would serve under again.',
  'Average night: good plan, poor timing on the charge.',
];

export interface MixedVariant {
  key: string;
  name: string;
  /** Absent: the run's connections. */
  connections?: number;
  seed: number;
  /**
   * Where the reads and searches go: `sample` (mixed, overload: the 200 sampled officers, MIX) or
   * `long-tail` (mixed-longtail: LONG_TAIL_MIX). Absent: `sample`.
   */
  reads?: 'sample' | 'long-tail';
  /** The row its ratio is taken against instead of a read ceiling (mixed-longtail: the same mix on the ceiling). */
  comparedWith?: string;
}

/**
 * The mixed workload, as a maker of scenarios: `mixed` and `overload` are the same mix, and
 * `mixed-longtail` the same with its reads from the long tail; all share the state of the writes,
 * so a user never reviews the same officer twice across them.
 */
export function mixedWorkload(facts: DatasetFacts, users: readonly BenchUser[]): (variant: MixedVariant) => Scenario {
  if (users.length === 0) throw new Error('the mixed workload needs signed-in users');
  const ids = facts.officers.map((o) => o.id);
  const selectiveTerms = facts.officers.slice(0, 100).map((o) => o.name);
  // Kept across runs (warm-up, then measurement) and scenarios: each bench user reviews officers
  // from its own offset in the sample and never one twice, which the app would refuse with 409. (A
  // review refused with 503 under overload still counts as done: that officer is skipped.)
  const reviewed = users.map(() => 0);
  let writer = 0;
  return ({ key, name, connections, seed, reads = 'sample', comparedWith }) => {
    const tally = new Map<string, Map<number, number>>();
    const cumulative = cumulativeShares(reads === 'long-tail' ? LONG_TAIL_MIX : MIX);
    let runs = 0;
    const requests = (): Request[] => {
      const random = new SeededRandom(seed + runs++);
      const pick = <T>(items: readonly T[]) => items[Math.floor(random.next() * items.length)]!;
      // The same generator: the long-tail mix's sequence depends on its seed alone too.
      const tail = longTailDraws(facts.longTail, random);
      const readId = reads === 'long-tail' ? () => tail.officerId() : () => pick(ids);
      const build = (kind: string): RequestParams => {
        const get = (path: string, headers = JSON_HEADERS): RequestParams => ({ method: 'GET', path, headers });
        switch (kind) {
          case 'officer':
            return get(PATHS.officer(readId()));
          case 'reviews page 1':
            return get(PATHS.reviewsPage(readId(), 1));
          case 'officer page (HTML)':
            return get(PATHS.html(readId()), HTML_HEADERS);
          case 'top officers':
            return get('/api/officers/top');
          case 'recent reviews':
            return get('/api/reviews/recent');
          case 'regiments':
            return get('/api/regiments');
          case 'search (selective)':
            return get(PATHS.search(pick(selectiveTerms)));
          case 'search (broad)':
            return get(PATHS.search(pick(BROAD_SEARCH_TERMS)));
          case 'search (typed)':
            return get(PATHS.search(tail.typedTerm()));
          case 'search (typed, one side)':
            return get(PATHS.search(tail.typedTerm(), tail.sideId()));
          case 'vote': {
            const index = writer++ % users.length;
            return signedInPost(users[index]!, `/api/reviews/${pick(facts.reviewIds)}/vote`, { value: random.chance(0.75) ? 1 : -1 });
          }
          case 'review': {
            const index = writer++ % users.length;
            const n = reviewed[index]!++;
            if (n >= ids.length) return build('vote');
            const officerId = ids[(index * 37 + n) % ids.length]!;
            const score = () => random.int(2, 10) / 2;
            return signedInPost(users[index]!, '/api/reviews', {
              officerId,
              text: pick(REVIEW_TEXTS),
              leadership: score(),
              tactics: score(),
              communication: score(),
              fairness: score(),
            });
          }
          default:
            throw new Error(`unknown kind ${kind}`);
        }
      };
      return [drawnKindRequest(random, cumulative, tally, build)];
    };
    const example =
      reads === 'long-tail'
        ? '80% reads and 15% typed searches over all public officers, 5% votes and reviews'
        : '80% reads, 15% search, 5% votes and reviews';
    return { key, name, target: 'app', ceilingKind: reads, ...(comparedWith ? { comparedWith } : {}), connections, example, requests, tally };
  };
}
