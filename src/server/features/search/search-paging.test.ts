/**
 * The paged search, GET /api/search/officers (docs/decisions/0019-search-paging.md): following
 * nextCursor from the first page to the last must give every matching public officer exactly once,
 * in the search's order, with the true total on every page, for every sort, term and filter. The
 * expected answer is computed here from the rows the test inserted, as search-branches.test.ts does
 * for the spec's list, and both calls must agree on their first 100.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankScoreOf, type RankPrior } from '#core/rating-math.js';
import { readCommunityMean } from '#server/domain/ranking-prior.js';
import type { Officer, OfficerSearchPage } from '#core/api.js';
import { RANK_PRIOR_WEIGHT, SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE_MAX } from '#core/constants.js';
import { MSG } from '#core/messages.js';
import { officers } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, type TestContext } from '#server/test/app.js';
import { createRegiment } from '#server/test/fixtures.js';
import { matchesTypedWords } from '#server/test/search-definition.js';
import { recomputeRegimentAggregates } from '#server/domain/figures/aggregates.js';
import { encodeSearchCursor } from '#server/domain/catalogue/cursor.js';

interface Row {
  id: number;
  name: string;
  rank: string;
  regimentName: string;
  sideId: number;
  regimentId: number;
  averageRating: number;
  reviewCount: number;
  isPublic: boolean;
}

let ctx: TestContext;
/** The prior the rank scores rest on: the published community mean (the regiments here have no reviews) and the default weight. */
let prior: RankPrior;
const rows: Row[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  prior = { communityMean: await readCommunityMean(ctx.db), priorWeight: RANK_PRIOR_WEIGHT };
  const { db } = ctx;
  // Names of one shape (capital, lower case, digits) sort the same in JavaScript and in any
  // collation; they repeat, so id breaks ties, and few distinct ratings and counts make long ties
  // that pages have to cut through.
  const regimentsWanted = [
    { name: 'Lowland Brigade', sideId: 1, count: 130, isActive: true, prefix: 'Brigadier' },
    { name: 'Highland Rifles', sideId: 2, count: 70, isActive: true, prefix: 'Rifleman' },
    { name: 'Lowland Ghosts', sideId: 1, count: 20, isActive: false, prefix: 'Ghost' },
  ];
  for (const wanted of regimentsWanted) {
    const regiment = await createRegiment(db, { name: wanted.name, sideId: wanted.sideId, isActive: wanted.isActive });
    const values = Array.from({ length: wanted.count }, (_, i) => ({
      name:
        wanted.prefix === 'Rifleman' && i % 9 === 0
          ? `Lowlander${String(i % 4).padStart(2, '0')}`
          : `${wanted.prefix}${String(i % 60).padStart(3, '0')}`,
      rank: wanted.prefix === 'Rifleman' && i % 11 === 0 ? 'Lowland Scout' : i % 3 === 0 ? 'Capt.' : 'Sgt.',
      regimentId: regiment.id,
      // An officer without a review has average 0, as the aggregates keep it (unrated ones sort last).
      averageRating: i % 4 === 0 ? 0 : [1, 2.5, 4.25][i % 3]!,
      reviewCount: i % 4,
      isActive: i % 17 !== 5,
    }));
    const inserted = await db.insert(officers).values(values).returning();
    for (const officer of inserted) {
      rows.push({
        id: officer.id,
        name: officer.name,
        rank: officer.rank,
        regimentName: wanted.name,
        sideId: wanted.sideId,
        regimentId: regiment.id,
        averageRating: officer.averageRating,
        reviewCount: officer.reviewCount,
        isPublic: officer.isActive && wanted.isActive,
      });
    }
  }
  // The regiments' officer counts, as every real write of an officer keeps them.
  await recomputeRegimentAggregates(db, 'all');
});
afterAll(() => ctx.close());

type Sort = { sortBy: 'rating' | 'name' | 'reviews'; sortOrder: 'asc' | 'desc' };
const SORTS: Sort[] = (['rating', 'name', 'reviews'] as const).flatMap((sortBy) =>
  (['desc', 'asc'] as const).map((sortOrder) => ({ sortBy, sortOrder })),
);

/** Every matching public officer in the search's order: the definition both calls must follow. */
function expected(q: string, { sortBy, sortOrder }: Sort, filter: (row: Row) => boolean = () => true): number[] {
  // Rating: by rank score (the Bayesian average against the published community mean, issue 16),
  // unrated officers last in both directions (ascending as if rated 6; descending after any
  // officer rated 0.0).
  const unrated = (row: Row) => (row.reviewCount === 0 ? 1 : 0);
  const rankScore = (row: Row) => rankScoreOf(row.averageRating, row.reviewCount, prior) ?? 0;
  const key = (row: Row) =>
    sortBy === 'rating' ? (sortOrder === 'asc' && unrated(row) ? 6 : rankScore(row)) : sortBy === 'reviews' ? row.reviewCount : 0;
  const sign = sortOrder === 'asc' ? 1 : -1;
  const unratedLast = (a: Row, b: Row) => (sortBy === 'rating' && sortOrder === 'desc' ? unrated(a) - unrated(b) : 0);
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows
    .filter((row) => row.isPublic && filter(row))
    .filter((row) => matchesTypedWords(q, [row.name, row.rank, row.regimentName]))
    .sort((a, b) =>
      sortBy === 'name'
        ? sign * byText(a.name, b.name) || a.id - b.id
        : sign * (key(a) - key(b)) || unratedLast(a, b) || byText(a.name, b.name) || a.id - b.id,
    )
    .map((row) => row.id);
}

async function getPage(query: string): Promise<OfficerSearchPage> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/search/officers?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OfficerSearchPage>();
}

/** Follows nextCursor from the first page to the last; every page's total and size are checked on the way. */
async function allPages(query: string, limit?: number, from: string | null = null): Promise<{ ids: number[]; pages: OfficerSearchPage[] }> {
  const pages: OfficerSearchPage[] = [];
  let after = from;
  do {
    const params = `${query}${limit ? `&limit=${limit}` : ''}${after ? `&after=${after}` : ''}`;
    const page = await getPage(params);
    pages.push(page);
    after = page.nextCursor;
    expect(pages.length, 'more pages than officers').toBeLessThan(300);
  } while (after);
  return { ids: pages.flatMap((page) => page.officers.map((officer) => officer.id)), pages };
}

function expectPagesOf(pages: OfficerSearchPage[], total: number, limit: number) {
  for (const page of pages) expect(page.totalCount).toBe(total);
  // Full pages up to the last, which is never empty unless nothing matches at all.
  for (const page of pages.slice(0, -1)) expect(page.officers).toHaveLength(limit);
  expect(pages.at(-1)!.officers.length).toBe(total === 0 ? 0 : ((total - 1) % limit) + 1);
  expect(pages.at(-1)!.nextCursor).toBeNull();
}

describe('GET /api/search/officers', () => {
  // lowland: more than 100 matches, through the regiment name and a few names and ranks; highland:
  // the regiment only; lowlander: names only; lander: inside names only; scout: ranks only; lo: two letters, most officers;
  // zz: nothing; '': every public officer.
  const terms = ['lowland', 'highland', 'lowlander', 'lander', 'scout', 'lo', 'zz', ''];

  it.each(terms)('pages through every match of %j in every order, with the true total on each page', async (q) => {
    for (const sort of SORTS) {
      const query = `q=${encodeURIComponent(q)}&sortBy=${sort.sortBy}&sortOrder=${sort.sortOrder}`;
      const want = expected(q, sort);
      const { ids, pages } = await allPages(query, 7);
      expect(ids, `${q} ${sort.sortBy} ${sort.sortOrder}`).toEqual(want);
      expectPagesOf(pages, want.length, 7);
    }
  });

  it('agrees with the unpaged list of GET /api/officers/search, whose first 100 it continues', async () => {
    for (const sort of SORTS) {
      const query = `q=low&sortBy=${sort.sortBy}&sortOrder=${sort.sortOrder}`;
      const list = await ctx.app.inject({ method: 'GET', url: `/api/officers/search?${query}` });
      const unpaged = list.json<Officer[]>().map((officer) => officer.id);
      expect(unpaged).toHaveLength(100);
      const { ids } = await allPages(query, SEARCH_PAGE_SIZE_MAX);
      expect(ids.length).toBeGreaterThan(100);
      expect(ids.slice(0, 100)).toEqual(unpaged);
      expect(ids).toEqual(expected('low', sort));
    }
  });

  it(`answers ${SEARCH_PAGE_SIZE} officers a page by default, and the total beyond the 100 the list call stops at`, async () => {
    const first = await getPage('');
    const publicCount = rows.filter((row) => row.isPublic).length;
    expect(publicCount).toBeGreaterThan(150);
    expect(first.totalCount).toBe(publicCount);
    expect(first.officers.map((officer) => officer.id)).toEqual(expected('', { sortBy: 'rating', sortOrder: 'desc' }).slice(0, SEARCH_PAGE_SIZE));
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  it('keeps the side and regiment filters on every page and in the total', async () => {
    const highland = rows.find((row) => row.regimentName === 'Highland Rifles')!.regimentId;
    const brigade = rows.find((row) => row.regimentName === 'Lowland Brigade')!.regimentId;
    const ghosts = rows.find((row) => row.regimentName === 'Lowland Ghosts')!.regimentId;
    for (const sort of [SORTS[0]!, SORTS[3]!]) {
      const order = `sortBy=${sort.sortBy}&sortOrder=${sort.sortOrder}`;
      const cases: Array<[string, (row: Row) => boolean, string]> = [
        ['low', (row) => row.sideId === 2, `q=low&sideId=2&${order}`],
        ['low', (row) => row.sideId === 1, `q=low&sideId=1&${order}`],
        ['low', (row) => row.regimentId === highland, `q=low&regimentId=${highland}&${order}`],
        ['', (row) => row.regimentId === brigade, `regimentId=${brigade}&${order}`],
        ['', (row) => row.sideId === 1 && row.regimentId === brigade, `sideId=1&regimentId=${brigade}&${order}`],
        ['', () => false, `sideId=2&regimentId=${brigade}&${order}`],
        // An inactive regiment hides its officers from the pages and the total alike.
        ['', () => false, `regimentId=${ghosts}&${order}`],
      ];
      for (const [q, filter, query] of cases) {
        const want = expected(q, sort, filter);
        const { ids, pages } = await allPages(query, 9);
        expect(ids, query).toEqual(want);
        expectPagesOf(pages, want.length, 9);
      }
    }
  });

  it('takes an empty after as the first page', async () => {
    expect(await getPage('q=lowland&after=')).toEqual(await getPage('q=lowland'));
  });

  it('refuses a cursor it did not give out with a 400 that says what to do', async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = [
      'not-a-cursor',
      'a'.repeat(600),
      '%2B%2F%3D',
      encode('rating-desc'),
      encode({ sort: 'rating-desc' }),
      encode([]),
      encode(['price-desc', 1, 'Abel', 1]),
      encode(['rating-desc', 4.25, 'Abel']),
      encode(['rating-desc', 4.25, 'Abel', 1, 2]),
      encode(['rating-desc', '4.25', 'Abel', 1]),
      encode(['rating-desc', 4.25, 'Abel', 1.5]),
      encode(['rating-desc', 4.25, 'Abel', 0]),
      encode(['rating-desc', 4.25, 'Abel', 2147483648]),
      encode(['rating-desc', 4.25, 'Abel', -1]),
      encode(['rating-desc', 99, 'Abel', 1]),
      encode(['rating-desc', -2, 'Abel', 1]),
      encode(['rating-desc', 4.25, 'A\u0000bel', 1]),
      encode(['rating-desc', 4.25, 'x'.repeat(1000), 1]),
      encode(['rating-desc', 4.25, null, 1]),
      encode(['reviews-desc', 2.5, 'Abel', 1]),
      encode(['reviews-desc', 99999999999, 'Abel', 1]),
      encode(['name-asc', 'Abel', 'Baker', 1]),
      Buffer.from('["rating-desc", 4.25, "Abel", 1').toString('base64url'),
    ];
    for (const after of bad) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/search/officers?after=${after}` });
      expect(response.statusCode, after).toBe(400);
      expect(response.json<{ message: string }>().message, after).toBe(MSG.search.badCursor);
    }
  });

  it("refuses another sort's cursor: it would skip or repeat officers", async () => {
    const page = await getPage('q=lowland&sortBy=name&sortOrder=asc&limit=5');
    for (const other of ['sortBy=name&sortOrder=desc', 'sortBy=rating&sortOrder=asc', '']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/search/officers?q=lowland&${other}&after=${page.nextCursor}` });
      expect(response.statusCode, other).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(MSG.search.cursorOfAnotherSort);
    }
  });

  it('reads a cursor as a place in the order, whatever officer it names', async () => {
    // After the key (the rank score of a 2.5 from two reviews, "Brigadier030", 1): every officer of
    // that score named after Brigadier030, then those ranked lower, even though no officer has that key.
    const score = rankScoreOf(2.5, 2, prior)!;
    const after = encodeSearchCursor({ sortBy: 'rating', sortOrder: 'desc', key: [score, 'Brigadier030', 1] });
    const { ids } = await allPages('', SEARCH_PAGE_SIZE_MAX, after);
    const want = expected('', { sortBy: 'rating', sortOrder: 'desc' }).filter((id) => {
      const row = rows.find((r) => r.id === id)!;
      const rowScore = rankScoreOf(row.averageRating, row.reviewCount, prior) ?? -1;
      return rowScore < score || (rowScore === score && (row.name > 'Brigadier030' || (row.name === 'Brigadier030' && row.id > 1)));
    });
    expect(want.length).toBeGreaterThan(50);
    expect(ids).toEqual(want);
  });

  it('refuses a limit outside 1 to the maximum', async () => {
    for (const limit of ['0', String(SEARCH_PAGE_SIZE_MAX + 1), 'abc', '-3', '1.5']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/search/officers?limit=${limit}` });
      expect(response.statusCode, limit).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('limit');
    }
    expect((await getPage(`limit=${SEARCH_PAGE_SIZE_MAX}`)).officers).toHaveLength(SEARCH_PAGE_SIZE_MAX);
  });

  it('validates the filters and sorts as the list call does', async () => {
    for (const query of ['sortBy=price', 'sortOrder=up', 'sideId=-1', 'regimentId=abc', `q=${'a'.repeat(101)}`]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/search/officers?${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

/**
 * Pages are kept by the response cache like every public answer (read-cache/store.ts): a review, a
 * renamed or a deleted officer must show on the next read of a page as it does on the list call.
 */
describe('GET /api/search/officers through the response cache', () => {
  let cached: TestContext;
  const guards: number[] = [];
  beforeAll(async () => {
    cached = await createTestContext();
    const regiment = await createRegiment(cached.db, { name: 'Paging Guards', sideId: 1 });
    const inserted = await cached.db
      .insert(officers)
      .values(Array.from({ length: 30 }, (_, i) => ({ name: `Guard${String(i).padStart(2, '0')}`, rank: 'Capt.', regimentId: regiment.id })))
      .returning({ id: officers.id });
    guards.push(...inserted.map((officer) => officer.id));
    await recomputeRegimentAggregates(cached.db, [regiment.id]);
  });
  afterAll(() => cached.close());

  const read = async (url: string) => {
    const response = await cached.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OfficerSearchPage>();
  };
  let reviewers = 0;
  const review = async (officerId: number, stars: number) => {
    reviewers += 1;
    const { client } = await signedInClient(cached, { steamId: String(76561198000000000n + BigInt(reviewers)) });
    const response = await client.post('/api/reviews', {
      officerId,
      text: 'Kept the line in good order all evening.',
      leadership: stars,
      tactics: stars,
      communication: stars,
      fairness: stars,
    });
    expect(response.statusCode, response.body).toBe(201);
  };

  it('shows a review of an officer on a name-ordered page at once, and keeps the page through reviews of others', async () => {
    const first = await read('/api/search/officers?q=guard&sortBy=name&sortOrder=asc&limit=10');
    const url = `/api/search/officers?q=guard&sortBy=name&sortOrder=asc&limit=10&after=${first.nextCursor}`;
    const page = await read(url);
    expect(page.officers.map((officer) => officer.name)[0]).toBe('Guard10');
    expect(cached.app.responseCache.get(url)).toBeDefined();

    await review(guards[25]!, 3);
    expect(cached.app.responseCache.get(url), 'a review of an officer on another page').toBeDefined();

    await review(guards[12]!, 4);
    const again = await read(url);
    expect(again.officers.find((officer) => officer.id === guards[12])!.reviewCount).toBe(1);
  });

  it('moves a newly rated officer onto the first page of the rating order', async () => {
    const url = '/api/search/officers?q=guard&limit=10';
    const before = await read(url);
    expect(before.officers.map((officer) => officer.id)).not.toContain(guards[29]);
    await review(guards[29]!, 5);
    const after = await read(url);
    expect(after.officers[0]!.id).toBe(guards[29]);
    expect(after.totalCount).toBe(30);
  });

  it('shows a renamed officer and drops a deleted one, from the pages and the total', async () => {
    const { client: admin } = await signedInClient(cached, { isAdmin: true });
    const url = '/api/search/officers?q=guard&sortBy=name&sortOrder=desc&limit=10';
    const before = await read(url);
    expect(before.totalCount).toBe(30);
    const renamed = before.officers[1]!;
    const regimentId = renamed.regimentId;
    const rename = await admin.write('PATCH', `/api/admin/officers/${renamed.id}`, {
      name: 'Guard99',
      rank: 'Maj.',
      regimentId,
      profileImageUrl: null,
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect((await read(url)).officers[0]!.name).toBe('Guard99');

    const deleted = before.officers[0]!;
    expect((await admin.write('DELETE', `/api/admin/officers/${deleted.id}`)).statusCode).toBe(200);
    const after = await read(url);
    expect(after.officers.map((officer) => officer.id)).not.toContain(deleted.id);
    expect(after.totalCount).toBe(29);
  });
});
