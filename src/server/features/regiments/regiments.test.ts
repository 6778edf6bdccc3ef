import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankedRegiment, RegimentDetail } from '#core/api.js';
import { refreshCommunityMean } from '#server/domain/ranking-prior.js';
import { sides } from '#server/platform/db/schema.js';
import { createTestContext, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser, privateDataIn, type RegimentRow } from '#server/test/fixtures.js';

let ctx: TestContext;
let alpha: RegimentRow;
let bravo: RegimentRow;
let charlie: RegimentRow;
let hidden: RegimentRow;
let ownerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx;
  const owner = await createUser(db, { username: 'Chamberlain' });
  ownerId = owner.id;
  const reviewers = [await createUser(db), await createUser(db)];
  // Created out of name order, so the list order cannot come from insertion order.
  charlie = await createRegiment(db, { name: 'Charlie', sideId: 1 });
  alpha = await createRegiment(db, {
    name: 'Alpha',
    sideId: 1,
    userId: owner.id,
    description: 'Held the left flank',
    bannerImageUrl: '/api/images/banner01.webp',
    iconImageUrl: '/api/images/icon01.webp',
  });
  bravo = await createRegiment(db, { name: 'Bravo', sideId: 2 });
  hidden = await createRegiment(db, { name: 'Aardvark', sideId: 1, isActive: false });

  const lee = await createOfficer(db, { regimentId: alpha.id, name: 'Lee' });
  await createReview(db, { userId: reviewers[0]!.id, officerId: lee.id, rating: 4 });
  await createReview(db, { userId: reviewers[1]!.id, officerId: lee.id, rating: 5 });
  // An inactive officer counts neither as an officer nor with its reviews.
  const gone = await createOfficer(db, { regimentId: alpha.id, name: 'Gone', isActive: false });
  await createReview(db, { userId: reviewers[0]!.id, officerId: gone.id, rating: 1 });
  // The rankings' community mean, as each process publishes it: Alpha's 4.5 is the only rating.
  await refreshCommunityMean(db);
});
afterAll(() => ctx.close());

const malformedIds = ['abc', '-1', '1.5', '0', '1e3', '0x10', '99999999999', '2147483648'];

describe('GET /api/regiments', () => {
  it('lists active regiments by name with side, sideName and submitterUsername', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/regiments' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Array<Record<string, unknown>>>();
    expect(body.map((r) => r.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(body[0]).toEqual({
      id: alpha.id,
      name: 'Alpha',
      description: 'Held the left flank',
      sideId: 1,
      averageRating: 4.5,
      reviewCount: 2,
      officerCount: 1,
      bannerImageUrl: '/api/images/banner01.webp',
      iconImageUrl: '/api/images/icon01.webp',
      isActive: true,
      userId: ownerId,
      side: { name: 'Union', code: 'USA' },
      sideName: 'Union',
      submitterUsername: 'Chamberlain',
      ownerLeft: false,
      // The finder's facts (issue 36, item 5): none said.
      region: null,
      timeZone: null,
      languages: [],
      schedule: [],
      minimumAge: null,
      recruiting: null,
      discordInvite: null,
      // (2 * 4.5 + 5 * 4.5) / 7: a regiment at the community mean ranks at it (issue 16).
      rankScore: 4.5,
    });
    expect(body[1]).toMatchObject({
      id: bravo.id,
      sideId: 2,
      side: { name: 'Confederate', code: 'CSA' },
      sideName: 'Confederate',
      userId: null,
      submitterUsername: null,
      description: null,
      averageRating: 0,
      reviewCount: 0,
      officerCount: 0,
      rankScore: null,
    });
  });

  it('never shows inactive regiments or private user columns', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/regiments' });
    expect(response.json<Array<{ id: number }>>().map((r) => r.id)).not.toContain(hidden.id);
    expect(privateDataIn(response.body)).toEqual([]);
  });
});

describe('GET /api/regiments/:id', () => {
  it('answers one regiment in the list shape, and the star distribution of its active officers beside it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/regiments/${alpha.id}` });
    expect(response.statusCode).toBe(200);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/regiments' })).json<RankedRegiment[]>();
    const { distribution, ...fields } = response.json<RegimentDetail>();
    // The list's rank score is a ranking's figure; the regiment's own answer does not carry it.
    const { rankScore: _rankScore, ...listFields } = list[0]!;
    expect(fields).toEqual(listFields);
    // Lee's 4 and 5; the 1 of the inactive Gone does not count, as in the average (issue 16).
    expect(distribution).toEqual({ overall: [0, 0, 0, 1, 1] });
    expect(privateDataIn(response.body)).toEqual([]);
  });

  it.each([
    ['an unknown id', () => 2147483647],
    ['an inactive regiment', () => hidden.id],
  ])('answers 404 for %s', async (_label, id) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/regiments/${id()}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Regiment not found', code: 'NOT_FOUND' });
  });

  it.each(malformedIds)('answers 400 with a JSON message for the id %j', async (id) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/regiments/${id}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: expect.any(String) });
  });
});

describe('GET /api/regiments/side/:sideId', () => {
  it('lists the active regiments of one side by name', async () => {
    const union = await ctx.app.inject({ method: 'GET', url: '/api/regiments/side/1' });
    expect(union.statusCode).toBe(200);
    expect(union.json<Array<{ id: number }>>().map((r) => r.id)).toEqual([alpha.id, charlie.id]);
    const confederate = await ctx.app.inject({ method: 'GET', url: '/api/regiments/side/2' });
    expect(confederate.json<Array<{ id: number }>>().map((r) => r.id)).toEqual([bravo.id]);
    expect(privateDataIn(union.body)).toEqual([]);
  });

  it('answers an empty list for a side without regiments, and 404 for no such side', async () => {
    await ctx.db.insert(sides).values({ id: 3, name: 'Neutral', code: 'NEU' });
    const empty = await ctx.app.inject({ method: 'GET', url: '/api/regiments/side/3' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/regiments/side/4' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Side not found' });
  });

  it.each(malformedIds)('answers 400 for the side id %j', async (id) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/regiments/side/${id}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});
