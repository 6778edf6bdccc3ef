/**
 * Fuzzing every registered route (issue 12): each endpoint of app.routeList gets hostile path
 * parameters, query strings and bodies, sent through the real stack (inject) by a client that gets
 * past authorization, so the input reaches validation and the handlers. Whatever arrives, the answer
 * must be a refusal the user can read (4xx with a JSON `message`) or a success, never a 5xx.
 *
 * The field and key names come from the routes' own zod schemas, so a route or a field added later
 * is fuzzed without touching this file. Every route gets a fresh world (authorization-world.ts):
 * destructive calls (deletes, bans, approvals) then only spoil their own route's targets.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FakeAuthEmulator } from '#server/test-doubles/fake-auth-emulator.js';
import type { RateLimitConfig } from '#server/platform/config.js';
import type { TestClient, TestContext } from './app.js';
import { createFirebaseTestContext, type FirebaseTestContext } from './firebase-mode.js';
import { TEST_DISCORD_WEBHOOK_BASE } from './app.js';
import { buildWorld, clientFor, RECRUIT_PASSWORD, type World } from './authorization-world.js';
import type { RegisteredRoute } from '#server/platform/types.js';

/** Requests in flight at once: well under the load-shedding limit (maxInFlight 64), so no 503. */
const BATCH_SIZE = 20;

// No limit is reached by the fuzzer's few thousand requests: a 429 would hide the paths behind it.
const generous = { limit: 1_000_000, windowMs: 60_000 };
const GENEROUS_RATE_LIMITS: RateLimitConfig = {
  reviewWrite: generous,
  vote: generous,
  flag: generous,
  login: generous,
  accountEmail: generous,
  upload: generous,
  publicRead: generous,
  cardDraw: generous,
  unsubscribe: generous,
  webhookChange: generous,
  secondFactor: generous,
  dataExport: generous,
  signIn: generous,
  profileEdit: generous,
  appeal: generous,
};

const LONG_PARAM = 'p'.repeat(150);
/** Over the router's maxParamLength (200, app.ts). */
const OVERLONG_PARAM = 'q'.repeat(250);
const EMOJI = encodeURIComponent('🎖️');

/** Path parameters as sent in the URL (already percent-encoded where they must be). */
const HOSTILE_PARAMS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999999999',
  '2147483647',
  '2147483648',
  'abc',
  '%00',
  'a%00b',
  '%ZZ',
  '%2F',
  '%20',
  LONG_PARAM,
  OVERLONG_PARAM,
  EMOJI,
];
/** Words no enum or lookup table holds, for the :action, :code and :fileName parameters (and the ids too). */
const UNKNOWN_WORDS = ['delete', 'APPROVE', 'approve%20', 'constructor', '__proto__', 'toString', 'x.webp', '..%2F..%2Fetc%2Fpasswd'];

const LONG_QUERY = 'v'.repeat(10_000);
/** Query values as sent (percent-encoded). */
const HOSTILE_QUERY_VALUES = [
  '',
  '%00',
  '%01%1F%7F',
  LONG_QUERY,
  '-1',
  '0',
  '1.5',
  '1e3',
  '2147483647',
  '99999999999999999999',
  'abc',
  '%ZZ',
  EMOJI,
  // LIKE patterns and quotes, for the searches.
  '%25',
  '_',
  '%5C',
  '%25%5C',
  "'",
  '%22',
  // Cursor-shaped (base64url JSON, as the paged search's `after`) with what SQL would choke on: a
  // NUL in text, numbers beyond int4 and numeric(4,2), a key of the wrong length.
  Buffer.from(JSON.stringify(['rating-desc', 4.5, 'a\u0000b', 1])).toString('base64url'),
  Buffer.from(JSON.stringify(['reviews-desc', 1e300, 'a', 99999999999])).toString('base64url'),
  Buffer.from(JSON.stringify(['name-asc', 'a'])).toString('base64url'),
];

/** Bodies that are not the object any route expects. */
const RAW_BODIES = [
  '{"a":',
  'nul',
  '[',
  '[]',
  '[1,2]',
  'null',
  '42',
  '"text"',
  'true',
  '{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  // Nesting the parser and the NUL guard (input-guard.ts) must survive.
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  // Over the 1 MB body limit: 413.
  `{"a":"${'x'.repeat(1_100_000)}"}`,
];

const MILLION = 'm'.repeat(1_000_000);
/** What each field of a valid-looking body is set to in turn. */
const HOSTILE_FIELD_VALUES: unknown[] = [
  42,
  -1,
  1.5,
  1e300,
  0,
  true,
  null,
  '',
  [1, 'a'],
  { a: 1 },
  'a\u0000b',
  '\u0001\u001f\u007f',
  '\ud800',
  '🎖️'.repeat(100),
  MILLION,
];

/**
 * Headers that replace the client's own (the attempt's headers are applied after the client's): a
 * spoilt session cookie or CSRF token must read as no session or a refusal; a body that claims an
 * encoding it does not have, or an Accept-Encoding or If-None-Match nobody sends, is the client's fault.
 */
const HOSTILE_HEADERS: Array<Record<string, string>> = [
  { cookie: 'wor_sid=%ZZ' },
  { cookie: 'wor_sid=a%00b' },
  { cookie: `wor_sid=${'s'.repeat(4_000)}` },
  { cookie: 'wor_sid=.; wor_sid=..' },
  { cookie: 'wor_sid' },
  { 'csrf-token': '%00' },
  { 'csrf-token': 't'.repeat(4_000) },
  { 'content-encoding': 'gzip' },
  { 'content-encoding': 'br' },
  { 'content-encoding': 'x-unknown' },
  { 'accept-encoding': 'br;q=x, gzip;q=-1, identity;q=0, *;q=0' },
  { 'if-none-match': 'W/"' },
  { 'if-none-match': '*' },
];

interface Attempt {
  route: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

interface Answer {
  attempt: Attempt;
  status: number;
  body: string;
  contentType: string;
}

/** Reaches the object inside optional / nullable / default / pipe wrappers; the options of a union. */
function objectShapes(schema: unknown): Array<Record<string, z.ZodType>> {
  if (schema instanceof z.ZodObject) return [schema.shape];
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return objectShapes(schema.unwrap());
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault || schema instanceof z.ZodReadonly || schema instanceof z.ZodCatch) {
    return objectShapes(schema.def.innerType);
  }
  if (schema instanceof z.ZodPipe) return objectShapes(schema.in);
  if (schema instanceof z.ZodUnion) return schema.options.flatMap(objectShapes);
  return [];
}

function keysOf(schema: unknown): string[] {
  return [...new Set(objectShapes(schema).flatMap((shape) => Object.keys(shape)))];
}

const paramNamesOf = (url: string) =>
  url
    .split('/')
    .filter((part) => part.startsWith(':'))
    .map((part) => part.slice(1));

/** An existing target of the route in the world, so that valid calls reach the handler's work. */
function validParam(url: string, name: string, world: World): string {
  switch (name) {
    case 'officerId':
      return String(world.ownOfficer.id);
    case 'regimentId':
      return String(world.regiment.id);
    // A reviewer's profile (issue 36): the owner wrote ownerReview.
    case 'userId':
      return String(world.owner.id);
    case 'sideId':
      return String(world.regiment.sideId);
    case 'action':
      return 'approve';
    case 'fileName':
      return world.imageFileName;
    case 'file':
      // A link-preview card: /api/cards/{officer|regiment}/{id}.png.
      return `${url.includes('/regiment/') ? world.regiment.id : world.ownOfficer.id}.png`;
    case 'code':
      return url.includes('reset-password') ? world.resetPasswordCode : world.verifyEmailCode;
    case 'reviewId':
      return String(world.waveReviewId);
  }
  if (url.includes('/waves/')) return String(world.waveId);
  if (url.includes('/registrations/regiments/')) return String(world.regimentRegistrationId);
  if (url.includes('/registrations/officers/')) return String(world.officerRegistrationId);
  if (url.includes('/unban')) return String(world.bannedMember.id);
  if (url.includes('/users/')) return String(world.member.id);
  if (url.includes('/approve') || url.includes('/flag')) return String(world.othersReview.id);
  if (url.includes('/reviews/')) return String(world.ownerReview.id);
  if (url.includes('/regiments/')) return String(world.regiment.id);
  if (url.includes('/officers/')) return String(world.ownOfficer.id);
  return '1';
}

function fillPath(url: string, world: World, replace?: { name: string; value: string }): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => (replace?.name === name ? replace.value : validParam(url, name, world)));
}

const TEST_WEBHOOK_URL = `${TEST_DISCORD_WEBHOOK_BASE}/112233445566778899/${'t'.repeat(68)}`;
const reviewForm = { text: 'Steady under fire and clear orders.', leadership: 4, tactics: 3.5, communication: 4, fairness: 5 };
const officerForm = (w: World) => ({ name: `Renamed ${w.tag}`, rank: 'Maj.', regimentId: w.regiment.id, profileImageUrl: null });

/** A body each route would accept: the fields are then spoiled one at a time. */
const VALID_BODIES: Record<string, (w: World) => Record<string, unknown>> = {
  'POST /api/auth/register': (w) => ({ username: `Newbie_${w.tag}`, email: `newbie.${w.tag}@example.test`, password: 'long enough password' }),
  'POST /api/auth/login': (w) => ({ email: w.recruit.email, password: RECRUIT_PASSWORD }),
  'POST /api/auth/legacy-login': (w) => ({ username: w.recruit.username, password: RECRUIT_PASSWORD }),
  'POST /api/auth/request-verification': (w) => ({ email: w.recruit.email }),
  'POST /api/auth/forgot-password': (w) => ({ email: w.recruit.email }),
  'POST /api/auth/reset-password': (w) => ({ code: w.resetPasswordCode, password: 'NewPassw0rd' }),
  'POST /api/auth/firebase-login': (w) => ({ idToken: w.recruitIdToken }),
  'POST /api/auth/firebase-register': (w) => ({ idToken: w.newcomerIdToken, username: `Newcomer_${w.tag}` }),
  'POST /api/auth/update-verification': (w) => ({ idToken: w.recruitIdToken }),
  'PATCH /api/regiments/:id/edit': (w) => ({
    name: `Edited_${w.tag}`,
    description: 'Drilled every Sunday.',
    bannerImageUrl: null,
    iconImageUrl: null,
  }),
  'PATCH /api/officers/:id/edit': officerForm,
  'PATCH /api/admin/officers/:id': officerForm,
  'POST /api/reviews': (w) => ({ ...reviewForm, officerId: w.unreviewedOfficer.id, overallRating: 4 }),
  'PUT /api/reviews/:id': (w) => ({ ...reviewForm, officerId: w.otherOfficer.id }),
  'POST /api/reviews/:id/vote': () => ({ value: 1 }),
  'POST /api/reviews/:id/flag': () => ({ reason: 'Personal attack, not a review.' }),
  'PUT /api/reviews/:id/reply': () => ({ text: 'Thank you, we drilled it all week.' }),
  'POST /api/reviews/:id/resolved': () => ({ resolved: true }),
  'POST /api/reviews/:id/reply/flag': () => ({ reason: 'Mocks the reviewer instead of answering.' }),
  'POST /api/regiments/register': (w) => ({ name: `Proposed_${w.tag}`, description: null, sideId: 1, bannerImageUrl: null, iconImageUrl: null }),
  'POST /api/officers/register': (w) => ({ name: `Applicant_${w.tag}`, rank: 'Capt.', regimentId: w.regiment.id, profileImageUrl: null }),
  'POST /api/admin/registrations/regiments/:id/:action': () => ({ notes: 'Welcome.' }),
  'POST /api/admin/registrations/officers/:id/:action': () => ({ notes: 'Welcome.' }),
  'PUT /api/regiments/:id/webhook': () => ({ url: TEST_WEBHOOK_URL }),
  'POST /api/follows': (w) => ({ officerId: w.ownOfficer.id }),
};

/** A route with a body schema but no entry above still gets a body: text in every field it names. */
function validBodyOf(route: RegisteredRoute, world: World): Record<string, unknown> {
  const known = VALID_BODIES[`${route.method} ${route.url}`];
  if (known) return known(world);
  return Object.fromEntries(keysOf(route.schema?.body).map((key) => [key, 'sample text']));
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const hasBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

/**
 * POST /api/upload's own input: forms without a boundary, with none of their parts, cut short,
 * holding no image or a broken one, an unknown kind, two files, too many fields (read-upload-form.ts).
 */
function multipartAttempts(route: string, url: string, smallPng: Buffer): Attempt[] {
  const part = (name: string, value: string, extra = '') => `--b\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;
  const file = (data: string | Buffer) =>
    Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
      Buffer.isBuffer(data) ? data : Buffer.from(data),
      Buffer.from('\r\n'),
    ]);
  const form = (...parts: Array<string | Buffer>) =>
    Buffer.concat([...parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p))), Buffer.from('--b--\r\n')]);
  const multipart = { 'content-type': 'multipart/form-data; boundary=b' };
  const attempts: Array<Omit<Attempt, 'route' | 'method' | 'url'>> = [
    { headers: multipart, payload: '--b--\r\n' },
    { headers: multipart, payload: '' },
    { headers: { 'content-type': 'multipart/form-data' }, payload: '--b--\r\n' },
    { headers: { 'content-type': 'multipart/form-data; boundary=' }, payload: '--b--\r\n' },
    { headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(100)}` }, payload: '--b--\r\n' },
    { headers: multipart, payload: 'garbage' },
    { headers: multipart, payload: '--b\r\nContent-Disposition: form-data; name="file"' },
    { headers: multipart, payload: form(part('kind', 'profile')) },
    { headers: multipart, payload: form(file('not an image at all')) },
    { headers: multipart, payload: form(file(Buffer.alloc(0))) },
    { headers: multipart, payload: form(file(smallPng.subarray(0, 40))) },
    { headers: multipart, payload: form(file(smallPng)) },
    { headers: multipart, payload: form(file(smallPng), part('kind', 'weird')) },
    { headers: multipart, payload: form(file(smallPng), part('kind', 'a\u0000b')) },
    { headers: multipart, payload: form(file(smallPng), part('kind', 'k'.repeat(1000))) },
    { headers: multipart, payload: form(file(smallPng), file(smallPng)) },
    { headers: multipart, payload: form(part('other', 'x', '; filename="x.png"'), file(smallPng)) },
    { headers: multipart, payload: form(...Array.from({ length: 10 }, (_, i) => part(`f${i}`, 'x'))) },
  ];
  return attempts.map((attempt) => ({ route, method: 'POST', url, ...attempt }));
}

/** Everything sent to one route, for one world. */
function attemptsFor(route: RegisteredRoute, world: World, smallPng: Buffer): Attempt[] {
  const name = `${route.method} ${route.url}`;
  const attempts: Attempt[] = [];
  const validUrl = fillPath(route.url, world);
  const validBody = hasBody(route.method) ? JSON.stringify(validBodyOf(route, world)) : undefined;
  const add = (url: string, payload = validBody, headers: Record<string, string> = payload === undefined ? {} : JSON_HEADERS) =>
    attempts.push({ route: name, method: route.method, url, headers, payload });

  add(validUrl);

  // Path parameters, one at a time; the others stay valid.
  for (const param of paramNamesOf(route.url)) {
    for (const value of [...HOSTILE_PARAMS, ...UNKNOWN_WORDS]) add(fillPath(route.url, world, { name: param, value }));
  }

  // Query strings: each key the schema names, alone, with each hostile value; arrays; unknown keys.
  for (const key of keysOf(route.schema?.querystring)) {
    for (const value of HOSTILE_QUERY_VALUES) add(`${validUrl}?${key}=${value}`);
    add(`${validUrl}?${key}=1&${key}=2`);
    add(`${validUrl}?${key}`);
    add(`${validUrl}?${key}[]=1`);
  }
  add(`${validUrl}?unknown=1&__proto__=x&constructor=y&%00=z`);
  add(`${validUrl}?${'k'.repeat(5_000)}=1`);

  for (const headers of HOSTILE_HEADERS) {
    attempts.push({
      route: name,
      method: route.method,
      url: validUrl,
      headers: { ...(validBody === undefined ? {} : JSON_HEADERS), ...headers },
      payload: validBody,
    });
  }

  if (!hasBody(route.method)) return attempts;

  for (const raw of RAW_BODIES) add(validUrl, raw);
  add(validUrl, '', JSON_HEADERS);
  add(validUrl, validBody, { 'content-type': 'text/plain' });
  add(validUrl, validBody, { 'content-type': 'application/x-www-form-urlencoded' });
  add(validUrl, validBody, { 'content-type': 'application/json; charset=utf-16' });
  add(validUrl, validBody, { 'content-type': 'application/json; charset=utf-8' });
  add(validUrl, validBody, {});

  const body = JSON.parse(validBody!) as Record<string, unknown>;
  for (const field of new Set([...Object.keys(body), ...keysOf(route.schema?.body)])) {
    for (const value of HOSTILE_FIELD_VALUES) add(validUrl, JSON.stringify({ ...body, [field]: value }));
    const { [field]: _missing, ...rest } = body;
    add(validUrl, JSON.stringify(rest));
  }
  add(validUrl, JSON.stringify({ ...body, unknownField: 'x', isAdmin: true, id: 1, userId: 1, status: 'approved' }));

  if (route.url === '/api/upload') attempts.push(...multipartAttempts(name, validUrl, smallPng));
  return attempts;
}

const PROJECT = 'demo-wor-fuzz';
let emulator: FakeAuthEmulator;
let firebaseMode: FirebaseTestContext | undefined;
let ctx: TestContext;
let smallPng: Buffer;
const answers: Answer[] = [];

/** Where a call goes through: the public auth calls as a visitor, the rest as an admin with Steam. */
type Actor = 'visitor' | 'admin' | 'owner';
const isPublicAuthCall = (url: string) => url.startsWith('/api/auth/') && !url.startsWith('/api/auth/steam');

async function inject(client: TestClient, attempt: Attempt): Promise<Answer> {
  const response = await ctx.app.inject({
    method: attempt.method as 'GET',
    url: attempt.url,
    headers: { cookie: client.cookie, 'csrf-token': client.csrfToken, ...attempt.headers },
    ...(attempt.payload === undefined ? {} : { payload: attempt.payload }),
  });
  return { attempt, status: response.statusCode, body: response.body, contentType: String(response.headers['content-type'] ?? '') };
}

/**
 * Admins are refused a few calls that belong to the owner alone (their own officer profile, their
 * own review): those are sent as the owner, so that the input still reaches validation and beyond.
 */
async function actorFor(route: RegisteredRoute): Promise<Actor> {
  if (isPublicAuthCall(route.url)) return 'visitor';
  const world = await buildWorld(ctx.db, { emulator });
  const admin = await clientFor(ctx.app, world, 'admin');
  const body = hasBody(route.method) ? JSON.stringify(validBodyOf(route, world)) : undefined;
  const probe = await inject(admin, {
    route: `${route.method} ${route.url}`,
    method: route.method,
    url: fillPath(route.url, world),
    ...(body === undefined ? {} : { headers: JSON_HEADERS, payload: body }),
  });
  answers.push(probe);
  return probe.status === 403 ? 'owner' : 'admin';
}

const clip = (text: string | Buffer | undefined, length = 200) => {
  const value = String(text ?? '');
  return value.length > length ? `${value.slice(0, length)}… (${value.length} chars)` : value;
};
const describeAnswer = (a: Answer) =>
  `${a.attempt.method} ${clip(a.attempt.url)} body=${clip(a.attempt.payload)} -> ${a.status} ${clip(a.body, 300)}`;

beforeAll(async () => {
  firebaseMode = await createFirebaseTestContext(PROJECT, { rateLimits: GENEROUS_RATE_LIMITS });
  ({ ctx, emulator } = firebaseMode);
  smallPng = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 90, g: 60, b: 30 } } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await firebaseMode?.close();
});

describe('fuzzing every registered route', () => {
  it('sends every route hostile parameters, query strings and bodies', { timeout: 180_000 }, async () => {
    const routes = ctx.app.routeList;
    expect(routes.length).toBeGreaterThan(50);
    // The field names are read from the zod schemas: if that ever reads nothing, the fuzzing would
    // quietly shrink to the malformed bodies alone.
    for (const route of routes.filter((r) => r.schema?.body)) expect(keysOf(route.schema?.body), `${route.method} ${route.url}`).not.toEqual([]);
    expect(routes.flatMap((route) => keysOf(route.schema?.querystring))).toEqual(
      expect.arrayContaining(['q', 'sortBy', 'page', 'limit', 'side', 'after']),
    );
    for (const route of routes) {
      const actor = await actorFor(route);
      const world = await buildWorld(ctx.db, { emulator });
      const client = await clientFor(ctx.app, world, actor);
      const attempts = attemptsFor(route, world, smallPng);
      for (let i = 0; i < attempts.length; i += BATCH_SIZE) {
        answers.push(...(await Promise.all(attempts.slice(i, i + BATCH_SIZE).map((attempt) => inject(client, attempt)))));
      }
    }

    const byStatus = new Map<number, number>();
    for (const { status } of answers) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    const count = (test: (status: number) => boolean) => answers.filter((a) => test(a.status)).length;
    // The figures of the run, for the issue's closing note.
    console.log(
      `fuzz: ${routes.length} routes, ${answers.length} requests, ${count((s) => s >= 400 && s < 500)} 4xx, ` +
        `${count((s) => s >= 500)} 5xx; by status: ${[...byStatus]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}: ${n}`)
          .join(', ')}`,
    );
  });

  it('never answers with a server error', () => {
    expect(answers.length).toBeGreaterThan(1000);
    const failures = answers.filter((a) => a.status >= 500).map(describeAnswer);
    expect(failures).toEqual([]);
  });

  it('answers every refusal with JSON holding a message', () => {
    const shapeless = answers
      .filter((a) => a.status >= 400 && a.status < 500)
      // Paths outside the API (none with serveWeb off) may answer the web app's own not-found page.
      .filter((a) => a.attempt.url.startsWith('/api') || a.status !== 404)
      .filter((a) => {
        if (!a.contentType.startsWith('application/json')) return true;
        try {
          const message: unknown = (JSON.parse(a.body) as { message?: unknown }).message;
          return typeof message !== 'string' || message.trim() === '';
        } catch {
          return true;
        }
      })
      .map(describeAnswer);
    expect(shapeless).toEqual([]);
  });
});
