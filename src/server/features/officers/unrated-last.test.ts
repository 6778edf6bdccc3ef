/**
 * Officers without a review show 0.0, which is no rating, not the worst one: every rating sort puts
 * them after the rated officers, in both directions (issue 13). Rated officers whose reviews gave 0
 * everywhere are rated (0.0 earned), so they sort with the rated ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Officer } from '#core/api.js';
import { createTestContext, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser, type RegimentRow } from '#server/test/fixtures.js';

let ctx: TestContext;
let regiment: RegimentRow;

async function review(officerId: number, rating: number) {
  const reviewer = await createUser(ctx.db);
  await createReview(ctx.db, { userId: reviewer.id, officerId, rating });
}

beforeAll(async () => {
  ctx = await createTestContext();
  regiment = await createRegiment(ctx.db, { name: 'Ohio Volunteers', sideId: 1 });
  // Unrated names sort first alphabetically, so a name tie-break alone would put them first.
  for (const name of ['Aaron', 'Abbott']) await createOfficer(ctx.db, { regimentId: regiment.id, name, rank: 'Lt.' });
  const ratings: Array<[string, number]> = [
    ['Hayes', 4.5],
    ['Grant', 2],
    ['Sherman', 3.5],
    ['Zero', 0],
  ];
  for (const [name, rating] of ratings) {
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name, rank: 'Capt.' });
    await review(officer.id, rating);
  }
});
afterAll(() => ctx.close());

async function names(url: string): Promise<string[]> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Officer[]>().map((officer) => officer.name);
}

describe('officers without a review in rating sorts', () => {
  it('come last under Lowest Average Rating (rating-asc)', async () => {
    expect(await names(`/api/officers/search?regimentId=${regiment.id}&sortBy=rating&sortOrder=asc`)).toEqual([
      'Zero',
      'Grant',
      'Sherman',
      'Hayes',
      'Aaron',
      'Abbott',
    ]);
  });

  it('come last under Highest Average Rating (rating-desc), after a rated 0.0', async () => {
    expect(await names(`/api/officers/search?regimentId=${regiment.id}&sortBy=rating&sortOrder=desc`)).toEqual([
      'Hayes',
      'Sherman',
      'Grant',
      'Zero',
      'Aaron',
      'Abbott',
    ]);
  });

  it('come last whatever the words match (regiment name, officer name or rank)', async () => {
    // 'ohio' and 'vol' match the regiment (every officer); 'a' starts two names.
    expect(await names('/api/officers/search?q=ohio&sortBy=rating&sortOrder=asc')).toEqual(['Zero', 'Grant', 'Sherman', 'Hayes', 'Aaron', 'Abbott']);
    expect(await names('/api/officers/search?q=vol&sortBy=rating&sortOrder=asc')).toEqual(['Zero', 'Grant', 'Sherman', 'Hayes', 'Aaron', 'Abbott']);
    expect(await names('/api/officers/search?q=a&sortBy=rating&sortOrder=asc')).toEqual(['Aaron', 'Abbott']);
    expect(await names('/api/officers/search?q=lt.&sortBy=rating&sortOrder=desc')).toEqual(['Aaron', 'Abbott']);
    expect(await names('/api/officers/search?q=capt&sortBy=rating&sortOrder=asc')).toEqual(['Zero', 'Grant', 'Sherman', 'Hayes']);
  });

  it("come last in a regiment's officer list", async () => {
    expect(await names(`/api/officers/regiment/${regiment.id}`)).toEqual(['Hayes', 'Sherman', 'Grant', 'Zero', 'Aaron', 'Abbott']);
  });

  it('leave the other sorts alone: Least Reviews still starts with them', async () => {
    expect((await names(`/api/officers/search?regimentId=${regiment.id}&sortBy=reviews&sortOrder=asc`)).slice(0, 2)).toEqual(['Aaron', 'Abbott']);
  });
});
