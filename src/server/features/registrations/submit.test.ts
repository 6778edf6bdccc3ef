/**
 * Submitting registration requests through the real API (spec sections 5 and 7, Registrations), and
 * the regiments a user owns.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, OfficerRegistration, OwnedRegiment, RegimentRegistration } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { officerRegistrations, regimentRegistrations, users } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, TestClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, type RegimentRow } from '#server/test/fixtures.js';

const M = MSG.registrationForm;

let ctx: TestContext;
let regiment: RegimentRow;
let nameCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  regiment = await createRegiment(ctx.db, { name: 'Iron Brigade', sideId: 1 });
});
afterAll(() => ctx.close());

function uniqueName(prefix = 'Regiment'): string {
  nameCounter += 1;
  return `${prefix} ${nameCounter}`;
}

function regimentBody(overrides: Record<string, unknown> = {}) {
  return {
    name: uniqueName(),
    description: 'Formed in Augusta, mustered at Portland.',
    sideId: 1,
    bannerImageUrl: null,
    iconImageUrl: null,
    ...overrides,
  };
}

function officerBody(overrides: Record<string, unknown> = {}) {
  return { name: 'Joshua Chamberlain', rank: 'Col.', regimentId: regiment.id, profileImageUrl: null, ...overrides };
}

async function expectRefusal(response: { statusCode: number; json: () => unknown }, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect((response.json() as ErrorBody).message).toBe(message);
}

describe('POST /api/regiments/register', () => {
  it('stores a pending request of the signed-in user and answers 201', async () => {
    const { client, userId, username } = await signedInClient(ctx);
    const response = await client.post(
      '/api/regiments/register',
      regimentBody({
        name: '  20th Maine  ',
        sideId: '1',
        userId,
        bannerImageUrl: '/api/images/abc123.webp',
        iconImageUrl: '/api/images/icon01.webp',
      }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<{ success: boolean; message: string; registration: RegimentRegistration }>();
    expect(body.success).toBe(true);
    expect(body.message).toBe(MSG.registrations.regimentSubmitted);
    expect(body.registration).toMatchObject({
      userId,
      name: '20th Maine',
      description: 'Formed in Augusta, mustered at Portland.',
      sideId: 1,
      sideName: 'Union',
      status: 'pending',
      notes: null,
      bannerImageUrl: '/api/images/abc123.webp',
      iconImageUrl: '/api/images/icon01.webp',
      submitterUsername: username,
    });
    const [row] = await ctx.db.select().from(regimentRegistrations).where(eq(regimentRegistrations.id, body.registration.id));
    expect(row).toMatchObject({ userId, name: '20th Maine', status: 'pending' });
  });

  it('accepts a request without userId, description or images', async () => {
    const { client } = await signedInClient(ctx);
    const response = await client.post('/api/regiments/register', { name: uniqueName(), sideId: 2 });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ registration: RegimentRegistration }>().registration).toMatchObject({
      description: null,
      sideName: 'Confederate',
      bannerImageUrl: null,
      iconImageUrl: null,
    });
  });

  it.each([
    ['a blank name', { name: '   ' }, M.regimentNameEmpty],
    ['a missing name', { name: undefined }, M.regimentNameEmpty],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, M.regimentNameMax],
    ['a description over 250 characters', { description: 'd'.repeat(251) }, M.descriptionMax],
    ['no side', { sideId: undefined }, M.sideRequired],
    ['an empty side', { sideId: '' }, M.sideRequired],
    ['a non-numeric side', { sideId: 'union' }, M.sideInvalid],
    ['a fractional side', { sideId: 1.5 }, M.sideInvalid],
    ['a banner that is not a URL', { bannerImageUrl: 'not a url' }, M.imageUrlInvalid],
    ['an icon with a script URL', { iconImageUrl: 'javascript:alert(1)' }, M.imageUrlInvalid],
    ['an icon path outside the image store', { iconImageUrl: '/etc/passwd' }, M.imageUrlInvalid],
    ['a banner on another site', { bannerImageUrl: 'https://cdn.example.test/banner.png' }, M.imageUrlInvalid],
    ['an icon on another site', { iconImageUrl: 'https://cdn.example.test/icon.png' }, M.imageUrlInvalid],
    ['an icon over plain http', { iconImageUrl: 'http://cdn.example.test/icon.png' }, M.imageUrlInvalid],
    ['an image path on another host', { bannerImageUrl: 'https://evil.example.test/api/images/abc123.webp' }, M.imageUrlInvalid],
  ])('refuses %s with 400', async (_label, overrides, message) => {
    const { client } = await signedInClient(ctx);
    await expectRefusal(await client.post('/api/regiments/register', regimentBody(overrides)), 400, message);
  });

  it('accepts a name of exactly 100 and a description of exactly 250 characters', async () => {
    const { client } = await signedInClient(ctx);
    const name = `${uniqueName()} `.padEnd(100, 'x');
    const response = await client.post('/api/regiments/register', regimentBody({ name, description: 'd'.repeat(250) }));
    expect(response.statusCode).toBe(201);
  });

  it('refuses a side that does not exist with the spec message', async () => {
    const { client } = await signedInClient(ctx);
    await expectRefusal(await client.post('/api/regiments/register', regimentBody({ sideId: 99 })), 400, M.sideInvalid);
  });

  it('refuses a userId that is not the signed-in user with 403 and stores nothing', async () => {
    const { client, userId } = await signedInClient(ctx);
    const name = uniqueName();
    await expectRefusal(
      await client.post('/api/regiments/register', regimentBody({ name, userId: userId + 1000 })),
      403,
      MSG.registrations.notOwnAccount,
    );
    expect(await ctx.db.select().from(regimentRegistrations).where(eq(regimentRegistrations.name, name))).toEqual([]);
  });

  it('refuses the name of an existing regiment, in any case, with 409', async () => {
    const { client } = await signedInClient(ctx);
    await expectRefusal(await client.post('/api/regiments/register', regimentBody({ name: 'IRON brigade' })), 409, MSG.manage.regimentNameTaken);
  });

  it('refuses the name of an inactive regiment too (names stay unique)', async () => {
    await createRegiment(ctx.db, { name: 'Disbanded Rifles', isActive: false });
    const { client } = await signedInClient(ctx);
    await expectRefusal(await client.post('/api/regiments/register', regimentBody({ name: 'Disbanded Rifles' })), 409, MSG.manage.regimentNameTaken);
  });

  it('refuses a name already awaiting approval, from anyone, with 409', async () => {
    const first = await signedInClient(ctx);
    const second = await signedInClient(ctx);
    const name = uniqueName('Bucktails');
    expect((await first.client.post('/api/regiments/register', regimentBody({ name }))).statusCode).toBe(201);
    await expectRefusal(
      await second.client.post('/api/regiments/register', regimentBody({ name: name.toUpperCase() })),
      409,
      MSG.registrations.regimentNamePending,
    );
    await expectRefusal(await first.client.post('/api/regiments/register', regimentBody({ name })), 409, MSG.registrations.regimentNamePending);
  });

  it('lets only one of two simultaneous requests for one name through', async () => {
    const first = await signedInClient(ctx);
    const second = await signedInClient(ctx);
    await Promise.all([first.client.fetchCsrfToken(), second.client.fetchCsrfToken()]);
    const name = uniqueName('Zouaves');
    const responses = await Promise.all([
      first.client.post('/api/regiments/register', regimentBody({ name })),
      second.client.post('/api/regiments/register', regimentBody({ name })),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await ctx.db.select().from(regimentRegistrations).where(eq(regimentRegistrations.name, name))).toHaveLength(1);
  });

  it('refuses visitors with 401', async () => {
    const visitor = new TestClient(ctx.app);
    const response = await visitor.post('/api/regiments/register', regimentBody());
    expect(response.statusCode).toBe(401);
    // Signed out, even an invalid body is refused for the session, not for its fields.
    expect((await visitor.post('/api/regiments/register', {})).statusCode).toBe(401);
  });
});

describe('POST /api/officers/register', () => {
  it('stores a pending request of the signed-in user and answers 201', async () => {
    const { client, userId, username } = await signedInClient(ctx);
    const response = await client.post(
      '/api/officers/register',
      officerBody({
        name: ' Joshua Chamberlain ',
        rank: ' Col. ',
        regimentId: String(regiment.id),
        userId,
        profileImageUrl: '/api/images/face01.webp',
        proofUrl: 'https://steamcommunity.com/groups/20thmaine',
      }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<{ success: boolean; message: string; registration: OfficerRegistration }>();
    expect(body.success).toBe(true);
    expect(body.message).toBe(MSG.registrations.officerSubmitted);
    expect(body.registration).toMatchObject({
      userId,
      name: 'Joshua Chamberlain',
      rank: 'Col.',
      regimentId: regiment.id,
      regimentName: 'Iron Brigade',
      status: 'pending',
      notes: null,
      profileImageUrl: '/api/images/face01.webp',
      proofUrl: 'https://steamcommunity.com/groups/20thmaine',
      submitterUsername: username,
    });
  });

  it.each([
    ['an empty name', { name: '' }, M.officerNameEmpty],
    ['a blank name', { name: '  ' }, M.officerNameEmpty],
    ['a name over 60 characters', { name: 'n'.repeat(61) }, M.officerNameMax],
    ['a one-character rank', { rank: 'C' }, M.rankMin],
    ['a rank of spaces around one character', { rank: '  C  ' }, M.rankMin],
    ['a missing rank', { rank: undefined }, M.rankMin],
    ['a rank over 50 characters', { rank: 'r'.repeat(51) }, M.rankMax],
    ['no regiment', { regimentId: undefined }, M.regimentRequired],
    ['an empty regiment', { regimentId: '' }, M.regimentRequired],
    ['a non-numeric regiment', { regimentId: 'iron' }, M.regimentInvalid],
    ['a profile image that is not a URL', { profileImageUrl: 'face.png' }, M.imageUrlInvalid],
    ['a profile image on another site', { profileImageUrl: 'https://cdn.example.test/face.png' }, M.imageUrlInvalid],
    ['a proof that is not a URL', { proofUrl: 'ask my captain' }, M.proofUrlInvalid],
    ['a proof on the image path', { proofUrl: '/api/images/abc.webp' }, M.proofUrlInvalid],
  ])('refuses %s with 400', async (_label, overrides, message) => {
    const { client } = await signedInClient(ctx);
    await expectRefusal(await client.post('/api/officers/register', officerBody(overrides)), 400, message);
  });

  it('refuses a regiment that does not exist, or is no longer active, with the spec message', async () => {
    const { client } = await signedInClient(ctx);
    await expectRefusal(await client.post('/api/officers/register', officerBody({ regimentId: 999_999 })), 400, M.regimentInvalid);
    const inactive = await createRegiment(ctx.db, { isActive: false });
    await expectRefusal(await client.post('/api/officers/register', officerBody({ regimentId: inactive.id })), 400, M.regimentInvalid);
  });

  it('refuses a userId that is not the signed-in user with 403', async () => {
    const { client, userId } = await signedInClient(ctx);
    await expectRefusal(await client.post('/api/officers/register', officerBody({ userId: userId + 1000 })), 403, MSG.registrations.notOwnAccount);
    expect(await ctx.db.select().from(officerRegistrations).where(eq(officerRegistrations.userId, userId))).toEqual([]);
  });

  it('refuses a second request while the first is pending with 409', async () => {
    const { client } = await signedInClient(ctx);
    expect((await client.post('/api/officers/register', officerBody())).statusCode).toBe(201);
    await expectRefusal(await client.post('/api/officers/register', officerBody({ name: 'Other Name' })), 409, MSG.registrations.officerPending);
  });

  it('lets only one of two simultaneous requests of one user through', async () => {
    const { client, userId } = await signedInClient(ctx);
    await client.fetchCsrfToken();
    const responses = await Promise.all([
      client.post('/api/officers/register', officerBody({ name: 'First Click' })),
      client.post('/api/officers/register', officerBody({ name: 'Second Click' })),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await ctx.db.select().from(officerRegistrations).where(eq(officerRegistrations.userId, userId))).toHaveLength(1);
  });

  it('refuses a user who already has an officer profile with 409', async () => {
    const { client, userId } = await signedInClient(ctx);
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id });
    await ctx.db.update(users).set({ isOfficer: true, officerId: officer.id }).where(eq(users.id, userId));
    await expectRefusal(await client.post('/api/officers/register', officerBody()), 409, MSG.registrations.alreadyHasOfficer);
  });

  it('refuses visitors with 401', async () => {
    const visitor = new TestClient(ctx.app);
    expect((await visitor.post('/api/officers/register', officerBody())).statusCode).toBe(401);
  });
});

describe('GET /api/users/me/regiments/owned', () => {
  it('lists the active regiments the user owns, by name, and nothing else', async () => {
    const { client, userId } = await signedInClient(ctx);
    const other = await signedInClient(ctx);
    const zulu = await createRegiment(ctx.db, { name: 'Zulu Guards', userId });
    const alpha = await createRegiment(ctx.db, { name: 'Alpha Rifles', userId });
    await createRegiment(ctx.db, { name: 'Retired Lancers', userId, isActive: false });
    await createRegiment(ctx.db, { name: 'Someone Elses', userId: other.userId });

    const response = await client.get('/api/users/me/regiments/owned');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.json<OwnedRegiment[]>()).toEqual([
      { id: alpha.id, name: 'Alpha Rifles' },
      { id: zulu.id, name: 'Zulu Guards' },
    ]);
  });

  it('answers an empty list for a user without regiments', async () => {
    const { client } = await signedInClient(ctx);
    expect((await client.get('/api/users/me/regiments/owned')).json()).toEqual([]);
  });

  it('refuses visitors with 401', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me/regiments/owned' })).statusCode).toBe(401);
  });
});
