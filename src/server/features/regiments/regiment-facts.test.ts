/**
 * The regiment finder through the real API (issue 36, item 5): the owner (or an admin) saves the
 * regiment's facts with the edit, every regiment answer carries them, a bad region, time zone or
 * invite link is a 400 that says what is accepted and saves nothing, and GET /api/regiments filters
 * by region, language, recruiting and side, whole or paged.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankedRegiment, Regiment, RegimentPage } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { LANGUAGE_CODES } from '#core/regiment-facts.js';
import { regiments } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, type TestContext } from '#server/test/app.js';
import { createRegiment } from '#server/test/fixtures.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const FACTS = {
  region: 'NA',
  timeZone: 'America/New_York',
  languages: ['en', 'de'],
  schedule: [
    { day: 'wed', time: '20:00', what: 'Drill' },
    { day: 'sat', time: '20:00', what: 'Linebattle' },
  ],
  minimumAge: 16,
  recruiting: true,
  discordInvite: 'https://discord.gg/ironbrigade',
};

async function ownedRegiment(name: string) {
  const owner = await signedInClient(ctx);
  const regiment = await createRegiment(ctx.db, { name, sideId: 1, userId: owner.userId });
  const edit = (body: Record<string, unknown>) =>
    owner.client.write('PATCH', `/api/regiments/${regiment.id}/edit`, { name, description: null, bannerImageUrl: null, iconImageUrl: null, ...body });
  return { owner, regiment, edit };
}

async function storedFacts(regimentId: number) {
  const [row] = await ctx.db
    .select({
      region: regiments.region,
      timeZone: regiments.timeZone,
      languages: regiments.languages,
      schedule: regiments.schedule,
      minimumAge: regiments.minimumAge,
      recruiting: regiments.recruiting,
      discordInvite: regiments.discordInvite,
    })
    .from(regiments)
    .where(eq(regiments.id, regimentId));
  return row!;
}

const NO_FACTS = { region: null, timeZone: null, languages: [], schedule: [], minimumAge: null, recruiting: null, discordInvite: null };

describe('the regiment facts in PATCH /api/regiments/:id/edit', () => {
  it('saves the facts and every regiment answer carries them', async () => {
    const { regiment, edit } = await ownedRegiment('1st Facts');
    const answer = await edit(FACTS);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<Regiment>()).toMatchObject(FACTS);

    const detail = await ctx.app.inject({ method: 'GET', url: `/api/regiments/${regiment.id}` });
    expect(detail.json<Regiment>()).toMatchObject(FACTS);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/regiments' });
    expect(list.json<RankedRegiment[]>().find((item) => item.id === regiment.id)).toMatchObject(FACTS);
  });

  it('answers a regiment without facts with nulls and empty lists', async () => {
    const regiment = await createRegiment(ctx.db, { name: '2nd Quiet' });
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/regiments/${regiment.id}` });
    expect(detail.json<Regiment>()).toMatchObject(NO_FACTS);
  });

  it('keeps the facts an edit leaves out, and clears those it sends as null or blank', async () => {
    const { regiment, edit } = await ownedRegiment('3rd Kept');
    await edit(FACTS);
    expect((await edit({ name: '3rd Kept' })).statusCode).toBe(200);
    expect(await storedFacts(regiment.id)).toEqual(FACTS);

    const cleared = await edit({ region: '', timeZone: null, languages: [], schedule: null, minimumAge: '', recruiting: null, discordInvite: '  ' });
    expect(cleared.statusCode).toBe(200);
    expect(await storedFacts(regiment.id)).toEqual(NO_FACTS);
  });

  it('stores a time zone by its canonical name and each language once', async () => {
    const { regiment, edit } = await ownedRegiment('4th Canonical');
    expect((await edit({ timeZone: 'europe/berlin', languages: ['DE', 'en', 'de'] })).statusCode).toBe(200);
    expect(await storedFacts(regiment.id)).toMatchObject({ timeZone: 'Europe/Berlin', languages: ['de', 'en'] });
  });

  it.each([
    ['a region outside the list', { region: 'Africa' }, 'region', MSG.regimentFacts.regionInvalid],
    ['a time zone Intl does not know', { timeZone: 'Mars/Olympus_Mons' }, 'timeZone', MSG.regimentFacts.timeZoneInvalid],
    [
      'an invite link to another site',
      { discordInvite: 'https://discord-gg.example.com/ironbrigade' },
      'discordInvite',
      MSG.regimentFacts.discordInviteInvalid,
    ],
    ['an invite link over plain http', { discordInvite: 'http://discord.gg/ironbrigade' }, 'discordInvite', MSG.regimentFacts.discordInviteInvalid],
    [
      'a Discord link that is not an invite',
      { discordInvite: 'https://discord.com/channels/1/2' },
      'discordInvite',
      MSG.regimentFacts.discordInviteInvalid,
    ],
    ['a language off the list', { languages: ['English'] }, 'languages.0', MSG.regimentFacts.languagesInvalid(LANGUAGE_CODES.join(', '))],
    [
      'an event at 24:00',
      { schedule: [{ day: 'sat', time: '24:00', what: 'Linebattle' }] },
      'schedule.0.time',
      MSG.regimentFacts.scheduleTimeInvalid,
    ],
    [
      'an event on no weekday',
      { schedule: [{ day: 'someday', time: '20:00', what: 'Linebattle' }] },
      'schedule.0.day',
      MSG.regimentFacts.scheduleDayInvalid,
    ],
    ['a minimum age of 7', { minimumAge: 7 }, 'minimumAge', MSG.regimentFacts.minimumAgeInvalid(10, 99)],
    ['recruiting as text', { recruiting: 'yes' }, 'recruiting', MSG.regimentFacts.recruitingInvalid],
  ])('refuses %s with a 400 that says what is accepted, and saves nothing', async (_case, bad, path, message) => {
    const { regiment, edit } = await ownedRegiment(`5th Refused ${path} ${JSON.stringify(bad).length}`);
    await edit(FACTS);
    const answer = await edit({ ...FACTS, name: 'Renamed by a refused edit', ...bad });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message, errors: expect.arrayContaining([{ path, message }]) });
    expect(await storedFacts(regiment.id)).toEqual(FACTS);
    const [row] = await ctx.db.select({ name: regiments.name }).from(regiments).where(eq(regiments.id, regiment.id));
    expect(row!.name).toBe(regiment.name);
  });

  it('refuses the facts from anyone but the owner or an admin', async () => {
    const { regiment } = await ownedRegiment('6th Guarded');
    const stranger = await signedInClient(ctx);
    const answer = await stranger.client.write('PATCH', `/api/regiments/${regiment.id}/edit`, { name: '6th Guarded', ...FACTS });
    expect(answer.statusCode).toBe(403);
    expect(await storedFacts(regiment.id)).toEqual(NO_FACTS);

    const admin = await signedInClient(ctx, { isAdmin: true });
    expect((await admin.client.write('PATCH', `/api/regiments/${regiment.id}/edit`, { name: '6th Guarded', ...FACTS })).statusCode).toBe(200);
    expect(await storedFacts(regiment.id)).toEqual(FACTS);
  });
});

describe('GET /api/regiments filtered', () => {
  const names = (list: readonly RankedRegiment[]) => list.map((regiment) => regiment.name);
  let fixture: Map<string, number>;

  beforeAll(async () => {
    // Their own context: the edits above add regiments of their own.
    await ctx.close();
    ctx = await createTestContext();
    fixture = new Map();
    const rows = [
      { name: 'A NA recruiting en', sideId: 1, region: 'NA', languages: ['en'], recruiting: true },
      { name: 'B NA closed en de', sideId: 2, region: 'NA', languages: ['en', 'de'], recruiting: false },
      { name: 'C EU recruiting de', sideId: 1, region: 'EU', languages: ['de'], recruiting: true },
      { name: 'D EU silent fr', sideId: 2, region: 'EU', languages: ['fr'], recruiting: null },
      { name: 'E no facts', sideId: 1 },
      { name: 'F NA recruiting en', sideId: 2, region: 'NA', languages: ['en'], recruiting: true },
      { name: 'G NA recruiting en', sideId: 1, region: 'NA', languages: ['en'], recruiting: true },
    ] as const;
    for (const row of rows) {
      const regiment = await createRegiment(ctx.db, { ...row, languages: 'languages' in row ? [...row.languages] : [] });
      fixture.set(row.name, regiment.id);
    }
  });

  async function get<T>(query: string) {
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/regiments${query}` });
    return { status: answer.statusCode, body: answer.json<T>() };
  }

  it('answers the whole list without filters, exactly as before', async () => {
    const { status, body } = await get<RankedRegiment[]>('');
    expect(status).toBe(200);
    expect(names(body)).toEqual([...fixture.keys()]);
  });

  it.each([
    ['?region=NA', ['A NA recruiting en', 'B NA closed en de', 'F NA recruiting en', 'G NA recruiting en']],
    ['?region=EU&language=de', ['C EU recruiting de']],
    ['?language=de', ['B NA closed en de', 'C EU recruiting de']],
    ['?language=EN', ['A NA recruiting en', 'B NA closed en de', 'F NA recruiting en', 'G NA recruiting en']],
    ['?recruiting=true', ['A NA recruiting en', 'C EU recruiting de', 'F NA recruiting en', 'G NA recruiting en']],
    // A regiment that has not said is neither recruiting nor closed.
    ['?recruiting=false', ['B NA closed en de']],
    ['?sideId=2', ['B NA closed en de', 'D EU silent fr', 'F NA recruiting en']],
    ['?region=NA&recruiting=true&sideId=1', ['A NA recruiting en', 'G NA recruiting en']],
    ['?region=OCE', []],
  ])('%s keeps the regiments that match', async (query, expected) => {
    const { status, body } = await get<RankedRegiment[]>(query);
    expect(status).toBe(200);
    expect(names(body)).toEqual(expected);
  });

  it('pages the filtered list with limit and cursor', async () => {
    const first = await get<RegimentPage>('?region=NA&recruiting=true&limit=2');
    expect(first.status).toBe(200);
    expect(names(first.body.regiments)).toEqual(['A NA recruiting en', 'F NA recruiting en']);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await get<RegimentPage>(`?region=NA&recruiting=true&limit=2&cursor=${first.body.nextCursor}`);
    expect(names(second.body.regiments)).toEqual(['G NA recruiting en']);
    expect(second.body.nextCursor).toBeNull();
  });

  it.each([
    ['?region=Africa', MSG.regimentFacts.regionFilterInvalid],
    ['?region=na', MSG.regimentFacts.regionFilterInvalid],
    ['?language=klingon', MSG.regimentFacts.languageFilterInvalid(LANGUAGE_CODES.join(', '))],
    ['?recruiting=yes', MSG.regimentFacts.recruitingFilterInvalid],
    ['?sideId=abc', 'sideId must be a whole number from 1 to 2147483647'],
  ])('refuses %s with a 400 that says what is accepted', async (query, message) => {
    const { status, body } = await get<{ message: string }>(query);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });
});
