/**
 * The spec's search list (GET /api/officers/search) answers exactly the first 100 public officers
 * matching the text in the requested order, whether the words match names, ranks or regiments:
 * checked here against that definition (src/server/test/search-definition.ts), computed in the test
 * from the rows it inserted, for every sort order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANK_PRIOR_WEIGHT } from '#core/constants.js';
import { rankScoreOf, type RankPrior } from '#core/rating-math.js';
import { readCommunityMean } from '#server/domain/ranking-prior.js';
import type { Officer } from '#core/api.js';
import { officers } from '#server/platform/db/schema.js';
import { createTestContext, type TestContext } from '#server/test/app.js';
import { createRegiment } from '#server/test/fixtures.js';
import { matchesTypedWords } from '#server/test/search-definition.js';

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

function nameOf(prefix: string, i: number): string {
  if (prefix === 'Rifleman' && i % 11 === 0) return `Abel${String(i % 3).padStart(2, '0')}`;
  if (prefix === 'Rifleman' && i % 9 === 0) return `Lowlander${String(i % 4).padStart(2, '0')}`;
  return `${prefix}${String(i % 60).padStart(3, '0')}`;
}

beforeAll(async () => {
  ctx = await createTestContext();
  prior = { communityMean: await readCommunityMean(ctx.db), priorWeight: RANK_PRIOR_WEIGHT };
  const { db } = ctx;
  // Names of one shape (capital, lower case, digits) sort the same in JavaScript and in any collation.
  const regimentsWanted = [
    { name: 'Lowland Brigade', sideId: 1, count: 130, isActive: true, prefix: 'Brigadier' },
    { name: 'Highland Rifles', sideId: 2, count: 70, isActive: true, prefix: 'Rifleman' },
    { name: 'Lowland Ghosts', sideId: 1, count: 20, isActive: false, prefix: 'Ghost' },
  ];
  for (const wanted of regimentsWanted) {
    const regiment = await createRegiment(db, { name: wanted.name, sideId: wanted.sideId, isActive: wanted.isActive });
    const values = Array.from({ length: wanted.count }, (_, i) => ({
      // A few Highland officers carry the other regiment's word in their name or rank; the scouts'
      // names sort before the Brigade's, so they win ties on the sort key at the Brigade's 100th.
      // Names repeat, so that id has to break ties too.
      name: nameOf(wanted.prefix, i),
      rank: wanted.prefix === 'Rifleman' && i % 11 === 0 ? 'Lowland Scout' : i % 3 === 0 ? 'Capt.' : 'Sgt.',
      regimentId: regiment.id,
      // Few distinct values: the Brigade's 100th officer sits in a large tie on the sort key. An
      // officer without a review has no rating (0), as the aggregates leave it.
      averageRating: i % 4 === 0 ? 0 : 1 + (i % 3),
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
});
afterAll(() => ctx.close());

type Sort = { sortBy: 'rating' | 'name' | 'reviews'; sortOrder: 'asc' | 'desc' };
const SORTS: Sort[] = (['rating', 'name', 'reviews'] as const).flatMap((sortBy) =>
  (['desc', 'asc'] as const).map((sortOrder) => ({ sortBy, sortOrder })),
);

function expected(q: string, { sortBy, sortOrder }: Sort, filter: (row: Row) => boolean = () => true): number[] {
  // Rating: by rank score, the Bayesian average against the published community mean (issue 16).
  const rankScore = (row: Row) => rankScoreOf(row.averageRating, row.reviewCount, prior) ?? 0;
  const key = (row: Row) => (sortBy === 'rating' ? rankScore(row) : sortBy === 'reviews' ? row.reviewCount : 0);
  const sign = sortOrder === 'asc' ? 1 : -1;
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  // In both rating orders, officers without a review come after every rated one (issue 13).
  const unratedLast = (a: Row, b: Row) => (sortBy === 'rating' ? Number(a.reviewCount === 0) - Number(b.reviewCount === 0) : 0);
  return rows
    .filter((row) => row.isPublic && filter(row))
    .filter((row) => matchesTypedWords(q, [row.name, row.rank, row.regimentName]))
    .sort((a, b) =>
      sortBy === 'name'
        ? sign * byText(a.name, b.name) || a.id - b.id
        : unratedLast(a, b) || sign * (key(a) - key(b)) || byText(a.name, b.name) || a.id - b.id,
    )
    .slice(0, 100)
    .map((row) => row.id);
}

async function searchIds(query: string): Promise<number[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/officers/search?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Officer[]>().map((officer) => officer.id);
}

describe('the search list', () => {
  // lowland: more than 100 through the regiment, names and ranks add a few more. highland: the
  // regiment only, under 100. lowlander: names only, lander: inside names only. scout: ranks only. lo: two letters, most
  // officers. zz: nothing.
  const terms = ['lowland', 'LOWLAND brig', 'highland', 'lowlander', 'lander', 'scout', 'lo', 'zz'];

  it.each(terms)('answers exactly the first 100 matches of %j in every order', async (q) => {
    for (const sort of SORTS) {
      const ids = await searchIds(`q=${encodeURIComponent(q)}&sortBy=${sort.sortBy}&sortOrder=${sort.sortOrder}`);
      expect(ids, `${q} ${sort.sortBy} ${sort.sortOrder}`).toEqual(expected(q, sort));
    }
  });

  it('keeps the side and regiment filters', async () => {
    const highland = rows.find((row) => row.regimentName === 'Highland Rifles')!.regimentId;
    for (const sort of SORTS) {
      const order = `sortBy=${sort.sortBy}&sortOrder=${sort.sortOrder}`;
      expect(await searchIds(`q=lo&sideId=2&${order}`)).toEqual(expected('lo', sort, (row) => row.sideId === 2));
      expect(await searchIds(`q=lo&regimentId=${highland}&${order}`)).toEqual(expected('lo', sort, (row) => row.regimentId === highland));
      expect(await searchIds(`q=lo&sideId=1&${order}`)).toEqual(expected('lo', sort, (row) => row.sideId === 1));
    }
  });

  it('answers the first 100 public officers without text', async () => {
    for (const sort of SORTS) {
      expect(await searchIds(`sortBy=${sort.sortBy}&sortOrder=${sort.sortOrder}`)).toEqual(expected('', sort));
    }
  });
});
