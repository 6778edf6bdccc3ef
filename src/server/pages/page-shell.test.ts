import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, SCREEN_MODULES } from '#core/client-routes.js';
import { buildApp } from '#server/app.js';
import { projectRoot } from '#server/platform/paths.js';
import { signedInClient, testConfig, type TestContext } from '#server/test/app.js';
import { openTestDatabase } from '#server/test/database.js';
import { createOfficer, createRegiment, createUser } from '#server/test/fixtures.js';
import { users } from '#server/platform/db/schema.js';
import { eq } from 'drizzle-orm';
import { Metrics } from '#server/platform/http/metrics.js';
import type { LinkPreview } from './link-preview.js';
import { readPageShell, shellWithPreloads, type PageShellOptions, type RowPage } from './page-shell.js';
import { ResponseCache } from '#server/platform/read-cache/store.js';

const SHELL = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';

/** A built web app's folder: a shell as large as the real one (answers under 1 KB are not compressed). */
function writeWebRoot(): { webRoot: string; html: string } {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'wor-shell-'));
  const html = SHELL.replace('<title>', `<meta name="description" content="${'War of Rights officers. '.repeat(40)}"><title>`);
  writeFileSync(path.join(webRoot, 'index.html'), html);
  mkdirSync(path.join(webRoot, '.vite'));
  writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-1.js', isEntry: true } }));
  return { webRoot, html };
}

/** The link preview a fake row gives its page. */
function previewOf(page: RowPage): LinkPreview {
  const title = `${page.page} ${page.id}`;
  return {
    title,
    documentTitle: title,
    description: `About ${title}`,
    url: `http://localhost/${page.page}/${page.id}`,
    image: { url: `http://localhost/${page.page}-${page.id}.png`, width: 1200, height: 630, alt: title },
  };
}

/** Rows that exist, as the database would say, counting the questions. */
function fakeRows(existing: { officer?: number[]; regiment?: number[] }) {
  const asked: string[] = [];
  const rowPreview = async (page: RowPage) => {
    asked.push(`${page.page}:${page.id}`);
    return (existing[page.page] ?? []).includes(page.id) ? previewOf(page) : null;
  };
  return { asked, rowPreview };
}

function shellOptions(rowPreview: PageShellOptions['rowPreview'] = fakeRows({ officer: [87, 88] }).rowPreview): PageShellOptions {
  return { cache: new ResponseCache(1024 * 1024), rowPreview };
}

describe('the HTML shell', () => {
  it("names an officer page's first answers as preloads the client's fetches can use", () => {
    const html = shellWithPreloads(SHELL, '/officer/87');
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/officers/87" crossorigin="use-credentials">');
    expect(html).toContain('href="/api/reviews/officer/87?page=1&#38;limit=5"');
    expect(html.indexOf('/api/officers/87')).toBeLessThan(html.indexOf('</head>'));
  });

  it('escapes what the visitor typed into the search', () => {
    const html = shellWithPreloads(SHELL, '/search?q=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(html).not.toContain('<script>');
    expect(html).toContain('href="/api/search/officers?q=%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E&#38;sortBy=rating&#38;sortOrder=desc"');
  });

  it("preloads a lazily loaded page's code and the chunks it imports, not those of the entry", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
      '_shared-1.js': { file: 'assets/shared-1.js' },
      'features/officers/officer-page.tsx': { file: 'assets/officer-page-1.js', imports: ['index.html', '_shared-1.js', '_card-1.js'] },
      '_card-1.js': { file: 'assets/card-1.js', imports: ['_shared-1.js'] },
    };
    const html = shellWithPreloads(SHELL, '/officer/87', manifest);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/officer-page-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/card-1.js">');
    expect(html).not.toContain('shared-1.js');
    expect(html).not.toContain('index-1.js');
    expect(shellWithPreloads(SHELL, '/', manifest)).not.toContain('modulepreload');
  });

  it("takes each page's module from the router's own table, whose every module is a file of the web app", () => {
    // A page file renamed without SCREEN_MODULES (src/core/client-routes.ts): its preloads would vanish.
    const missing = Object.values(SCREEN_MODULES).filter((module) => !existsSync(path.join(projectRoot(), 'src', 'web', module)));
    expect(missing).toEqual([]);
    for (const [url, module] of [
      ['/officer/87', SCREEN_MODULES.officer],
      ['/regiment/3', SCREEN_MODULES.regiment],
      ['/search', SCREEN_MODULES.search],
    ] as const) {
      const manifest = { 'index.html': { file: 'assets/index-1.js', isEntry: true }, [module]: { file: 'assets/page-1.js' } };
      expect(shellWithPreloads(SHELL, url, manifest)).toContain('<link rel="modulepreload" crossorigin href="/assets/page-1.js">');
    }
  });

  it('preloads only the auth status for a page without a first screen of its own', () => {
    expect(shellWithPreloads(SHELL, '/my-reviews').match(/rel="preload"/g)).toHaveLength(1);
  });

  it('is answered compressed with an ETag, 304 when the browser has it, each page with its own preloads', async () => {
    const { webRoot, html } = writeWebRoot();
    try {
      const shell = readPageShell(webRoot, shellOptions());
      const app = Fastify();
      app.setNotFoundHandler((request, reply) => shell.send(request, reply));

      const first = await app.inject({ url: '/officer/87', headers: { 'accept-encoding': 'br' } });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(first.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(first.rawPayload).toString()).toBe(
        shellWithPreloads(html, '/officer/87', {}, previewOf({ page: 'officer', id: 87 })),
      );

      const again = await app.inject({ url: '/officer/87', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
      const other = await app.inject({ url: '/officer/88' });
      expect(other.headers.etag).not.toBe(first.headers.etag);
      expect(other.body).toContain('href="/api/officers/88"');
      await app.close();
    } finally {
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});

describe('the status of a page', () => {
  let webRoot: string;
  let html: string;
  beforeAll(() => ({ webRoot, html } = writeWebRoot()));
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  async function appWith(options: PageShellOptions): Promise<FastifyInstance> {
    const shell = readPageShell(webRoot, options);
    const app = Fastify();
    app.setNotFoundHandler((request, reply) => shell.send(request, reply));
    return app;
  }

  it('is 200 on every screen of the route list, however the path is spelled', async () => {
    const app = await appWith(shellOptions(fakeRows({ officer: [87], regiment: [87] }).rowPreview));
    const paths = Object.values(CLIENT_ROUTES).map((route) => route.replace(':id', '87').replace(':officerId', '87'));
    expect(paths).toHaveLength(34);
    for (const url of [
      ...paths,
      '/LOGIN',
      '/admin/Officers/all/',
      '/__/auth/action?mode=resetPassword&oobCode=x',
      '/search?q=%22Meade',
      '/l%6Fgin',
    ]) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain('<div id="root"></div>');
    }
    await app.close();
  });

  it("is 404 with the app's shell for any other path, a missing officer or regiment, and an id that is no id", async () => {
    const app = await appWith(shellOptions());
    for (const url of [
      '/no-such-page',
      '/officer/99999999',
      '/regiment/3',
      '/officer/abc',
      '/officer/0',
      '/officer/87/reviews',
      '/assets/missing.js',
      '/admin/nothing',
      '/favicon.png',
    ]) {
      const answer = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      // The not-found screen's shell: the app, with no preload for an officer that is not there.
      expect(answer.body, url).toBe(shellWithPreloads(html, '/no-such-page'));
    }
    await app.close();
  });

  it('asks the database once whether a row exists, until a write forgets what it changed', async () => {
    const rows = fakeRows({ officer: [87], regiment: [5] });
    const options = shellOptions(rows.rowPreview);
    const app = await appWith(options);
    const status = async (url: string) => (await app.inject({ url })).statusCode;

    expect([await status('/officer/87'), await status('/Officer/87/'), await status('/regiment/5'), await status('/regiment/5')]).toEqual([
      200, 200, 200, 200,
    ]);
    expect(rows.asked).toEqual(['officer:87', 'regiment:5']);
    // A missing row is asked about every time: it may be created at any moment.
    expect([await status('/officer/12'), await status('/officer/12')]).toEqual([404, 404]);
    expect(rows.asked).toEqual(['officer:87', 'regiment:5', 'officer:12', 'officer:12']);

    // A write to another officer keeps what is known; one to this officer (its deletion) forgets it.
    options.cache.invalidate(['officer:12']);
    await status('/officer/87');
    expect(rows.asked).toHaveLength(4);
    options.cache.invalidate(['officer:87']);
    await status('/officer/87');
    expect(rows.asked.slice(4)).toEqual(['officer:87']);
    // Deleting or hiding a regiment forgets everything ('all').
    options.cache.invalidate('all');
    await status('/regiment/5');
    expect(rows.asked.slice(5)).toEqual(['regiment:5']);
    await app.close();
  });

  it("keeps each row page's shell, and nothing else, with the answers, under its row's tags; answers without the cache too", async () => {
    const options = shellOptions(fakeRows({ officer: [87, 88] }).rowPreview);
    const app = await appWith(options);
    const pages = async () => Promise.all(['/officer/87', '/officer/88'].map(async (url) => (await app.inject({ url })).body));
    const first = await pages();
    // Each officer: its shell, with its preview, in the one bounded cache.
    expect(options.cache.size.entries).toBe(2);
    expect(await pages()).toEqual(first);
    expect(options.cache.size.entries).toBe(2);
    options.cache.invalidate(['officer:87']);
    expect(options.cache.size.entries).toBe(1);
    expect(await pages()).toEqual(first);
    await app.close();

    // Without the response cache nothing would tell a kept row page of a write: each visit asks.
    const rows = fakeRows({ officer: [87, 88] });
    const uncached = await appWith({ ...shellOptions(rows.rowPreview), cache: new ResponseCache(0) });
    for (const url of ['/officer/87', '/officer/88', '/officer/87'])
      expect((await uncached.inject({ url })).body).toBe(first[url === '/officer/87' ? 0 : 1]);
    expect(rows.asked).toEqual(['officer:87', 'officer:88', 'officer:87']);
    await uncached.close();
  });

  it("shows a long link preview, kept compressed, in the page's head each time", async () => {
    const description = 'Led the 20th Maine on Little Round Top. '.repeat(40);
    const app = await appWith(shellOptions(async (page) => ({ ...previewOf(page), description })));
    for (let i = 0; i < 2; i++) {
      const page = await app.inject({ url: '/officer/87' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<meta property="og:description" content="${description}`);
    }
    await app.close();
  });

  it('does not keep an answer that a write made while the database was asked', async () => {
    const cache = new ResponseCache(1024 * 1024);
    let asked = 0;
    const app = await appWith({
      cache,
      rowPreview: async (page) => {
        asked += 1;
        // The officer is deleted while the question is in flight.
        if (asked === 1) cache.invalidate(['officer:87']);
        return previewOf(page);
      },
    });
    await app.inject({ url: '/officer/87' });
    await app.inject({ url: '/officer/87' });
    expect(asked).toBe(2);
    await app.close();
  });

  it('answers the page when the database cannot say, so the app can show its own error', async () => {
    const app = await appWith(shellOptions(async () => Promise.reject(new Error('connection refused'))));
    const answer = await app.inject({ url: '/officer/87' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('href="/api/officers/87"');
    await app.close();
  });
});

describe('the status of a page, in the app on its database', () => {
  let ctx: TestContext;
  let webRoot: string;
  let base: string;
  let officerId: number;
  let regimentId: number;
  let hiddenRegimentOfficerId: number;
  const metrics = new Metrics();
  /** Answers the front server wrote from memory, without asking the database. */
  const answeredInFront = async () => (await metrics.readyAnswers.get()).values[0]?.value ?? 0;

  beforeAll(async () => {
    ({ webRoot } = writeWebRoot());
    const handle = await openTestDatabase();
    const app = await buildApp({ config: testConfig({ serveWeb: true }), db: handle.db, logger: false, webRoot, metrics });
    await app.listen({ port: 0, host: '127.0.0.1' });
    ctx = { app, db: handle.db, close: async () => (await app.close(), await handle.close()) };
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const regiment = await createRegiment(ctx.db, { name: '20th Maine Infantry' });
    regimentId = regiment.id;
    officerId = (await createOfficer(ctx.db, { regimentId, name: 'Joshua Chamberlain' })).id;
    const hidden = await createRegiment(ctx.db, { name: 'Disbanded Company', isActive: false });
    hiddenRegimentOfficerId = (await createOfficer(ctx.db, { regimentId: hidden.id, name: 'Nobody Public' })).id;
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  /** Over HTTP, so the front server answers what it has ready. */
  const statusOf = async (url: string) => (await fetch(`${base}${url}`)).status;

  it('is 200 for an officer and a regiment that exist, 404 for ids that name none or nothing public', async () => {
    expect(await statusOf(`/officer/${officerId}`)).toBe(200);
    const before = await answeredInFront();
    expect(await statusOf(`/officer/${officerId}`)).toBe(200);
    expect(await answeredInFront()).toBe(before + 1);
    expect(await statusOf(`/regiment/${regimentId}`)).toBe(200);
    expect(await statusOf('/officer/99999999')).toBe(404);
    expect(await statusOf('/regiment/99999999')).toBe(404);
    expect(await statusOf('/officer/2147483648')).toBe(404);
    // An officer of a hidden regiment is not shown (getOfficerById says Officer not found).
    expect(await statusOf(`/officer/${hiddenRegimentOfficerId}`)).toBe(404);
    expect(await statusOf('/no-such-page')).toBe(404);
    expect(await statusOf('/my-reviews')).toBe(200);
    // The API keeps its own JSON 404.
    const api = await fetch(`${base}/api/no-such-call`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });

  it("is 200 for a reviewer's profile page, 404 for a banned, suspended, deleted or unknown account's as the API answers", async () => {
    const reviewer = await createUser(ctx.db);
    const banned = await createUser(ctx.db, { isBanned: true });
    const suspended = await createUser(ctx.db, { isBanned: true, bannedUntil: new Date(Date.now() + 86_400_000) });
    const deleted = await createUser(ctx.db);
    await ctx.db.delete(users).where(eq(users.id, deleted.id));
    expect(await statusOf(`/reviewer/${reviewer.id}`)).toBe(200);
    for (const url of [`/reviewer/${banned.id}`, `/reviewer/${suspended.id}`, `/reviewer/${deleted.id}`, '/reviewer/99999999', '/reviewer/abc']) {
      expect(await statusOf(url), url).toBe(404);
    }
  });

  it('is 404 once the officer is deleted, though its page was answered from memory before', async () => {
    const doomed = (await createOfficer(ctx.db, { regimentId, name: 'Short Lived' })).id;
    expect(await statusOf(`/officer/${doomed}`)).toBe(200);
    const before = await answeredInFront();
    expect(await statusOf(`/officer/${doomed}`)).toBe(200);
    expect(await answeredInFront()).toBe(before + 1);
    const { client } = await signedInClient(ctx, { isAdmin: true });
    expect((await client.write('DELETE', `/api/admin/officers/${doomed}`)).statusCode).toBe(200);
    expect(await statusOf(`/officer/${doomed}`)).toBe(404);
  });
});
