/**
 * The regiment list paged for the public API (issue 38, item 2): without `limit` the spec's whole
 * list as before; with it pages of the same list in the same order, by keyset (the cursor is the last
 * regiment's name and id), with no regiment repeated or skipped across pages, and a 400 that says
 * what to do for a cursor or limit this list does not give out.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankedRegiment, RegimentPage } from '#core/api.js';
import { REGIMENT_PAGE_SIZE_MAX } from '#core/constants.js';
import { MSG } from '#core/messages.js';
import { regiments } from '#server/platform/db/schema.js';
import { cacheTags } from '#server/platform/read-cache/tags.js';
import { createTestContext, type TestContext } from '#server/test/app.js';
import { createRegiment } from '#server/test/fixtures.js';
import { encodeRegimentCursor } from './regiment-cursor.js';

let ctx: TestContext;

// Out of name order, with numbers that text order would misplace (names are unique, whatever their case).
const NAMES = ['26th North Carolina', '2nd Texas', '1st Minnesota', '18th Virginia', '20th Maine', 'Irish Brigade', '9th New York'];

beforeAll(async () => {
  ctx = await createTestContext();
  for (let i = 0; i < 3; i++) for (const name of NAMES) await createRegiment(ctx.db, { name: i === 0 ? name : `${name} ${i}`, sideId: 1 + (i % 2) });
  await createRegiment(ctx.db, { name: '1st Hidden', isActive: false });
});
afterAll(() => ctx.close());

async function get<T>(query: string): Promise<T> {
  const answer = await ctx.app.inject({ method: 'GET', url: `/api/regiments${query}` });
  expect(answer.statusCode, query).toBe(200);
  return answer.json<T>();
}

/** Every page of `limit`, from the first, following nextCursor. */
async function allPages(limit: number): Promise<RegimentPage[]> {
  const pages = [await get<RegimentPage>(`?limit=${limit}`)];
  while (pages.at(-1)!.nextCursor !== null) pages.push(await get<RegimentPage>(`?limit=${limit}&cursor=${pages.at(-1)!.nextCursor}`));
  return pages;
}

const ids = (list: readonly RankedRegiment[]) => list.map((regiment) => regiment.id);

describe('GET /api/regiments, paged', () => {
  it('answers the whole list without limit, as the spec has it', async () => {
    const whole = await get<RankedRegiment[]>('');
    expect(Array.isArray(whole)).toBe(true);
    expect(whole).toHaveLength(NAMES.length * 3);
    expect(whole.slice(0, 4).map((regiment) => regiment.name)).toEqual(['1st Minnesota', '1st Minnesota 1', '1st Minnesota 2', '2nd Texas']);
  });

  it('pages the same list in the same order: every regiment once, none skipped', async () => {
    const whole = await get<RankedRegiment[]>('');
    for (const limit of [1, 5, 7, whole.length - 1, whole.length, REGIMENT_PAGE_SIZE_MAX]) {
      const pages = await allPages(limit);
      expect(pages.flatMap((page) => page.regiments)).toEqual(whole);
      expect(pages).toHaveLength(Math.ceil(whole.length / limit));
      for (const page of pages.slice(0, -1)) expect(page.regiments).toHaveLength(limit);
    }
  });

  it('takes an empty cursor as the first page', async () => {
    expect(await get('?limit=5&cursor=')).toEqual(await get('?limit=5'));
  });

  it("goes on from the cursor's key, not its position: a regiment added or removed meanwhile shifts no other", async () => {
    const first = await get<RegimentPage>('?limit=6');
    const last = first.regiments.at(-1)!;
    // Before the page's end (not shown: the reader is past it) and after it (shown on the next page).
    const before = await createRegiment(ctx.db, { name: '1st Arkansas', sideId: 2 });
    const after = await createRegiment(ctx.db, { name: `${last.name} Volunteers`, sideId: 2 });
    // The regiment the cursor names leaves the list.
    await ctx.db.update(regiments).set({ isActive: false }).where(eq(regiments.id, last.id));
    ctx.app.responseCache.invalidateLocally('all');
    try {
      const whole = await get<RankedRegiment[]>('');
      const next = await get<RegimentPage>(`?limit=6&cursor=${first.nextCursor}`);
      const from = whole.findIndex((regiment) => regiment.id === after.id);
      expect(ids(next.regiments)).toEqual(ids(whole.slice(from, from + 6)));
      expect(ids(whole).indexOf(before.id)).toBeLessThan(from);
    } finally {
      await ctx.db.delete(regiments).where(eq(regiments.id, before.id));
      await ctx.db.delete(regiments).where(eq(regiments.id, after.id));
      await ctx.db.update(regiments).set({ isActive: true }).where(eq(regiments.id, last.id));
      ctx.app.responseCache.invalidateLocally('all');
    }
  });

  it('reads a cursor as a place in the order, whatever regiment it names', async () => {
    const whole = await get<RankedRegiment[]>('');
    const page = await get<RegimentPage>(`?limit=3&cursor=${encodeRegimentCursor({ name: '2nd Texas', id: 2_147_483_647 })}`);
    const from = whole.findIndex((regiment) => regiment.name === '2nd Texas 1');
    expect(ids(page.regiments)).toEqual(ids(whole.slice(from, from + 3)));
    const end = await get<RegimentPage>(`?limit=3&cursor=${encodeRegimentCursor({ name: 'zzz', id: 1 })}`);
    expect(end).toEqual({ regiments: [], nextCursor: null });
  });

  it('keeps the pages as the whole list is kept, with its tags', async () => {
    await get('?limit=4');
    expect(ctx.app.responseCache.get('/api/regiments?limit=4')?.tags).toEqual(cacheTags.rankedList);
    expect(ctx.app.responseCache.get('/api/regiments')?.tags).toEqual(cacheTags.rankedList);
  });

  it('refuses a cursor it did not give out, or one without limit, with a 400 that says what to do', async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = [
      'not-a-cursor!',
      'a'.repeat(1100),
      encode('2nd Texas'),
      encode({ name: '2nd Texas', id: 3 }),
      encode([]),
      encode(['2nd Texas']),
      encode(['2nd Texas', 3, 4]),
      encode([3, '2nd Texas']),
      encode(['2nd Texas', 0]),
      encode(['2nd Texas', 1.5]),
      encode(['2nd Texas', 2_147_483_648]),
      encode(['2nd\u0000Texas', 3]),
      encode(['x'.repeat(101), 3]),
      Buffer.from('["2nd Texas", 3').toString('base64url'),
    ];
    for (const cursor of bad) {
      const answer = await ctx.app.inject({ method: 'GET', url: `/api/regiments?limit=5&cursor=${cursor}` });
      expect(answer.statusCode, cursor).toBe(400);
      expect(answer.json<{ message: string }>().message, cursor).toBe(MSG.regiment.badCursor);
    }
    const good = (await get<RegimentPage>('?limit=2')).nextCursor!;
    const withoutLimit = await ctx.app.inject({ method: 'GET', url: `/api/regiments?cursor=${good}` });
    expect(withoutLimit.statusCode).toBe(400);
    expect(withoutLimit.json<{ message: string }>().message).toBe(MSG.regiment.cursorWithoutLimit(REGIMENT_PAGE_SIZE_MAX));
  });

  it('refuses a limit outside 1 to the maximum', async () => {
    for (const limit of ['0', String(REGIMENT_PAGE_SIZE_MAX + 1), 'abc', '-3', '1.5', '']) {
      const answer = await ctx.app.inject({ method: 'GET', url: `/api/regiments?limit=${limit}` });
      expect(answer.statusCode, limit).toBe(400);
      expect(answer.json<{ message: string }>().message, limit).toContain('limit');
    }
  });
});
