/**
 * What issue 15 asks of the search, through the real API on the real engine: typos forgiven, words
 * matched from their start across name, regiment and rank, rank abbreviations, the relevance order,
 * suggestions while typing, the regiment choices, and answers exact after any write, by this process,
 * another process on the same database, or anyone writing to the database directly.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Officer, OfficerSearchPage, RegimentChoices, Suggestions } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { buildApp } from '#server/app.js';
import { officers, regiments } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, testConfig, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, type RegimentRow } from '#server/test/fixtures.js';

let ctx: TestContext;
let maine: RegimentRow;
let virginia: RegimentRow;
let ghosts: RegimentRow;

beforeAll(async () => {
  ctx = await createTestContext();
  maine = await createRegiment(ctx.db, { name: '20th Maine Infantry', sideId: 1 });
  virginia = await createRegiment(ctx.db, { name: '1st Virginia Cavalry', sideId: 2 });
  ghosts = await createRegiment(ctx.db, { name: 'Maine Ghosts', sideId: 1, isActive: false });
  await createOfficer(ctx.db, { regimentId: maine.id, name: 'Joshua Chamberlain', rank: 'Col.' });
  await createOfficer(ctx.db, { regimentId: maine.id, name: 'Ellis Spear', rank: '1st Lt.' });
  await createOfficer(ctx.db, { regimentId: maine.id, name: 'Holman Melcher', rank: 'Lieutenant' });
  await createOfficer(ctx.db, { regimentId: virginia.id, name: 'Samuel Crawford', rank: 'Captain' });
  await createOfficer(ctx.db, { regimentId: virginia.id, name: 'Mainard Price', rank: 'Sgt.' });
  await createOfficer(ctx.db, { regimentId: virginia.id, name: 'José Ortega', rank: 'Capt.' });
  await createOfficer(ctx.db, { regimentId: ghosts.id, name: 'Hidden Crawford', rank: 'Capt.' });
});
afterAll(() => ctx.close());

async function get<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const names = async (query: string) => (await get<Officer[]>(`/api/officers/search?${query}`)).map((officer) => officer.name);

describe('matching', () => {
  it('forgives a typo when nothing matches as typed: "crawfrod" finds Crawford', async () => {
    expect(await names('q=crawfrod')).toEqual(['Samuel Crawford']);
    expect(await names('q=samuel%20crawfrod')).toEqual(['Samuel Crawford']);
  });

  it('matches words from their start across regiment and name: "20th mai" is the 20th Maine', async () => {
    expect((await names('q=20th%20mai&sortBy=name&sortOrder=asc')).sort()).toEqual(['Ellis Spear', 'Holman Melcher', 'Joshua Chamberlain']);
  });

  it('finds an abbreviated rank by its full word and the full word by its abbreviation', async () => {
    expect((await names('q=lt')).sort()).toEqual(['Ellis Spear', 'Holman Melcher']);
    expect((await names('q=lieutenant')).sort()).toEqual(['Ellis Spear', 'Holman Melcher']);
    expect((await names('q=captain')).sort()).toEqual(['José Ortega', 'Samuel Crawford']);
  });

  it('ignores case and accents, and never shows an officer of a hidden regiment', async () => {
    expect(await names('q=JOSE')).toEqual(['José Ortega']);
    expect(await names('q=crawford')).toEqual(['Samuel Crawford']);
  });

  it('orders by relevance when asked: a name match before a regiment match', async () => {
    // "Mainard" is a name; the 20th Maine's officers match "main" only through their regiment.
    const relevance = await names('q=main&sortBy=relevance&sortOrder=desc');
    expect(relevance[0]).toBe('Mainard Price');
    expect(relevance).toHaveLength(4);
    const page = await get<OfficerSearchPage>('/api/search/officers?q=main&sortBy=relevance&sortOrder=desc&limit=2');
    expect(page.officers.map((o) => o.name)).toEqual(relevance.slice(0, 2));
    const next = await get<OfficerSearchPage>(`/api/search/officers?q=main&sortBy=relevance&sortOrder=desc&limit=2&after=${page.nextCursor}`);
    expect(next.officers.map((o) => o.name)).toEqual(relevance.slice(2, 4));
    expect(next.nextCursor).toBeNull();
  });
});

describe('GET /api/search/suggestions', () => {
  it('suggests the regiment before its officers, at most 8, best first', async () => {
    const { suggestions } = await get<Suggestions>('/api/search/suggestions?q=20th%20maine');
    expect(suggestions[0]).toEqual({ kind: 'regiment', id: maine.id, name: '20th Maine Infantry', sideCode: 'USA', officerCount: 3 });
    expect(suggestions.slice(1).map((s) => s.kind)).toEqual(['officer', 'officer', 'officer']);
    expect(suggestions.length).toBeLessThanOrEqual(8);
  });

  it('describes an officer as the box shows it, and forgives typos', async () => {
    const { suggestions } = await get<Suggestions>('/api/search/suggestions?q=crawfrod');
    expect(suggestions).toEqual([
      {
        kind: 'officer',
        id: expect.any(Number),
        name: 'Samuel Crawford',
        rank: 'Captain',
        regimentName: '1st Virginia Cavalry',
        sideCode: 'CSA',
        averageRating: null,
        reviewCount: 0,
      },
    ]);
  });

  it('narrows to a side, suggests nothing for nothing typed, and refuses text that is too long', async () => {
    expect((await get<Suggestions>(`/api/search/suggestions?q=ma&sideId=2`)).suggestions.map((s) => s.name)).toEqual(['Mainard Price']);
    expect(await get<Suggestions>('/api/search/suggestions?q=')).toEqual({ suggestions: [] });
    const tooLong = await ctx.app.inject({ method: 'GET', url: `/api/search/suggestions?q=${'a'.repeat(101)}` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: expect.stringContaining(MSG.search.queryTooLong) });
  });
});

describe('GET /api/search/regiments', () => {
  it('offers the active regiments by name without text, with how many there are', async () => {
    expect(await get<RegimentChoices>('/api/search/regiments')).toEqual({
      regiments: [
        { id: virginia.id, name: '1st Virginia Cavalry', sideId: 2, sideName: 'Confederate' },
        { id: maine.id, name: '20th Maine Infantry', sideId: 1, sideName: 'Union' },
      ],
      totalCount: 2,
    });
    expect(await get<RegimentChoices>('/api/search/regiments?limit=1')).toMatchObject({ regiments: [{ id: virginia.id }], totalCount: 2 });
  });

  it('finds by the words typed, within a side', async () => {
    expect((await get<RegimentChoices>('/api/search/regiments?q=main')).regiments.map((r) => r.id)).toEqual([maine.id]);
    expect((await get<RegimentChoices>('/api/search/regiments?q=virginai')).regiments.map((r) => r.id)).toEqual([virginia.id]);
    expect((await get<RegimentChoices>(`/api/search/regiments?sideId=1`)).regiments.map((r) => r.id)).toEqual([maine.id]);
  });

  it('refuses a limit beyond 50 with a message', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/search/regiments?limit=51' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('limit must be a whole number from 1 to 50');
  });
});

describe('exact after writes', () => {
  it('drops a renamed officer from the old name and finds it by the new one at once', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: virginia.id, name: 'Turner Ashby', rank: 'Col.' });
    expect(await names('q=ashby')).toEqual(['Turner Ashby']);
    const admin = await signedInClient(ctx, { isAdmin: true });
    const renamed = await admin.client.write('PATCH', `/api/admin/officers/${officer.id}`, {
      name: 'Turner Ashworth',
      rank: 'Col.',
      regimentId: virginia.id,
      profileImageUrl: null,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await names('q=ashby')).toEqual([]);
    expect(await names('q=ashworth')).toEqual(['Turner Ashworth']);
    expect((await admin.client.write('DELETE', `/api/admin/officers/${officer.id}`)).statusCode).toBe(200);
    expect(await names('q=ashworth')).toEqual([]);
  });

  it('sees writes of another process and straight to the database, with no message between them', async () => {
    const other = await buildApp({ config: testConfig(), db: ctx.db, logger: false });
    await other.ready();
    try {
      const officer = await createOfficer(ctx.db, { regimentId: maine.id, name: 'Andrew Tozier', rank: 'Sgt.' });
      // Each look in another order: a URL of its own, which no response cache has kept (those hear of
      // changes through the cache bus, which writes straight to the database do not send).
      const orders = ['name-asc', 'name-desc', 'rating-asc', 'reviews-desc', 'reviews-asc'].map((sort) => sort.split('-'));
      const search = async (app: typeof other) => {
        const [sortBy, sortOrder] = orders.shift()!;
        const response = await app.inject({ method: 'GET', url: `/api/officers/search?q=tozier&sortBy=${sortBy}&sortOrder=${sortOrder}` });
        return response.json<Officer[]>().map((o) => o.name);
      };
      expect(await search(other)).toEqual(['Andrew Tozier']);
      await ctx.db.update(regiments).set({ isActive: false }).where(eq(regiments.id, maine.id));
      expect(await search(other)).toEqual([]);
      expect(await search(ctx.app)).toEqual([]);
      await ctx.db.update(regiments).set({ isActive: true }).where(eq(regiments.id, maine.id));
      await ctx.db.update(officers).set({ name: 'Andrew J. Tozier' }).where(eq(officers.id, officer.id));
      expect(await search(other)).toEqual(['Andrew J. Tozier']);
    } finally {
      await other.close();
    }
  });
});
