/**
 * The star distributions of issue 16 through the real API: the officer answer's five and the
 * regiment answer's overall one after reviews are written, edited and deleted (read back through the
 * response cache, so the invalidation is checked too), the answers that must not carry them, and the
 * SQL bucket agreeing with starBucket in src/core.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficerDetail, OfficerSearchPage, RegimentDetail } from '#core/api.js';
import { starBucket } from '#core/rating-math.js';
import { queryRows } from '#server/platform/db/client.js';
import { createTestContext, signedInClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, type RegimentRow } from '#server/test/fixtures.js';
import { starBucketCounts } from '#server/domain/figures/aggregates.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';

let ctx: TestContext;
let regiment: RegimentRow;
let steamCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  regiment = await createRegiment(ctx.db, { name: 'Star Counters', sideId: 1 });
});
afterAll(() => ctx.close());

async function reviewer() {
  steamCounter += 1;
  return (await signedInClient(ctx, { steamId: '7656119' + String(steamCounter).padStart(10, '0') })).client;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

const officerDistribution = async (id: number) => (await getJson<OfficerDetail>(`/api/officers/${id}`)).distribution;
const regimentDistribution = async (id: number) => (await getJson<RegimentDetail>(`/api/regiments/${id}`)).distribution;

const scores = (leadership: number, tactics: number, communication: number, fairness: number) => ({ leadership, tactics, communication, fairness });
const NONE = [0, 0, 0, 0, 0];

describe('GET /api/officers/{id} and GET /api/regiments/{id}: distribution', () => {
  it('counts each review in its star after every write, 0.5 in 1 star and 2.5 in 3', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Buford', rank: 'Brig. Gen.' });
    expect(await officerDistribution(officer.id)).toEqual({ overall: NONE, leadership: NONE, tactics: NONE, communication: NONE, fairness: NONE });
    expect(await regimentDistribution(regiment.id)).toEqual({ overall: NONE });

    const [low, middle, high] = [await reviewer(), await reviewer(), await reviewer()];
    const post = (client: typeof low, categories: ReturnType<typeof scores>) =>
      client.post('/api/reviews', { text: 'Held the ridge until relieved.', officerId: officer.id, ...categories });
    const lowReview = await post(low, scores(0.5, 0.5, 0.5, 0.5)); // overall 0.5: 1 star
    const middleReview = await post(middle, scores(2.5, 2.5, 2.5, 2.5)); // overall 2.5: 3 stars
    expect((await post(high, scores(5, 4, 4, 3.5))).statusCode).toBe(201); // overall 4.13: 4 stars
    expect([lowReview.statusCode, middleReview.statusCode]).toEqual([201, 201]);
    expect(await officerDistribution(officer.id)).toEqual({
      overall: [1, 0, 1, 1, 0],
      leadership: [1, 0, 1, 0, 1],
      tactics: [1, 0, 1, 1, 0],
      communication: [1, 0, 1, 1, 0],
      fairness: [1, 0, 1, 1, 0], // 3.5 rounds up to 4
    });
    expect(await regimentDistribution(regiment.id)).toEqual({ overall: [1, 0, 1, 1, 0] });

    // An edit moves the review from 3 stars to 2 (1.5 rounds up), everywhere.
    const middleId = middleReview.json<{ id: number }>().id;
    expect((await middle.write('PUT', `/api/reviews/${middleId}`, { text: 'Held on, barely.', ...scores(1.5, 1.5, 1.5, 1.5) })).statusCode).toBe(200);
    expect(await officerDistribution(officer.id)).toEqual({
      overall: [1, 1, 0, 1, 0],
      leadership: [1, 1, 0, 0, 1],
      tactics: [1, 1, 0, 1, 0],
      communication: [1, 1, 0, 1, 0],
      fairness: [1, 1, 0, 1, 0],
    });
    expect(await regimentDistribution(regiment.id)).toEqual({ overall: [1, 1, 0, 1, 0] });

    // A delete takes the 1-star review out.
    expect((await low.write('DELETE', `/api/reviews/${lowReview.json<{ id: number }>().id}`)).statusCode).toBe(200);
    expect(await officerDistribution(officer.id)).toEqual({
      overall: [0, 1, 0, 1, 0],
      leadership: [0, 1, 0, 0, 1],
      tactics: [0, 1, 0, 1, 0],
      communication: [0, 1, 0, 1, 0],
      fairness: [0, 1, 0, 1, 0],
    });
    expect(await regimentDistribution(regiment.id)).toEqual({ overall: [0, 1, 0, 1, 0] });
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('is carried by those two answers only: lists, search and edits keep their shape', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Reynolds', rank: 'Maj. Gen.' });
    const asList = (body: unknown) => body as unknown[];
    const lists = [
      { url: '/api/officers', items: asList },
      { url: `/api/officers/regiment/${regiment.id}`, items: asList },
      { url: '/api/officers/search?q=Reynolds', items: asList },
      { url: '/api/search/officers?q=Reynolds', items: (body: unknown) => (body as OfficerSearchPage).officers },
      { url: '/api/regiments', items: asList },
      { url: '/api/regiments/side/1', items: asList },
    ];
    for (const { url, items } of lists) {
      const found = items(await getJson(url));
      expect(found.length, url).toBeGreaterThan(0);
      for (const item of found) expect(item, url).not.toHaveProperty('distribution');
    }
    const editor = await signedInClient(ctx, { isAdmin: true });
    const edited = await editor.client.write('PATCH', `/api/admin/officers/${officer.id}`, {
      name: 'John Reynolds',
      rank: 'Maj. Gen.',
      regimentId: regiment.id,
      profileImageUrl: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).not.toHaveProperty('distribution');
    expect(await getJson(`/api/officers/${officer.id}`)).toHaveProperty('distribution');
    expect(await getJson(`/api/regiments/${regiment.id}`)).toHaveProperty('distribution');
  });
});

describe('starBucketCounts (the SQL bucket)', () => {
  it('puts every rating in the star starBucket gives it', async () => {
    const ratings = [0, 0.5, 0.99, 1, 1.49, 1.5, 2.25, 2.5, 3.49, 3.5, 4.13, 4.49, 4.5, 5];
    const rows = await queryRows<{ rating: string | number; counts: number[] }>(
      ctx.db,
      sql`select v as rating, ${starBucketCounts(sql`v`)} as counts
          from (values ${sql.join(
            ratings.map((rating) => sql`(${rating}::numeric(4,2))`),
            sql`, `,
          )}) t(v)
          group by v order by v`,
    );
    expect(rows.map((row) => row.counts.indexOf(1) + 1)).toEqual(ratings.map(starBucket));
    expect(rows.map((row) => row.counts.reduce((sum, n) => sum + n, 0))).toEqual(ratings.map(() => 1));
  });
});
