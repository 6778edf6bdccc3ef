/**
 * Rankings by the Bayesian average (issue 16, item 3): search's highest order, the rank scores
 * beside the plain averages, and kept answers forgotten exactly when the published community mean
 * moves (ranking-prior.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankedOfficer } from '#core/api.js';
import { createTestContext, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser, type OfficerRow } from '#server/test/fixtures.js';
import { publishCommunityMean, readCommunityMean } from '#server/domain/ranking-prior.js';

let ctx: TestContext;
let veteran: OfficerRow;
let lucky: OfficerRow;
let other: OfficerRow;

async function reviews(officer: { id: number }, ratings: number[]) {
  for (const rating of ratings) {
    const reviewer = await createUser(ctx.db);
    await createReview(ctx.db, { userId: reviewer.id, officerId: officer.id, rating });
  }
}

async function search(query: string): Promise<RankedOfficer[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/officers/search?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RankedOfficer[]>();
}

beforeAll(async () => {
  ctx = await createTestContext();
  const maine = await createRegiment(ctx.db, { name: 'Twentieth Maine', sideId: 1 });
  const texas = await createRegiment(ctx.db, { name: 'First Texas', sideId: 2 });
  veteran = await createOfficer(ctx.db, { regimentId: maine.id, name: 'Veteran Chamberlain' });
  lucky = await createOfficer(ctx.db, { regimentId: maine.id, name: 'Lucky Chamberlain' });
  other = await createOfficer(ctx.db, { regimentId: texas.id, name: 'Hood' });
  // 21 fives and 9 fours: 4.7 from 30 reviews; one 5.0; Hood's 1.0 from 10 reviews.
  await reviews(veteran, [...Array<number>(21).fill(5), ...Array<number>(9).fill(4)]);
  await reviews(lucky, [5]);
  await reviews(other, Array<number>(10).fill(1));
  await publishCommunityMean(ctx.db, ctx.app.responseCache);
});
afterAll(() => ctx.close());

describe('rankings by the Bayesian average', () => {
  it("puts a 30-review 4.7 above a 1-review 5.0 in search's highest order, showing the plain averages", async () => {
    // The community mean: Maine's (141 + 5) / 31 = 4.71 over 31 reviews and Texas's 1.00 over 10:
    // (4.71 * 31 + 1 * 10) / 41 = 3.805... = 3.81. Rank scores (v * R + 5 * 3.81) / (v + 5):
    // the veteran (141 + 19.05) / 35 = 4.5729, the lucky one (5 + 19.05) / 6 = 4.0083.
    expect(await readCommunityMean(ctx.db)).toBe(3.81);
    const found = await search('q=chamberlain&sortBy=rating&sortOrder=desc');
    expect(found.map((o) => [o.name, o.averageRating, o.reviewCount, o.rankScore])).toEqual([
      ['Veteran Chamberlain', 4.7, 30, 4.5729],
      ['Lucky Chamberlain', 5, 1, 4.0083],
    ]);
    expect((await search('q=chamberlain&sortBy=rating&sortOrder=asc')).map((o) => o.name)).toEqual(['Lucky Chamberlain', 'Veteran Chamberlain']);
  });

  it("orders a regiment's officers as search does: the 30-review 4.7 before the 1-review 5.0", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/officers/regiment/${veteran.regimentId}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Array<{ name: string; averageRating: number }>>().map((o) => [o.name, o.averageRating])).toEqual([
      ['Veteran Chamberlain', 4.7],
      ['Lucky Chamberlain', 5],
    ]);
  });

  it('forgets a kept search answer when the published community mean moves, not before', async () => {
    const before = await search('q=lucky');
    expect(before[0]!.rankScore).toBe(4.0083);
    // Ten more reviews of 1 for Hood: the community mean falls, Lucky's own figures do not change.
    await reviews(other, Array<number>(10).fill(1));
    ctx.app.responseCache.invalidateLocally(['ratings']);
    // Until it is published, rankings stay against the published mean (the kept answer is exact).
    expect((await search('q=lucky'))[0]!.rankScore).toBe(4.0083);
    expect(await publishCommunityMean(ctx.db, ctx.app.responseCache)).toBe(true);
    // (4.71 * 31 + 1 * 20) / 51 = 3.255... = 3.26: (5 + 16.3) / 6 = 3.55.
    expect(await readCommunityMean(ctx.db)).toBe(3.26);
    expect((await search('q=lucky'))[0]!.rankScore).toBe(3.55);
    // Published again with nothing changed, it has not moved.
    expect(await publishCommunityMean(ctx.db, ctx.app.responseCache)).toBe(false);
  });
});
