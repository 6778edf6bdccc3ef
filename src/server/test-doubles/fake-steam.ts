/**
 * A fake Steam for local runs and tests only. It speaks Steam's real protocols over HTTP — OpenID 2.0
 * (checkid_setup, a signed id_res assertion, check_authentication) and the Web API's
 * GetUserStatsForGame JSON — so the production code path is exercised unchanged. It lets the person
 * pick any SteamID on its sign-in page. It refuses to start unless the site is on a loopback address.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isLoopbackUrl } from '#server/platform/config.js';
import { OPENID_NS, STEAM_CLAIMED_ID } from '#server/adapters/steam/openid.js';

import type { SteamConfig } from '#server/platform/config.js';
import { escapeHtml } from '#server/platform/http/escape-html.js';

/** Where the app mounts the fake when it serves it itself. */
export const FAKE_STEAM_PREFIX = '/__fake-steam';

/** The Steam settings that point the real client code at the fake mounted on this site. */
export function fakeSteamConfig(publicUrl: string): SteamConfig {
  return {
    openIdUrl: `${publicUrl}${FAKE_STEAM_PREFIX}/openid/login`,
    apiUrl: `${publicUrl}${FAKE_STEAM_PREFIX}/api`,
    apiKey: 'fake-steam-development-key',
    fake: true,
  };
}

export interface FakeSteamOptions {
  /** Public URL of this fake's OpenID endpoint (what op_endpoint will say). */
  endpointUrl: string;
  /** The site's PUBLIC_URL: must be loopback. */
  publicUrl: string;
}

const SIGNED_FIELDS = ['signed', 'op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];
const SAMPLE_IDS = ['76561198000000001', '76561198012345678', '76561198087654321'];

export async function fakeSteamPlugin(app: FastifyInstance, options: FakeSteamOptions) {
  if (!isLoopbackUrl(options.publicUrl) || !isLoopbackUrl(options.endpointUrl)) {
    throw new Error('The fake Steam serves local development only: PUBLIC_URL must be a loopback address');
  }
  const secret = randomBytes(32);
  // Assertions issued and not yet checked: check_authentication answers true once per nonce.
  const pending = new Map<string, string>();

  const sign = (fields: Record<string, string>) => {
    const kv = SIGNED_FIELDS.map((name) => `${name}:${fields[`openid.${name}`] ?? ''}\n`).join('');
    return createHmac('sha256', secret).update(kv).digest('base64');
  };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/openid/login', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (query['openid.mode'] !== 'checkid_setup' || !query['openid.return_to']) {
      return reply.code(400).type('text/plain').send('Expected an OpenID 2.0 checkid_setup request');
    }
    const returnTo = query['openid.return_to'];
    const options = SAMPLE_IDS.map((id) => `<option value="${id}"></option>`).join('');
    return reply.type('text/html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Fake Steam sign-in (development)</title>
<style>body{font-family:system-ui,sans-serif;background:#1b2838;color:#c7d5e0;display:flex;justify-content:center;padding:4rem 1rem}
main{background:#171a21;padding:2rem;border-radius:8px;max-width:28rem;width:100%}label{display:block;margin:1rem 0 .25rem}
input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem;background:#66c0f4;border:0;border-radius:4px;cursor:pointer}
.cancel{background:transparent;color:#c7d5e0;text-decoration:underline}.warn{color:#f4b266}</style></head>
<body><main><h1>Fake Steam</h1>
<p class="warn">Development only: this page stands in for Steam's sign-in. Choose any SteamID.</p>
<p>Signing in to <strong>${escapeHtml(new URL(returnTo).host)}</strong></p>
<form method="post" action="approve">
<input type="hidden" name="return_to" value="${escapeHtml(returnTo)}">
<label for="steamid">SteamID64</label>
<input id="steamid" name="steamid" list="ids" required pattern="7656119[0-9]{10}" value="${SAMPLE_IDS[0]}">
<datalist id="ids">${options}</datalist>
<button type="submit">Sign in</button>
<button type="submit" name="cancel" value="1" class="cancel" formnovalidate>Cancel</button>
</form></main></body></html>`);
  });

  app.post('/openid/approve', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const returnTo = form.return_to;
    if (!returnTo || !/^https?:\/\//.test(returnTo)) return reply.code(400).send('return_to is required');
    const target = new URL(returnTo);
    if (form.cancel) {
      target.searchParams.set('openid.ns', OPENID_NS);
      target.searchParams.set('openid.mode', 'cancel');
      return reply.redirect(target.toString(), 302);
    }
    const claimedId = `https://steamcommunity.com/openid/id/${form.steamid ?? ''}`;
    if (!STEAM_CLAIMED_ID.test(claimedId)) return reply.code(400).send('A SteamID64 is 17 digits starting with 7656119');
    const nonce = `${new Date().toISOString().slice(0, 19)}Z${randomBytes(6).toString('hex')}`;
    const fields: Record<string, string> = {
      'openid.ns': OPENID_NS,
      'openid.mode': 'id_res',
      'openid.op_endpoint': options.endpointUrl,
      'openid.claimed_id': claimedId,
      'openid.identity': claimedId,
      'openid.return_to': returnTo,
      'openid.response_nonce': nonce,
      'openid.assoc_handle': '1234567890',
      'openid.signed': SIGNED_FIELDS.join(','),
    };
    fields['openid.sig'] = sign(fields);
    pending.set(nonce, fields['openid.sig']);
    for (const [key, value] of Object.entries(fields)) target.searchParams.set(key, value);
    return reply.redirect(target.toString(), 302);
  });

  app.post('/openid/login', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    reply.type('text/plain');
    if (form['openid.mode'] !== 'check_authentication') return reply.code(400).send('Expected check_authentication');
    const nonce = form['openid.response_nonce'] ?? '';
    const expected = Buffer.from(sign(form));
    const given = Buffer.from(form['openid.sig'] ?? '');
    const isValid = pending.has(nonce) && expected.length === given.length && timingSafeEqual(expected, given);
    // Like Steam, an assertion can be checked once.
    pending.delete(nonce);
    return `ns:${OPENID_NS}\nis_valid:${isValid}\n`;
  });

  app.get('/api/ISteamUserStats/GetUserStatsForGame/v2/', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (!query.key) return reply.code(403).type('text/html').send('<html><body><h1>Forbidden</h1>Access is denied.</body></html>');
    if (query.appid !== '424030' || !/^7656119\d{10}$/.test(query.steamid ?? '')) {
      return reply.code(400).send({ playerstats: { error: 'Invalid SteamID or appid' } });
    }
    return fakePlayerStats(query.steamid!, reply);
  });
}

/**
 * Deterministic statistics per SteamID, with two special endings to show the failure screens:
 * ...0000 is a private profile (403), ...0001 has no stats for the game.
 */
function fakePlayerStats(steamId: string, reply: import('fastify').FastifyReply) {
  if (steamId.endsWith('0000')) return reply.code(403).type('text/html').send('<html><body><h1>Forbidden</h1></body></html>');
  if (steamId.endsWith('0001')) return { playerstats: { steamID: steamId, gameName: 'War of Rights', error: 'Requested app has no stats' } };
  let seed = Number(steamId.slice(-6));
  const next = (max: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % max;
  };
  const stats = [
    { name: 'STAT_GAMES_PLAYED_SKIRMISH', value: next(400) },
    { name: 'STAT_GAMES_PLAYED_CONQUEST', value: next(250) },
    { name: 'STAT_GAMES_PLAYED_PICKETPATROL', value: next(150) },
    { name: 'STAT_GAMES_PLAYED_CONTENTION', value: next(120) },
    { name: 'STAT_PROGRESSION_EXPERIENCE', value: next(3_000_000) },
  ];
  return { playerstats: { steamID: steamId, gameName: 'War of Rights', stats } };
}
