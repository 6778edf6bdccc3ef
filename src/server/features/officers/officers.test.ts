import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, TOP_OFFICERS_LIMIT } from '#core/constants.js';
import type { Officer, OfficerDetail, RankedOfficer } from '#core/api.js';
import { readCommunityMean, refreshCommunityMean } from '#server/domain/ranking-prior.js';
import { officers } from '#server/platform/db/schema.js';
import { findOfficerCardData } from '#server/domain/card-data.js';
import { getOfficerDetail, getOfficerTrend } from './queries.js';
import { recomputeRegimentAggregates } from '#server/domain/figures/aggregates.js';
import { createTestContext, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser, privateDataIn, type OfficerRow, type RegimentRow } from '#server/test/fixtures.js';

let ctx: TestContext;
let maine: RegimentRow;
let texas: RegimentRow;
let wildcards: RegimentRow;
let ghostRegiment: RegimentRow;
let emptyRegiment: RegimentRow;
const o: Record<string, OfficerRow> = {};

/** Gives an officer one review per rating, each by a fresh reviewer. */
async function review(officer: { id: number }, ...ratings: number[]) {
  for (const rating of ratings) {
    const reviewer = await createUser(ctx.db);
    await createReview(ctx.db, { userId: reviewer.id, officerId: officer.id, rating });
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx;
  maine = await createRegiment(db, { name: 'Maine', sideId: 1, description: 'Little Round Top', bannerImageUrl: '/api/images/maine01.webp' });
  texas = await createRegiment(db, { name: 'Texas', sideId: 2 });
  wildcards = await createRegiment(db, { name: 'Wildcards', sideId: 2 });
  ghostRegiment = await createRegiment(db, { name: 'Ghost', sideId: 1, isActive: false });
  emptyRegiment = await createRegiment(db, { name: 'Empty', sideId: 1 });

  // Maine: the six sort orders and the rating/reviews ties are checked on these four.
  o.cole = await createOfficer(db, { regimentId: maine.id, name: 'Cole', rank: 'Capt.' });
  o.adams = await createOfficer(db, { regimentId: maine.id, name: 'Adams', rank: 'Col.', profileImageUrl: '/api/images/adams01.webp' });
  o.baker = await createOfficer(db, { regimentId: maine.id, name: 'Baker', rank: 'Maj.' });
  o.evans = await createOfficer(db, { regimentId: maine.id, name: 'Evans', rank: 'Lt.' });
  o.hidden = await createOfficer(db, { regimentId: maine.id, name: 'Hidden', rank: 'Gen.', isActive: false });
  o.carter = await createOfficer(db, { regimentId: texas.id, name: 'Carter', rank: 'Gen.' });
  o.davis = await createOfficer(db, { regimentId: texas.id, name: 'Davis', rank: 'Capt.' });
  o.ghostly = await createOfficer(db, { regimentId: ghostRegiment.id, name: 'Ghostly', rank: 'Col.' });
  o.hillUnderscore = await createOfficer(db, { regimentId: wildcards.id, name: 'Hill_Ford', rank: 'Pvt.' });
  o.hillS = await createOfficer(db, { regimentId: wildcards.id, name: 'HillsFord', rank: 'Pvt.' });
  o.pctPercent = await createOfficer(db, { regimentId: wildcards.id, name: 'Pct%Max', rank: 'Pvt.' });
  o.pct = await createOfficer(db, { regimentId: wildcards.id, name: 'PctsMax', rank: 'Pvt.' });

  await review(o.adams, 5, 5); // 5.00, 2 reviews
  await review(o.baker, 4, 4, 4); // 4.00, 3 reviews
  await review(o.cole, 4, 4); // 4.00, 2 reviews
  await review(o.carter, 4, 5); // 4.50, 2 reviews
  await review(o.davis, 5); // 5.00, 1 review: not enough for the top list
  await review(o.hidden, 5, 5);
  await review(o.ghostly, 5, 5);

  // Adams has a linked account; Baker has two (officer_id is not unique) and must not appear twice.
  await createUser(db, { username: 'Chamberlain', steamId: '76561198000000001', officerId: o.adams.id });
  await createUser(db, { username: 'Oldest', steamId: null, officerId: o.baker.id });
  await createUser(db, { username: 'Newer', steamId: '76561198000000002', officerId: o.baker.id });

  // The rankings' community mean, published as each process does on its timer: Maine's 30/7 = 4.29
  // over 7 reviews and Texas's 14/3 = 4.67 over 3 give (4.29 * 7 + 4.67 * 3) / 10 = 4.40. With the
  // prior weight 5, the rank scores are (v * R + 5 * 4.40) / (v + 5): Adams (5, 5) 32/7 = 4.571,
  // Davis (5) 27/6 = 4.5, Carter (4, 5) 31/7 = 4.429, Cole (4, 4) 30/7 = 4.286, Baker (4, 4, 4)
  // 34/8 = 4.25. Two reviews of 4 rank above three: fewer reviews stay nearer the mean of 4.40.
  await refreshCommunityMean(db);
  expect(await readCommunityMean(db)).toBe(4.4);
});
afterAll(() => ctx.close());

async function get(url: string) {
  return ctx.app.inject({ method: 'GET', url });
}
async function names(url: string): Promise<string[]> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Officer[]>().map((officer) => officer.name);
}

const publicNames = ['Adams', 'Baker', 'Carter', 'Cole', 'Davis', 'Evans', 'Hill_Ford', 'HillsFord', 'Pct%Max', 'PctsMax'];
const malformedIds = ['abc', '-1', '1.5', '0', '1e3', '99999999999'];

describe('GET /api/officers', () => {
  it('lists public officers by name, each once', async () => {
    expect(await names('/api/officers')).toEqual(publicNames);
  });

  it('answers the full officer shape with side, regiment and linked account', async () => {
    const list = (await get('/api/officers')).json<Officer[]>();
    expect(list[0]).toEqual({
      id: o.adams!.id,
      name: 'Adams',
      rank: 'Col.',
      regimentId: maine.id,
      averageRating: 5,
      leadershipRating: 5,
      tacticsRating: 5,
      communicationRating: 5,
      fairnessRating: 5,
      reviewCount: 2,
      profileImageUrl: '/api/images/adams01.webp',
      isActive: true,
      side: { id: 1, name: 'Union', code: 'USA' },
      regiment: { id: maine.id, name: 'Maine', description: 'Little Round Top', bannerImageUrl: '/api/images/maine01.webp' },
      regimentName: 'Maine',
      linkedUsername: 'Chamberlain',
      linkedSteamId: '76561198000000001',
    });
    const baker = list.find((officer) => officer.name === 'Baker');
    expect(baker).toMatchObject({ linkedUsername: 'Oldest', linkedSteamId: null });
    const carter = list.find((officer) => officer.name === 'Carter');
    expect(carter).toMatchObject({
      averageRating: 4.5,
      side: { id: 2, name: 'Confederate', code: 'CSA' },
      regiment: { id: texas.id, name: 'Texas', description: null, bannerImageUrl: null },
      linkedUsername: null,
      linkedSteamId: null,
    });
  });

  it('leaves out private user columns', async () => {
    expect(privateDataIn((await get('/api/officers')).body)).toEqual([]);
  });
});

describe('GET /api/officers/:id', () => {
  it('answers one officer in the list shape, including regimentId, and the star distributions and recent figures beside it', async () => {
    const response = await get(`/api/officers/${o.adams!.id}`);
    expect(response.statusCode).toBe(200);
    const listed = (await get('/api/officers')).json<Officer[]>()[0];
    const { distribution, recent, openWave, wouldServeAgain, ...fields } = response.json<OfficerDetail>();
    expect(fields).toEqual(listed);
    // No review wave is being checked (issue 17).
    expect(openWave).toBeNull();
    // Neither review answered "Would you serve under this officer again?" (issue 36, item 4).
    expect(wouldServeAgain).toEqual({ yes: 0, no: 0 });
    // Two reviews of 5 in every category (issue 16).
    const twoFives = [0, 0, 0, 0, 2];
    expect(distribution).toEqual({ overall: twoFives, leadership: twoFives, tactics: twoFives, communication: twoFives, fairness: twoFives });
    // Both written today, so both recent.
    expect(recent).toEqual({ reviewCount: 2, averageRating: 5, leadership: 5, tactics: 5, communication: 5, fairness: 5 });
    expect(response.json().regimentId).toBe(maine.id);
    expect(privateDataIn(response.body)).toEqual([]);
  });

  it.each([
    ['an unknown id', () => 2147483647],
    ['an inactive officer', () => o.hidden!.id],
    ['an officer of an inactive regiment', () => o.ghostly!.id],
  ])('answers 404 for %s', async (_label, id) => {
    const response = await get(`/api/officers/${id()}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Officer not found' });
  });

  it.each(malformedIds)('answers 400 with a JSON message for the id %j', async (id) => {
    const response = await get(`/api/officers/${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: expect.any(String) });
  });

  it('answers officers, trends and link-preview cards asked for at once (batched reads) as each alone', async () => {
    const now = new Date();
    const ids = [o.adams!.id, o.hidden!.id, o.carter!.id, o.evans!.id, o.adams!.id, o.ghostly!.id];
    const reads = {
      detail: (id: number) => getOfficerDetail(ctx.db, id, now),
      trend: (id: number) => getOfficerTrend(ctx.db, id, now),
      card: (id: number) => findOfficerCardData(ctx.db, id),
    };
    for (const [kind, read] of Object.entries(reads)) {
      const settle = (id: number) => (read(id) as Promise<unknown>).catch((error: Error) => error.message);
      const alone: unknown[] = [];
      for (const id of ids) alone.push(await settle(id));
      expect(
        alone.filter((answer) => answer === 'Officer not found' || answer === null),
        kind,
      ).toHaveLength(2);
      expect(await Promise.all(ids.map(settle)), kind).toEqual(alone);
    }
    // Carter's two reviews, both this month, in the trend's last month; Evans has none.
    expect((await getOfficerTrend(ctx.db, o.carter!.id, now)).at(-1)).toMatchObject({ reviewCount: 2, averageRating: 4.5 });
    expect((await getOfficerTrend(ctx.db, o.evans!.id, now)).every((month) => month.reviewCount === 0)).toBe(true);
  });

  it('never reads "top" or "search" as an id', async () => {
    expect((await get('/api/officers/top')).statusCode).toBe(200);
    expect((await get('/api/officers/search')).statusCode).toBe(200);
  });
});

describe('GET /api/officers/top', () => {
  it('lists officers with more than one review by rank score (issue 16), each with it', async () => {
    // Davis rates 5.0 from a single review; Hidden and Ghostly are not public.
    const top = (await get('/api/officers/top')).json<RankedOfficer[]>();
    expect(top.map((officer) => [officer.name, officer.averageRating, officer.rankScore])).toEqual([
      ['Adams', 5, 4.5714],
      ['Carter', 4.5, 4.4286],
      ['Cole', 4, 4.2857],
      ['Baker', 4, 4.25],
    ]);
  });

  it('filters by side code', async () => {
    expect(await names('/api/officers/top?side=USA')).toEqual(['Adams', 'Cole', 'Baker']);
    expect(await names('/api/officers/top?side=CSA')).toEqual(['Carter']);
  });

  it.each(['usa', 'Union', '1', '', 'USA,CSA'])('refuses the side %j', async (side) => {
    const response = await get(`/api/officers/top?side=${encodeURIComponent(side)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

describe('GET /api/officers/regiment/:regimentId', () => {
  it('lists the public officers of a regiment by rank score as search does, the unrated last', async () => {
    // Cole's two 4s (4.286) before Baker's three (4.25), as in the rankings above; Evans has no review.
    expect(await names(`/api/officers/regiment/${maine.id}`)).toEqual(['Adams', 'Cole', 'Baker', 'Evans']);
  });

  it('answers an empty list for a regiment without officers', async () => {
    const response = await get(`/api/officers/regiment/${emptyRegiment.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it.each([
    ['an unknown regiment', () => 2147483647],
    ['an inactive regiment', () => ghostRegiment.id],
  ])('answers 404 for %s', async (_label, id) => {
    const response = await get(`/api/officers/regiment/${id()}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Regiment not found' });
  });

  it.each(malformedIds)('answers 400 for the regiment id %j', async (id) => {
    expect((await get(`/api/officers/regiment/${id}`)).statusCode).toBe(400);
  });
});

describe('GET /api/officers/search', () => {
  const inMaine = () => `regimentId=${maine.id}`;

  it('defaults to rating descending (by rank score) over every public officer, ties by name', async () => {
    expect(await names('/api/officers/search')).toEqual([
      'Adams',
      'Davis',
      'Carter',
      'Cole',
      'Baker',
      'Evans',
      'Hill_Ford',
      'HillsFord',
      'Pct%Max',
      'PctsMax',
    ]);
    expect(privateDataIn((await get('/api/officers/search')).body)).toEqual([]);
  });

  it.each([
    ['rating', 'desc', ['Adams', 'Cole', 'Baker', 'Evans']],
    // Evans has no review: last in both rating orders (issue 13).
    ['rating', 'asc', ['Baker', 'Cole', 'Adams', 'Evans']],
    ['name', 'asc', ['Adams', 'Baker', 'Cole', 'Evans']],
    ['name', 'desc', ['Evans', 'Cole', 'Baker', 'Adams']],
    ['reviews', 'desc', ['Baker', 'Adams', 'Cole', 'Evans']],
    ['reviews', 'asc', ['Evans', 'Adams', 'Cole', 'Baker']],
  ])('sorts by %s %s (ties by name)', async (sortBy, sortOrder, expected) => {
    expect(await names(`/api/officers/search?${inMaine()}&sortBy=${sortBy}&sortOrder=${sortOrder}`)).toEqual(expected);
  });

  it('takes a default order for a missing sortBy or sortOrder', async () => {
    expect(await names(`/api/officers/search?${inMaine()}&sortBy=name`)).toEqual(['Evans', 'Cole', 'Baker', 'Adams']);
    expect(await names(`/api/officers/search?${inMaine()}&sortOrder=asc`)).toEqual(['Baker', 'Cole', 'Adams', 'Evans']);
  });

  it('matches the officer name, the regiment name or the rank, whatever the case', async () => {
    expect(await names('/api/officers/search?q=aDaM')).toEqual(['Adams']);
    expect(await names('/api/officers/search?q=TEXAS')).toEqual(['Davis', 'Carter']);
    expect(await names('/api/officers/search?q=maj.')).toEqual(['Baker']);
    // 'Gen.' is the rank of Carter and of the inactive Hidden.
    expect(await names('/api/officers/search?q=gen')).toEqual(['Carter']);
  });

  it('trims the text, and treats empty text as no text', async () => {
    expect(await names(`/api/officers/search?q=${encodeURIComponent('  adams  ')}`)).toEqual(['Adams']);
    expect(await names('/api/officers/search?q=')).toHaveLength(publicNames.length);
    expect(await names('/api/officers/search?q=%20%20')).toHaveLength(publicNames.length);
  });

  it('reads % and _ as the punctuation between words, never as wildcards', async () => {
    expect(await names('/api/officers/search?q=hill_f&sortBy=name&sortOrder=asc')).toEqual(['Hill_Ford']);
    expect(await names(`/api/officers/search?q=${encodeURIComponent('pct%m')}`)).toEqual(['Pct%Max']);
    expect(await names('/api/officers/search?q=_')).toEqual([]);
    expect(await names(`/api/officers/search?q=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await names(`/api/officers/search?q=${encodeURIComponent('\\')}`)).toEqual([]);
  });

  it('filters by side and by regiment, alone or together', async () => {
    expect(await names('/api/officers/search?sideId=2&sortBy=name&sortOrder=asc')).toEqual([
      'Carter',
      'Davis',
      'Hill_Ford',
      'HillsFord',
      'Pct%Max',
      'PctsMax',
    ]);
    expect(await names(`/api/officers/search?regimentId=${texas.id}&sortBy=name&sortOrder=asc`)).toEqual(['Carter', 'Davis']);
    expect(await names(`/api/officers/search?sideId=1&${inMaine()}&sortBy=name&sortOrder=asc`)).toEqual(['Adams', 'Baker', 'Cole', 'Evans']);
    expect(await names(`/api/officers/search?sideId=2&${inMaine()}`)).toEqual([]);
    expect(await names(`/api/officers/search?q=ford&sideId=2&regimentId=${wildcards.id}&sortBy=name&sortOrder=desc`)).toEqual([
      'HillsFord',
      'Hill_Ford',
    ]);
    expect(await names(`/api/officers/search?regimentId=${ghostRegiment.id}`)).toEqual([]);
  });

  it('treats "all" and empty filters as no filter', async () => {
    expect(await names('/api/officers/search?sideId=all&regimentId=all')).toHaveLength(publicNames.length);
    expect(await names('/api/officers/search?sideId=&regimentId=')).toHaveLength(publicNames.length);
  });

  it('accepts text of the maximum length, counted after trimming', async () => {
    const response = await get(`/api/officers/search?q=${'a'.repeat(LIMITS.searchQueryMax)}`);
    expect(response.statusCode).toBe(200);
    const padded = await get(`/api/officers/search?q=${encodeURIComponent(`  ${'a'.repeat(LIMITS.searchQueryMax)}  `)}`);
    expect(padded.statusCode).toBe(200);
  });

  it.each([
    ['q', 'a'.repeat(LIMITS.searchQueryMax + 1)],
    ['sideId', 'abc'],
    ['sideId', '-1'],
    ['sideId', '1.5'],
    ['sideId', '99999999999'],
    ['regimentId', '0'],
    ['regimentId', 'none'],
    ['sortBy', 'stars'],
    ['sortBy', 'rating-desc'],
    ['sortBy', ''],
    ['sortOrder', 'up'],
    ['sortOrder', 'DESC'],
  ])('answers 400 for %s=%j', async (key, value) => {
    const response = await get(`/api/officers/search?${key}=${encodeURIComponent(value)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: expect.any(String) });
  });
});

// Last, because it adds many officers.
describe('result limits', () => {
  beforeAll(async () => {
    const { db } = ctx;
    const crowd = await createRegiment(db, { name: 'Crowd', sideId: 2 });
    const rows = await db
      .insert(officers)
      .values(Array.from({ length: 105 }, (_, i) => ({ name: `Crowd${String(i).padStart(3, '0')}`, rank: 'Pvt.', regimentId: crowd.id })))
      .returning({ id: officers.id });
    await recomputeRegimentAggregates(db, [crowd.id]);
    // Twelve of them qualify for the top list, all with the same figures: id decides.
    for (const { id } of rows.slice(0, 12).reverse()) {
      await review({ id }, 3, 3);
    }
    // Written straight to the database, past the API: like any outside writer, say so to the
    // response cache, which still holds the top list an earlier test read.
    ctx.app.responseCache.invalidateLocally('all');
  });

  it(`answers at most ${TOP_OFFICERS_LIMIT} top officers, ties by id`, async () => {
    const top = (await get('/api/officers/top')).json<Officer[]>();
    expect(top).toHaveLength(TOP_OFFICERS_LIMIT);
    expect(top.slice(0, 4).map((officer) => officer.name)).toEqual(['Adams', 'Carter', 'Cole', 'Baker']);
    const crowd = top.slice(4);
    expect(crowd.map((officer) => officer.name)).toEqual(['Crowd000', 'Crowd001', 'Crowd002', 'Crowd003', 'Crowd004', 'Crowd005']);
    expect(crowd.map((officer) => officer.id)).toEqual([...crowd.map((officer) => officer.id)].sort((a, b) => a - b));
  });

  it('answers at most 100 search results', async () => {
    const response = await get('/api/officers/search?sortBy=name&sortOrder=asc');
    const list = response.json<Officer[]>();
    expect(list).toHaveLength(100);
    expect(list[0]!.name).toBe('Adams');
  });
});
