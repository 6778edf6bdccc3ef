/**
 * Link previews (issue 19, item 1), through the real app on its database over real HTTP, so the
 * front server answers what it keeps: the pages' Open Graph and Twitter meta as a crawler reads them
 * (no JavaScript), the cards they point to, escaping, and the cards following the officer's changes.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { DEFAULT_RATE_LIMITS, type Config } from '#server/platform/config.js';
import { Metrics } from '#server/platform/http/metrics.js';
import { signedInClient, testConfig, type TestContext } from '#server/test/app.js';
import { openTestDatabase } from '#server/test/database.js';
import { createOfficer, createRegiment, createReview, createUser } from '#server/test/fixtures.js';

const DISCORD_BOT = 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)';
const PUBLIC_URL = 'https://wor-ratings.example';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** What a user might type into a name: markup, quotes, an entity, replacement patterns, a control character. */
const HOSTILE_NAME = `Tom "Two-Gun" <b>O'Neil</b> & Sons $& $' \u0007`;

interface Server {
  ctx: TestContext;
  base: string;
  webRoot: string;
  metrics: Metrics;
}

/** The app with a built shell of its own, listening on a free port. */
async function startServer(overrides: Partial<Config> = {}): Promise<Server> {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'wor-cards-'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8"><title>War of Rights Officer Ratings</title></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(webRoot, '.vite'));
  writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), '{}');
  const handle = await openTestDatabase();
  const metrics = new Metrics();
  const app = await buildApp({
    config: testConfig({ serveWeb: true, publicUrl: PUBLIC_URL, ...overrides }),
    db: handle.db,
    logger: false,
    webRoot,
    metrics,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const ctx: TestContext = { app, db: handle.db, close: async () => (await app.close(), await handle.close()) };
  return { ctx, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, webRoot, metrics };
}

async function stopServer(server: Server) {
  await server.ctx.close();
  rmSync(server.webRoot, { recursive: true, force: true });
}

/** Numeric and named character references back to text, as an HTML parser reads attribute values. */
function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#\d+|[a-z]+);/g, (whole, ref: string) =>
    ref.startsWith('#') ? String.fromCodePoint(Number(ref.slice(1))) : (named[ref] ?? whole),
  );
}

/** What a crawler reads from a page: the <head>'s meta by property or name, its title, and its JSON-LD. */
function readHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = new Map<string, string>();
  for (const match of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) meta.set(match[1]!, decodeEntities(match[2]!));
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1];
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  return { head, meta, title: title === undefined ? undefined : decodeEntities(title), jsonLd, titles: head.match(/<title>/g)?.length ?? 0 };
}

/** As Discord's crawler asks: its user agent, no cookie, no JavaScript. */
async function crawl(base: string, url: string) {
  const response = await fetch(`${base}${url}`, { headers: { 'user-agent': DISCORD_BOT, accept: 'text/html' } });
  return { status: response.status, ...readHead(await response.text()) };
}

/** The card an og:image names, fetched from this server (the public URL is the site's, not the test's). */
async function fetchCard(base: string, imageUrl: string) {
  expect(imageUrl.startsWith(`${PUBLIC_URL}/api/cards/`), imageUrl).toBe(true);
  const response = await fetch(`${base}${imageUrl.slice(PUBLIC_URL.length)}`, {
    headers: { 'user-agent': DISCORD_BOT, 'accept-encoding': 'gzip, br' },
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

async function expectCardPng(body: Buffer) {
  expect(body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  const { width, height, format } = await sharp(body).metadata();
  expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
}

describe('link previews of the pages, as Discord reads them', () => {
  let server: Server;
  let officerId: number;
  let regimentId: number;
  let emptyRegimentId: number;

  beforeAll(async () => {
    server = await startServer();
    const { db } = server.ctx;
    const regiment = await createRegiment(db, { name: '20th Maine Infantry', description: 'Little Round Top, every Saturday night.' });
    regimentId = regiment.id;
    officerId = (await createOfficer(db, { regimentId, name: 'Joshua Chamberlain', rank: 'Col.' })).id;
    for (const rating of [5, 4]) await createReview(db, { userId: (await createUser(db)).id, officerId, rating });
    emptyRegimentId = (await createRegiment(db, { name: '1st Texas Infantry', sideId: 2 })).id;
  });
  afterAll(() => stopServer(server));

  it("carries an officer's Open Graph and Twitter meta, and its card is a 1200x630 PNG", async () => {
    const page = await crawl(server.base, `/officer/${officerId}`);
    expect(page.status).toBe(200);
    expect(page.meta.get('og:title')).toBe('Col. Joshua Chamberlain');
    expect(page.meta.get('og:description')).toBe('4.5/5 from 2 reviews · 20th Maine Infantry (Union)');
    expect(page.meta.get('og:url')).toBe(`${PUBLIC_URL}/officer/${officerId}`);
    expect(page.meta.get('og:image')).toBe(`${PUBLIC_URL}/api/cards/officer/${officerId}.png`);
    expect(page.meta.get('og:image:width')).toBe('1200');
    expect(page.meta.get('og:image:height')).toBe('630');
    expect(page.meta.get('twitter:card')).toBe('summary_large_image');
    expect(page.meta.get('twitter:image')).toBe(page.meta.get('og:image'));
    expect(page.title).toBe('Col. Joshua Chamberlain · War of Rights Officer Ratings');
    expect(page.titles).toBe(1);
    // Google shows no review stars for a Person: officers carry no structured data.
    expect(page.jsonLd).toEqual([]);

    const card = await fetchCard(server.base, page.meta.get('og:image')!);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    // PNG is compressed already: sent as it is, whatever the client accepts.
    expect(card.headers.get('content-encoding')).toBeNull();
    await expectCardPng(card.body);
  });

  it('is in the HTML every client gets, from memory after the first visit', async () => {
    const url = `/officer/${officerId}`;
    const browser = await fetch(`${server.base}${url}`, { headers: { 'accept-encoding': 'br' } });
    const before = (await server.metrics.readyAnswers.get()).values[0]?.value ?? 0;
    const again = await fetch(`${server.base}${url}`, { headers: { 'accept-encoding': 'br' } });
    expect((await server.metrics.readyAnswers.get()).values[0]?.value).toBe(before + 1);
    const html = await again.text();
    expect(html).toBe(await browser.text());
    expect(readHead(html).meta.get('og:title')).toBe('Col. Joshua Chamberlain');
  });

  it("carries a regiment's meta and JSON-LD: an Organization with its aggregate rating", async () => {
    const page = await crawl(server.base, `/regiment/${regimentId}`);
    expect(page.status).toBe(200);
    expect(page.meta.get('og:title')).toBe('20th Maine Infantry');
    expect(page.meta.get('og:description')).toBe('4.5/5 from 2 reviews · 1 officer · Union · Little Round Top, every Saturday night.');
    expect(page.meta.get('og:image')).toBe(`${PUBLIC_URL}/api/cards/regiment/${regimentId}.png`);
    expect(page.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: '20th Maine Infantry',
        url: `${PUBLIC_URL}/regiment/${regimentId}`,
        description: 'Little Round Top, every Saturday night.',
        aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.5', reviewCount: 2, bestRating: 5, worstRating: 1 },
      },
    ]);
    await expectCardPng((await fetchCard(server.base, page.meta.get('og:image')!)).body);

    // No reviews: no aggregate rating (Google refuses one of zero ratings), and the page says so.
    const empty = await crawl(server.base, `/regiment/${emptyRegimentId}`);
    expect(empty.meta.get('og:description')).toBe('Not yet rated · 0 officers · Confederate');
    expect(empty.jsonLd).toHaveLength(1);
    expect(empty.jsonLd[0]).not.toHaveProperty('aggregateRating');
  });

  it("gives home and search the site's card", async () => {
    for (const [url, title] of [
      ['/', 'War of Rights Officer Ratings'],
      ['/search?q=Chamberlain&showRegiments=true', 'Find Officers and Regiments'],
    ] as const) {
      const page = await crawl(server.base, url);
      expect(page.status, url).toBe(200);
      expect(page.meta.get('og:title'), url).toBe(title);
      expect(page.meta.get('og:description'), url).toBeTruthy();
      expect(page.meta.get('twitter:card'), url).toBe('summary_large_image');
      expect(page.meta.get('og:image'), url).toBe(`${PUBLIC_URL}/api/cards/site.png`);
      expect(page.jsonLd, url).toEqual([]);
    }
    await expectCardPng((await fetchCard(server.base, `${PUBLIC_URL}/api/cards/site.png`)).body);
  });

  it('leaves other screens and missing rows without a preview', async () => {
    for (const url of ['/login', '/officer/99999999', '/no-such-page']) {
      const page = await crawl(server.base, url);
      expect(page.meta.has('og:title'), url).toBe(false);
      expect(page.title, url).toBe('War of Rights Officer Ratings');
    }
  });

  it('answers 404 for a card of no officer or regiment, 400 for an id that is no id', async () => {
    const hidden = await createRegiment(server.ctx.db, { name: 'Disbanded Company', isActive: false });
    const hiddensOfficer = await createOfficer(server.ctx.db, { regimentId: hidden.id, name: 'Nobody Public' });
    for (const [url, message] of [
      ['/api/cards/officer/99999999.png', 'Officer not found'],
      [`/api/cards/officer/${hiddensOfficer.id}.png`, 'Officer not found'],
      ['/api/cards/regiment/99999999.png', 'Regiment not found'],
      [`/api/cards/regiment/${hidden.id}.png`, 'Regiment not found'],
    ] as const) {
      const answer = await fetch(`${server.base}${url}`);
      expect(answer.status, url).toBe(404);
      expect(((await answer.json()) as { message: string }).message, url).toBe(message);
    }
    for (const [url, message] of [
      ['/api/cards/officer/abc.png', 'The card must be named {id}.png'],
      ['/api/cards/officer/12', 'The card must be named {id}.png'],
      ['/api/cards/officer/12.svg', 'The card must be named {id}.png'],
      ['/api/cards/regiment/-1.png', 'The card must be named {id}.png'],
      ['/api/cards/officer/99999999999.png', 'The card must be named {id}.png'],
      ['/api/cards/officer/0.png', 'id must be a whole number from 1 to 2147483647'],
      ['/api/cards/regiment/2147483648.png', 'id must be a whole number from 1 to 2147483647'],
    ] as const) {
      const answer = await fetch(`${server.base}${url}`);
      expect(answer.status, url).toBe(400);
      expect(((await answer.json()) as { message: string }).message, url).toBe(message);
    }
  });
});

describe('text typed by users in link previews', () => {
  let server: Server;
  beforeAll(async () => (server = await startServer()));
  afterAll(() => stopServer(server));

  it('is escaped in the HTML: the meta read back is exactly the name, and no markup gets through', async () => {
    const regiment = await createRegiment(server.ctx.db, {
      name: 'Regiment <i>&</i> "Co."',
      description: '</script><script>alert(1)</script> & more',
    });
    const officer = await createOfficer(server.ctx.db, { regimentId: regiment.id, name: HOSTILE_NAME, rank: '<Capt.>' });

    const page = await crawl(server.base, `/officer/${officer.id}`);
    expect(page.status).toBe(200);
    expect(page.meta.get('og:title')).toBe(`<Capt.> ${HOSTILE_NAME}`);
    expect(page.meta.get('og:description')).toBe('Not yet rated · Regiment <i>&</i> "Co." (Union)');
    expect(page.title).toBe(`<Capt.> ${HOSTILE_NAME} · War of Rights Officer Ratings`);
    expect(page.head).not.toContain('<b>');
    expect(page.head).not.toContain('<i>');
    // `$&` and `$'` stay text: they are not replacement patterns pasting parts of the shell.
    expect(page.titles).toBe(1);
    await expectCardPng((await fetchCard(server.base, page.meta.get('og:image')!)).body);

    const regimentPage = await crawl(server.base, `/regiment/${regiment.id}`);
    // The description cannot close the JSON-LD's <script>: one script, and its JSON is the text as typed.
    expect(regimentPage.head.match(/<\/script>/g)).toHaveLength(1);
    expect(regimentPage.jsonLd[0]).toMatchObject({ name: 'Regiment <i>&</i> "Co."', description: '</script><script>alert(1)</script> & more' });
    await expectCardPng((await fetchCard(server.base, regimentPage.meta.get('og:image')!)).body);
  });
});

describe('a card following its officer', () => {
  let server: Server;
  beforeAll(async () => (server = await startServer()));
  afterAll(() => stopServer(server));

  it('is kept until the officer changes: a rename and a review draw it again, and the page says so too', async () => {
    const { db } = server.ctx;
    const regiment = await createRegiment(db, { name: '69th New York' });
    const officer = await createOfficer(db, { regimentId: regiment.id, name: 'Thomas Meagher', rank: 'Brig. Gen.' });
    const cardUrl = `${PUBLIC_URL}/api/cards/officer/${officer.id}.png`;
    const readyAnswers = async () => (await server.metrics.readyAnswers.get()).values[0]?.value ?? 0;

    const first = await fetchCard(server.base, cardUrl);
    expect(first.status).toBe(200);
    const before = await readyAnswers();
    const kept = await fetchCard(server.base, cardUrl);
    expect(await readyAnswers()).toBe(before + 1);
    expect(kept.body.equals(first.body)).toBe(true);
    expect(kept.headers.get('etag')).toBe(first.headers.get('etag'));

    const { client: admin } = await signedInClient(server.ctx, { isAdmin: true });
    const renamed = await admin.write('PATCH', `/api/admin/officers/${officer.id}`, {
      name: 'Thomas Francis Meagher',
      rank: 'Brig. Gen.',
      regimentId: regiment.id,
      profileImageUrl: null,
    });
    expect(renamed.statusCode).toBe(200);
    const afterRename = await fetchCard(server.base, cardUrl);
    expect(afterRename.status).toBe(200);
    expect(afterRename.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(afterRename.body.equals(first.body)).toBe(false);
    expect((await crawl(server.base, `/officer/${officer.id}`)).meta.get('og:title')).toBe('Brig. Gen. Thomas Francis Meagher');

    const { client: reviewer } = await signedInClient(server.ctx, { steamId: '76561198000000042' });
    const review = await reviewer.post('/api/reviews', {
      officerId: officer.id,
      text: 'Brave, if reckless, at Fredericksburg.',
      leadership: 4,
      tactics: 3,
      communication: 4,
      fairness: 5,
    });
    expect(review.statusCode).toBe(201);
    const afterReview = await fetchCard(server.base, cardUrl);
    expect(afterReview.headers.get('etag')).not.toBe(afterRename.headers.get('etag'));
    expect((await crawl(server.base, `/officer/${officer.id}`)).meta.get('og:description')).toBe('4.0/5 from 1 review · 69th New York (Union)');
  });
});

describe('drawing cards, per client address', () => {
  let server: Server;
  beforeAll(async () => (server = await startServer({ rateLimits: { ...DEFAULT_RATE_LIMITS, cardDraw: { limit: 2, windowMs: 60_000 } } })));
  afterAll(() => stopServer(server));

  it('is limited, while a card already drawn is answered whatever the count', async () => {
    const regiment = await createRegiment(server.ctx.db, { name: 'Iron Brigade' });
    const ids = [];
    for (const name of ['Solomon Meredith', 'Lysander Cutler', 'Henry Morrow'])
      ids.push((await createOfficer(server.ctx.db, { regimentId: regiment.id, name })).id);
    const status = async (id: number) => (await fetch(`${server.base}/api/cards/officer/${id}.png`)).status;
    expect([await status(ids[0]!), await status(ids[1]!)]).toEqual([200, 200]);
    const refused = await fetch(`${server.base}/api/cards/officer/${ids[2]}.png`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect([await status(ids[0]!), await status(ids[1]!)]).toEqual([200, 200]);
  });
});
