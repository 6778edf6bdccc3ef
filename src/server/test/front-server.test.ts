import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Officer } from '#core/api.js';
import { buildApp } from '#server/app.js';
import { signedInClient, testConfig, type TestContext } from '#server/test/app.js';
import { openTestDatabase } from '#server/test/database.js';
import { createOfficer, createRegiment, createReview, createUser } from '#server/test/fixtures.js';
import type { App } from '#server/platform/types.js';
import { Metrics } from '#server/platform/http/metrics.js';
import { FrontServer } from '#server/platform/read-cache/front-server.js';
import { readPageShell } from '#server/pages/page-shell.js';
import { ResponseCache } from '#server/platform/read-cache/store.js';
import { securityHeadersOf } from '#server/platform/http/security-headers.js';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A real HTTP request, the body kept as the bytes sent (no decompression). */
function request(base: string, url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** What the answer says, less what the connection adds (the clock, keep-alive). */
function meaningful(headers: http.IncomingHttpHeaders | LightMyRequestResponse['headers']) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
}

const baseOf = (app: { server: http.Server }) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

describe('the front server: ready public answers before Fastify', () => {
  let ctx: TestContext;
  let base: string;
  let officerId: number;
  const logLines: Array<{ msg?: string; ready?: boolean; req?: { url?: string } }> = [];
  const answeredInFront = (url: string) => logLines.filter((line) => line.ready && line.req?.url === url).length;

  beforeAll(async () => {
    const handle = await openTestDatabase();
    const stream = { write: (line: string) => void logLines.push(JSON.parse(line) as (typeof logLines)[number]) };
    const app: App = await buildApp({ config: testConfig(), db: handle.db, logger: { level: 'info', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    ctx = { app, db: handle.db, close: async () => (await app.close(), await handle.close()) };
    base = baseOf(app);
    // Enough regiments that the list is over the compression threshold.
    for (let i = 0; i < 12; i++) await createRegiment(ctx.db, { name: `${i + 1}th Ohio Infantry`, description: 'Fought in the western theater.' });
    const regiment = await createRegiment(ctx.db, { name: '2nd Wisconsin Infantry' });
    officerId = (await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Lucius Fairchild' })).id;
    await createReview(ctx.db, { userId: (await createUser(ctx.db)).id, officerId, rating: 4 });
  });
  afterAll(() => ctx.close());

  it('answers a repeated public read itself, with the headers and bytes Fastify answered the first time', async () => {
    for (const [url, headers] of [
      [`/api/officers/${officerId}`, {}],
      [`/api/reviews/officer/${officerId}?page=1&limit=5`, { 'accept-encoding': 'gzip' }],
      ['/api/regiments', { 'accept-encoding': 'gzip, deflate, br' }],
    ] as const) {
      const computed = await request(base, url, headers);
      expect(answeredInFront(url)).toBe(0);
      const ready = await request(base, url, headers);
      expect(answeredInFront(url)).toBe(1);
      expect(ready.status).toBe(200);
      expect(meaningful(ready.headers)).toEqual(meaningful(computed.headers));
      expect(ready.body.equals(computed.body)).toBe(true);
    }
    const regiments = await request(base, '/api/regiments', { 'accept-encoding': 'br' });
    expect(regiments.headers['content-encoding']).toBe('br');
    expect(regiments.headers['content-security-policy']).toContain("default-src 'self'");
    expect(JSON.parse(brotliDecompressSync(regiments.body).toString())).toHaveLength(13);
  });

  it('refuses leading headers that a kept answer sets itself, which would go out twice', () => {
    const log = () => ctx.app.log;
    expect(() => new FrontServer({ ...securityHeadersOf({}), 'Cache-Control': 'no-store' }, log, new Metrics())).toThrow(/Cache-Control/);
    expect(() => new FrontServer(securityHeadersOf({}), log, new Metrics())).not.toThrow();
  });

  it('answers 304 when the browser has the same body, as Fastify does', async () => {
    const url = `/api/officers/${officerId}`;
    const first = await request(base, url);
    const etag = String(first.headers.etag);
    const before = answeredInFront(url);
    const inFront = await request(base, url, { 'if-none-match': etag });
    expect(answeredInFront(url)).toBe(before + 1);
    const throughFastify = await ctx.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(inFront.status).toBe(304);
    expect(inFront.body.length).toBe(0);
    expect(throughFastify.statusCode).toBe(304);
    // Fastify adds Content-Length: 0, which on a 304 would claim the body is empty (RFC 9110, 8.6);
    // the front sends none. Every other header is the same.
    const { 'content-length': fastifyLength, ...fastifyHeaders } = meaningful(throughFastify.headers);
    expect(fastifyLength).toBe('0');
    expect(meaningful(inFront.headers)).toEqual(fastifyHeaders);
  });

  it('shows a write at once: what a write forgets is no longer answered in front', async () => {
    const url = `/api/officers/${officerId}`;
    const before = JSON.parse((await request(base, url)).body.toString()) as Officer;
    const { client } = await signedInClient(ctx, { steamId: '76561198000000111' });
    const created = await client.post('/api/reviews', {
      officerId,
      text: 'Kept the Iron Brigade together at the railroad cut.',
      leadership: 5,
      tactics: 5,
      communication: 5,
      fairness: 5,
    });
    expect(created.statusCode).toBe(201);
    const after = JSON.parse((await request(base, url)).body.toString()) as Officer;
    expect(after.reviewCount).toBe(before.reviewCount + 1);
  });

  it('leaves other methods and answers that depend on who asks to Fastify', async () => {
    const url = `/api/officers/${officerId}`;
    await request(base, url);
    const before = answeredInFront(url);
    const head = await request(base, url, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(answeredInFront(url)).toBe(before);
    await request(base, '/api/auth/status');
    await request(base, '/api/auth/status');
    expect(answeredInFront('/api/auth/status')).toBe(0);
  });
});

describe("the front server: the pages' HTML shell", () => {
  const SHELL = `<!doctype html><html><head><meta name="description" content="${'War of Rights officers. '.repeat(40)}"><title>t</title></head><body></body></html>`;
  let webRoot: string;
  let app: FastifyInstance;
  let base: string;
  let shellsFromFastify = 0;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'wor-front-'));
    writeFileSync(path.join(webRoot, 'index.html'), SHELL);
    mkdirSync(path.join(webRoot, '.vite'));
    writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-1.js', isEntry: true } }));
    // Officers 87 and regiment 3 exist; nothing else does.
    const shell = readPageShell(webRoot, {
      cache: new ResponseCache(1024 * 1024),
      rowPreview: async (page) =>
        (page.page === 'officer' ? page.id === 87 : page.id === 3)
          ? {
              title: 'Row',
              documentTitle: 'Row',
              description: 'A row',
              url: 'http://localhost/row',
              image: { url: 'http://localhost/row.png', width: 1200, height: 630, alt: 'Row' },
            }
          : null,
    });
    const headers = securityHeadersOf({});
    const front = new FrontServer(headers, () => app.log, new Metrics());
    front.addSource(shell.readyAnswer);
    app = Fastify({ serverFactory: front.serverFactory });
    app.addHook('onRequest', async (_request, reply) => void reply.headers(headers));
    app.setNotFoundHandler((request, reply) => {
      shellsFromFastify++;
      return shell.send(request, reply);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = baseOf(app);
  });
  afterAll(async () => {
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers the pages with a first screen of their own with the shell Fastify would send', async () => {
    // Whether an officer or regiment exists is asked of the database once, through Fastify.
    for (const url of ['/officer/87', '/Regiment/3/']) {
      const before = shellsFromFastify;
      expect((await request(base, url)).status).toBe(200);
      expect(shellsFromFastify).toBe(before + 1);
    }
    for (const url of ['/', '/officer/87', '/Regiment/3/', '/search?q=Meade&sortBy=name']) {
      const before = shellsFromFastify;
      const inFront = await request(base, url, { 'accept-encoding': 'br' });
      expect(shellsFromFastify).toBe(before);
      const throughFastify = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(inFront.status).toBe(200);
      expect(meaningful(inFront.headers)).toEqual(meaningful(throughFastify.headers));
      expect(inFront.body.equals(throughFastify.rawPayload)).toBe(true);
    }
  });

  it('leaves every other path to Fastify, and any path the URL parser would rewrite', async () => {
    for (const url of ['/login', '/officer/87/../../api/x', '//officer/87', '/officer/abc']) {
      const before = shellsFromFastify;
      await request(base, url);
      expect(shellsFromFastify).toBe(before + 1);
    }
  });

  it('never answers a missing officer or an unknown path in front: Fastify answers them 404', async () => {
    for (const url of ['/officer/99999999', '/officer/99999999', '/regiment/4', '/no-such-page']) {
      const before = shellsFromFastify;
      const answer = await request(base, url);
      expect(shellsFromFastify, url).toBe(before + 1);
      expect(answer.status, url).toBe(404);
      expect(answer.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
  });
});
