import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReviewPage } from '#core/api.js';
import { fakeSteamPlugin } from '#server/test-doubles/fake-steam.js';
import { OpenIdError, verifyAssertion } from '#server/adapters/steam/openid.js';
import { MSG } from '#core/messages.js';
import { steamLinkStates, steamStatsCache, users } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, type TestClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser } from '#server/test/fixtures.js';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let ctx: TestContext;
let fake: FastifyInstance;
let fakeBase: string;
let statsRequests = 0;

beforeAll(async () => {
  const port = await freePort();
  fakeBase = `http://127.0.0.1:${port}`;
  fake = Fastify();
  fake.addHook('onRequest', async (request) => {
    if (request.url.includes('GetUserStatsForGame')) statsRequests += 1;
  });
  await fake.register(fakeSteamPlugin, { endpointUrl: `${fakeBase}/openid/login`, publicUrl: 'http://localhost:3000' });
  await fake.listen({ port, host: '127.0.0.1' });
  ctx = await createTestContext({
    steam: { openIdUrl: `${fakeBase}/openid/login`, apiUrl: `${fakeBase}/api`, apiKey: 'test-key', fake: false },
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

/** Starts a link and lets the fake Steam approve it: returns the callback URL the browser would follow. */
async function approvedCallback(client: TestClient, steamId: string, start = '/api/auth/steam?redirect=/my-stats') {
  const started = await client.get(start);
  expect(started.statusCode).toBe(302);
  const providerUrl = new URL(started.headers.location as string);
  expect(providerUrl.origin + providerUrl.pathname).toBe(`${fakeBase}/openid/login`);
  expect(providerUrl.searchParams.get('openid.mode')).toBe('checkid_setup');
  expect(providerUrl.searchParams.get('openid.identity')).toBe('http://specs.openid.net/auth/2.0/identifier_select');
  const returnTo = providerUrl.searchParams.get('openid.return_to')!;
  const approved = await fetch(`${fakeBase}/openid/approve`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ return_to: returnTo, steamid: steamId }),
    redirect: 'manual',
  });
  expect(approved.status).toBe(302);
  return new URL(approved.headers.get('location')!);
}

async function follow(client: TestClient, callback: URL) {
  const response = await client.get(callback.pathname + callback.search);
  expect(response.statusCode).toBe(302);
  return new URL(response.headers.location as string, 'http://localhost:3000');
}

async function steamIdOf(userId: number) {
  const [row] = await ctx.db.select({ steamId: users.steamId }).from(users).where(eq(users.id, userId));
  return row?.steamId ?? null;
}

describe('linking a Steam account', () => {
  it('links the account and returns to the officer page that asked', async () => {
    const { client, userId } = await signedInClient(ctx);
    const callback = await approvedCallback(client, '76561198000000011', '/api/auth/steam?officerId=5');
    expect(callback.searchParams.get('officerId')).toBe('5');
    const landing = await follow(client, callback);
    expect(landing.pathname).toBe('/officer/5');
    expect(landing.searchParams.get('steamLinked')).toBe('1');
    expect(await steamIdOf(userId)).toBe('76561198000000011');
    expect((await client.get('/api/auth/status')).json().user.steamId).toBe('76561198000000011');
  });

  it('sends a visitor to the login page instead', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/steam?redirect=/my-stats' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
  });

  it('never redirects to another origin', async () => {
    const { client } = await signedInClient(ctx);
    const callback = await approvedCallback(client, '76561198000000012', '/api/auth/steam?redirect=//evil.example/x');
    const landing = await follow(client, callback);
    expect(landing.origin).toBe('http://localhost:3000');
    expect(landing.pathname).toBe('/my-stats');
  });

  it('refuses a Steam account already linked to another user', async () => {
    const first = await signedInClient(ctx);
    await follow(first.client, await approvedCallback(first.client, '76561198000000013'));
    const second = await signedInClient(ctx);
    const landing = await follow(second.client, await approvedCallback(second.client, '76561198000000013'));
    expect(landing.searchParams.get('steamError')).toBe('taken');
    expect(await steamIdOf(second.userId)).toBeNull();
  });

  it('reports a cancelled sign-in', async () => {
    const { client, userId } = await signedInClient(ctx);
    const started = await client.get('/api/auth/steam');
    const returnTo = new URL(started.headers.location as string).searchParams.get('openid.return_to')!;
    const cancelled = await fetch(`${fakeBase}/openid/approve`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ return_to: returnTo, cancel: '1' }),
      redirect: 'manual',
    });
    const landing = await follow(client, new URL(cancelled.headers.get('location')!));
    expect(landing.searchParams.get('steamError')).toBe('cancelled');
    expect(await steamIdOf(userId)).toBeNull();
  });
});

describe('forged assertions are refused', () => {
  const forgeries: Array<[string, (p: URLSearchParams) => void]> = [
    ['a wrong op_endpoint', (p) => p.set('openid.op_endpoint', 'https://evil.example/openid/login')],
    [
      'a claimed_id on another host',
      (p) => {
        p.set('openid.claimed_id', 'https://evil.example/openid/id/76561198000000099');
        p.set('openid.identity', 'https://evil.example/openid/id/76561198000000099');
      },
    ],
    ['an identity different from claimed_id', (p) => p.set('openid.identity', 'https://steamcommunity.com/openid/id/76561198000000098')],
    ['an altered return_to', (p) => p.set('openid.return_to', `${p.get('openid.return_to')}&redirect=/elsewhere`)],
    ['a field left unsigned', (p) => p.set('openid.signed', 'op_endpoint,claimed_id,identity,return_to')],
    [
      'an assertion the provider does not confirm (is_valid:false)',
      (p) => {
        p.set('openid.claimed_id', 'https://steamcommunity.com/openid/id/76561198000000097');
        p.set('openid.identity', 'https://steamcommunity.com/openid/id/76561198000000097');
      },
    ],
    ['a stale nonce', (p) => p.set('openid.response_nonce', '2020-01-01T00:00:00Zabcdef')],
    ['mode setup_needed', (p) => p.set('openid.mode', 'setup_needed')],
  ];

  it.each(forgeries)('refuses %s', async (_name, forge) => {
    const { client, userId } = await signedInClient(ctx);
    const callback = await approvedCallback(client, '76561198000000021');
    forge(callback.searchParams);
    const landing = await follow(client, callback);
    expect(landing.searchParams.get('steamError')).toBe('invalid');
    expect(await steamIdOf(userId)).toBeNull();
  });

  it('keeps at most three link states per session however often the link is started (issue 37, item 4)', async () => {
    const { client, userId } = await signedInClient(ctx);
    for (let i = 0; i < 30; i += 1) expect((await client.get('/api/auth/steam?redirect=/my-stats')).statusCode).toBe(302);
    expect(await ctx.db.select().from(steamLinkStates).where(eq(steamLinkStates.userId, userId))).toHaveLength(3);
    // The newest still links: a started sign-in is never the one replaced.
    const callback = await approvedCallback(client, '76561198000000029');
    expect((await follow(client, callback)).searchParams.get('steamLinked')).toBe('1');
  });

  it('refuses a callback replayed after success (state is single use)', async () => {
    const { client } = await signedInClient(ctx);
    const callback = await approvedCallback(client, '76561198000000022');
    expect((await follow(client, callback)).searchParams.get('steamLinked')).toBe('1');
    const replay = await follow(client, callback);
    expect(replay.searchParams.get('steamError')).toBe('expired');
  });

  it('refuses a replayed nonce even when the state is re-created', async () => {
    const { client, userId } = await signedInClient(ctx);
    const callback = await approvedCallback(client, '76561198000000023');
    const state = callback.searchParams.get('state')!;
    const [issued] = await ctx.db.select().from(steamLinkStates).where(eq(steamLinkStates.id, state));
    expect((await follow(client, callback)).searchParams.get('steamLinked')).toBe('1');
    await ctx.db.update(users).set({ steamId: null }).where(eq(users.id, userId));
    await ctx.db.insert(steamLinkStates).values(issued!);
    const replay = await follow(client, callback);
    expect(replay.searchParams.get('steamError')).toBe('invalid');
    expect(await steamIdOf(userId)).toBeNull();
  });

  it('refuses a callback from another session', async () => {
    const victim = await signedInClient(ctx);
    const attacker = await signedInClient(ctx);
    const callback = await approvedCallback(attacker.client, '76561198000000024');
    const landing = await follow(victim.client, callback);
    expect(landing.searchParams.get('steamError')).toBe('expired');
    expect(await steamIdOf(victim.userId)).toBeNull();
  });

  it('checks the nonce before asking the provider (unit)', async () => {
    const seen = new Set<string>();
    const params = {
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'id_res',
      'openid.op_endpoint': 'https://steamcommunity.com/openid/login',
      'openid.claimed_id': 'https://steamcommunity.com/openid/id/76561198000000031',
      'openid.identity': 'https://steamcommunity.com/openid/id/76561198000000031',
      'openid.return_to': 'http://localhost:3000/api/auth/steam/callback?state=x',
      'openid.response_nonce': `${new Date().toISOString().slice(0, 19)}Zabc`,
      'openid.assoc_handle': '1',
      'openid.signed': 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle',
      'openid.sig': 'c2ln',
    };
    const options = {
      endpoint: 'https://steamcommunity.com/openid/login',
      returnTo: 'http://localhost:3000/api/auth/steam/callback?state=x',
      consumeNonce: async (n: string) => (seen.has(n) ? false : (seen.add(n), true)),
      fetchImpl: (async () => new Response('ns:http://specs.openid.net/auth/2.0\nis_valid:true\n')) as typeof fetch,
    };
    await expect(verifyAssertion(params, options)).resolves.toBe('76561198000000031');
    await expect(verifyAssertion(params, options)).rejects.toMatchObject({ reason: 'replayed_nonce' } satisfies Partial<OpenIdError>);
  });
});

describe('game statistics', () => {
  it('maps the Web API answer and sums the games', async () => {
    const { client } = await signedInClient(ctx, { steamId: '76561198000123456' });
    const response = await client.get('/api/users/me/steam-stats');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    const s = body.stats;
    expect(s.total).toBe(s.skirmish + s.conquest + s.picketPatrol + s.contention);
    expect(typeof s.STAT_PROGRESSION_EXPERIENCE).toBe('number');
  });

  it('answers from the cache instead of spending the quota again', async () => {
    const { client } = await signedInClient(ctx, { steamId: '76561198000654321' });
    await client.get('/api/users/me/steam-stats');
    const before = statsRequests;
    const again = await client.get('/api/users/me/steam-stats');
    expect(again.json().success).toBe(true);
    expect(statsRequests).toBe(before);
  });

  it('says when the profile is private or has no stats', async () => {
    for (const steamId of ['76561198000010000', '76561198000010001']) {
      const { client } = await signedInClient(ctx, { steamId });
      const body = (await client.get('/api/users/me/steam-stats')).json();
      expect(body).toEqual({ success: false, message: MSG.steam.statsUnavailable, stats: null });
    }
  });

  it('says when Steam cannot be reached, without a 500', async () => {
    const offline = await createTestContext({
      steam: { openIdUrl: `${fakeBase}/openid/login`, apiUrl: 'http://127.0.0.1:9/api', apiKey: 'k', fake: false },
    });
    try {
      const { client } = await signedInClient(offline, { steamId: '76561198000000041' });
      const response = await client.get('/api/users/me/steam-stats');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: false, message: MSG.steam.statsError, stats: null });
      expect(await offline.db.select().from(steamStatsCache)).toHaveLength(1);
    } finally {
      await offline.close();
    }
  });

  it("requires sign-in for my stats and serves an officer's stats publicly", async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me/steam-stats' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/officers/999999/steam-stats' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/officers/abc/steam-stats' })).statusCode).toBe(400);
  });
});

describe('reviewer signals', () => {
  /** The author of the only review of a new officer, as that officer's review page shows them. */
  async function reviewerOnPage(officerId: number) {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/reviews/officer/${officerId}` });
    expect(response.statusCode).toBe(200);
    return response.json<ReviewPage>().reviews[0]!.user;
  }

  async function reviewedOfficer(userId: number) {
    const officer = await createOfficer(ctx.db, { regimentId: (await createRegiment(ctx.db)).id });
    await createReview(ctx.db, { userId, officerId: officer.id });
    return officer.id;
  }

  it('shows the figures kept on the user row and reads stale ones from Steam once, in the background', async () => {
    // The fake's figures for this id: games 367 + 242 + 110 + 8 = 727, 237,120 XP = level 15.
    const author = await createUser(ctx.db, { steamId: '76561198000222222' });
    const [first, second] = [await reviewedOfficer(author.id), await reviewedOfficer(author.id)];
    const before = statsRequests;
    // Never read: nothing to show yet, and the list answers without waiting for Steam.
    expect(await reviewerOnPage(first)).toEqual({
      id: author.id,
      username: author.username,
      steamId: '76561198000222222',
      level: null,
      totalGames: null,
      reviewCount: 2,
      memberSince: author.createdAt.toISOString(),
    });
    await reviewerOnPage(second);
    await ctx.app.reviewerSignals.idle();
    expect(statsRequests - before).toBe(1);
    // Both pages were kept with the old figures: the refresh forgot them.
    expect(await reviewerOnPage(first)).toMatchObject({ level: 15, totalGames: 727, reviewCount: 2 });
    expect(await reviewerOnPage(second)).toMatchObject({ level: 15, totalGames: 727 });
    await ctx.app.reviewerSignals.idle();
    expect(statsRequests - before).toBe(1);
  });

  it('shows nothing from Steam for a private profile or an account without Steam', async () => {
    const hidden = await createUser(ctx.db, { steamId: '76561198000220000' });
    const unlinked = await createUser(ctx.db);
    const [privateOfficer, unlinkedOfficer] = [await reviewedOfficer(hidden.id), await reviewedOfficer(unlinked.id)];
    await reviewerOnPage(privateOfficer);
    await reviewerOnPage(unlinkedOfficer);
    await ctx.app.reviewerSignals.idle();
    expect(await reviewerOnPage(privateOfficer)).toMatchObject({ level: null, totalGames: null, reviewCount: 1 });
    expect(await reviewerOnPage(unlinkedOfficer)).toMatchObject({ steamId: null, level: null, totalGames: null, reviewCount: 1 });
    const [row] = await ctx.db.select({ refreshedAt: users.steamRefreshedAt }).from(users).where(eq(users.id, hidden.id));
    expect(row!.refreshedAt).not.toBeNull();
  });

  it('keeps the figures My Stats reads, and hides only the level when the user asks', async () => {
    // This id's figures: games 154 + 248 + 130 + 0 = 532, 1,654,976 XP = level 41.
    const { client, userId } = await signedInClient(ctx, { steamId: '76561198000333333' });
    const officerId = await reviewedOfficer(userId);
    // No background refresh from here on: the figures can only come from My Stats.
    ctx.app.reviewerSignals.close();
    expect(await reviewerOnPage(officerId)).toMatchObject({ level: null, totalGames: null });
    expect((await client.get('/api/users/me/steam-stats')).json().success).toBe(true);
    await vi.waitFor(async () => expect(await reviewerOnPage(officerId)).toMatchObject({ level: 41, totalGames: 532 }));

    expect((await client.get('/api/users/me/settings')).json()).toMatchObject({ hideLevel: false });
    const saved = await client.write('PUT', '/api/users/me/settings', { hideLevel: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ hideLevel: true });
    expect(await reviewerOnPage(officerId)).toMatchObject({ level: null, totalGames: 532, reviewCount: 1 });
    await client.write('PUT', '/api/users/me/settings', { hideLevel: false });
    expect(await reviewerOnPage(officerId)).toMatchObject({ level: 41, totalGames: 532 });
  });

  it('refuses settings that are malformed, unsigned or without the CSRF token', async () => {
    const { client } = await signedInClient(ctx);
    for (const payload of [{ hideLevel: 'yes' }, {}, { hideLevel: true, extra: 1 }]) {
      const response = await client.write('PUT', '/api/users/me/settings', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await client.write('PUT', '/api/users/me/settings', { hideLevel: 'yes' })).json().message).toContain(MSG.settings.hideLevelRequired);
    const noToken = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/settings',
      headers: { cookie: client.cookie },
      payload: { hideLevel: true },
    });
    expect(noToken.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me/settings' })).statusCode).toBe(401);
  });
});

describe('the fake Steam', () => {
  it('refuses to run for a site that is not on a loopback address', async () => {
    const app = Fastify();
    await expect(
      app
        .register(fakeSteamPlugin, { endpointUrl: 'https://ratings.example.org/__fake-steam/openid/login', publicUrl: 'https://ratings.example.org' })
        .ready(),
    ).rejects.toThrow(/local development only/);
  });
});
