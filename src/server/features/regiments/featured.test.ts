import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankedRegiment } from '#core/api.js';
import { regiments } from '#server/platform/db/schema.js';
import { refreshCommunityMean } from '#server/domain/ranking-prior.js';
import { createTestContext, type TestContext } from '#server/test/app.js';
import { createRegiment, privateDataIn } from '#server/test/fixtures.js';

let ctx: TestContext;

beforeAll(async () => {
  // The aggregates are set directly below, past the writes that would forget cached answers.
  ctx = await createTestContext({ responseCacheBytes: 0 });
});
afterAll(() => ctx.close());

/** A regiment with its aggregates set as the review writes would leave them. */
async function ratedRegiment(name: string, sideId: number, averageRating: number, reviewCount: number, isActive = true) {
  const regiment = await createRegiment(ctx.db, { name, sideId, isActive });
  await ctx.db.update(regiments).set({ averageRating, reviewCount }).where(eq(regiments.id, regiment.id));
  return regiment;
}

async function featured() {
  // The community mean the ranking weighs against, published as each process does on its timer.
  await refreshCommunityMean(ctx.db);
  const response = await ctx.app.inject({ method: 'GET', url: '/api/regiments/featured' });
  expect(response.statusCode).toBe(200);
  expect(privateDataIn(response.body)).toEqual([]);
  return response.json<Array<{ id: number; name: string; sideId: number }>>();
}

describe('GET /api/regiments/featured', () => {
  it('answers no regiment while none has a rating', async () => {
    await ratedRegiment('Unrated Union', 1, 0, 0);
    expect(await featured()).toEqual([]);
  });

  it('answers the best-rated active regiment of each side, Union first, in the list shape', async () => {
    await ratedRegiment('Good Confederate', 2, 3.5, 4);
    const best = await ratedRegiment('Best Confederate', 2, 4.25, 2);
    const union = await ratedRegiment('Only Rated Union', 1, 2, 1);
    // Better rated, but not public.
    await ratedRegiment('Hidden Union', 1, 5, 9, false);

    const body = await featured();
    expect(body.map((r) => r.id)).toEqual([union.id, best.id]);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/regiments' })).json<Array<{ id: number }>>();
    expect(body[1]).toEqual(list.find((r) => r.id === best.id));
  });

  it('does not feature one perfect review above many very good ones (issue 16)', async () => {
    const veteran = await ratedRegiment('Veteran Confederate', 2, 4.6, 40);
    const lucky = await ratedRegiment('Lucky Confederate', 2, 5, 1);
    const body = await featured();
    expect(body[1]).toMatchObject({ id: veteran.id, averageRating: 4.6 });
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/regiments' })).json<RankedRegiment[]>();
    const rankOf = (id: number) => list.find((r) => r.id === id)!.rankScore!;
    expect(rankOf(lucky.id)).toBeLessThan(rankOf(veteran.id));
  });

  it('puts more reviews of the same average first, and an equal rank score goes to the name that sorts first', async () => {
    await ratedRegiment('B Company', 1, 4.5, 3);
    await ratedRegiment('C Company', 1, 4.5, 9);
    const first = await ratedRegiment('A Company', 1, 4.5, 9);
    expect((await featured())[0]).toMatchObject({ id: first.id, name: 'A Company' });
  });
});
