/**
 * Every client served like a browser (issue 38, item 2): a kept answer asked for with brotli, gzip
 * or neither is made in that encoding and kept (gzip at once, the plain body when asked for a second
 * time), so the next such request does no compression work; what is kept counts in the entry's bytes
 * and the cache's total, which stay within the memory bound (RESPONSE_CACHE_MB), a retired answer's
 * included, and the plain bodies within a quarter of it.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#server/test/app.js';
import { createRegiment } from '#server/test/fixtures.js';
import { answerWith, type Encoding } from './encoding.js';
import { ResponseCache, createEntry, type Entry } from './store.js';

const ACCEPT: Record<Encoding, Record<string, string>> = {
  br: { 'accept-encoding': 'gzip, deflate, br' },
  gzip: { 'accept-encoding': 'gzip' },
  identity: {},
};

/** A search-sized answer: tens of kilobytes of JSON, a few of brotli. */
function searchJson(seed: string, officers = 300): string {
  return JSON.stringify(
    Array.from({ length: officers }, (_, i) => ({ id: i, name: `${seed} Officer ${i}`, regimentName: `${i % 40}th Virginia Infantry` })),
  );
}

function keptEntry(key: string, json: string, encoding?: Encoding): Entry {
  return createEntry({
    key,
    tags: ['lists'],
    computedAt: 0,
    contentType: 'application/json; charset=utf-8',
    body: json,
    ...(encoding ? { encoding } : {}),
  });
}

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe('the encodings a kept answer is sent in', () => {
  it('makes each encoding asked for once and keeps it (the plain body the second time): the next request sends the same bytes', () => {
    const cache = new ResponseCache(4 * 1024 * 1024);
    const json = searchJson('Amos');
    const stored = keptEntry('/api/officers/search?q=amo', json);
    cache.store(cache.currentGeneration(), stored);
    const base = stored.bytes;
    expect(stored.identity).toBeUndefined();
    expect(stored.gzip).toBeUndefined();

    // Asked for plain once: made for that request alone, as most long-tail answers are asked for once.
    const once = answerWith(stored, cache, ACCEPT.identity);
    expect(once.body!.toString()).toBe(json);
    expect(stored.identity).toBeUndefined();
    expect(stored.bytes).toBe(base);

    for (const encoding of ['gzip', 'identity', 'br'] as const) {
      const first = answerWith(stored, cache, ACCEPT[encoding]);
      expect(first.headers['content-encoding'], encoding).toBe(encoding === 'identity' ? undefined : encoding);
      expect(first.headers.etag).toBe(stored.etag);
      expect(decoded(first.body!, first.headers['content-encoding'])).toBe(json);
      expect(stored[encoding], encoding).toBe(first.body);
      // The same buffer again: nothing was compressed or decompressed for it.
      expect(answerWith(stored, cache, ACCEPT[encoding]).body, encoding).toBe(first.body);
    }
    // Counted, in the entry and in the cache: brotli from the start, then what the others asked for.
    expect(stored.bytes).toBe(base + json.length + stored.gzip!.length);
    expect(cache.size.bytes).toBe(stored.bytes);
  });

  it('keeps gzip for the client whose request computed the answer from the start, with the same ETag', () => {
    const json = searchJson('Orville');
    const forBrowser = keptEntry('/api/officers/search?q=orv', json);
    const forCurl = keptEntry('/api/officers/search?q=orv', json, 'identity');
    const forScript = keptEntry('/api/officers/search?q=orv', json, 'gzip');
    expect(forCurl.etag).toBe(forBrowser.etag);
    expect(forScript.etag).toBe(forBrowser.etag);
    // Not the plain body: kept only when asked for a second time.
    expect(forCurl.identity).toBeUndefined();
    expect(forCurl.bytes).toBe(forBrowser.bytes);
    expect(gunzipSync(forScript.gzip!).toString()).toBe(json);
    expect(forScript.bytes).toBe(forBrowser.bytes + forScript.gzip!.length);
    // A small body has one form whatever the client asks.
    const small = keptEntry('/api/sides', '[]', 'gzip');
    expect(small.gzip).toBeUndefined();
    expect(small.identity!.toString()).toBe('[]');
  });

  it('makes room for what it keeps: the least recently used answers go, never the one that grew', () => {
    const answers = Array.from({ length: 60 }, (_, i) => keptEntry(`/api/officers/search?q=t${i}`, searchJson(`Term${i}`)));
    // Room for the sixty in brotli, not for one more plain body (which a quarter of it still holds).
    const bound = answers.reduce((sum, a) => sum + a.bytes, 0) + 1_000;
    const newest = answers.at(-1)!;
    expect(newest.bytes + newest.size).toBeLessThanOrEqual(bound / 4);
    const cache = new ResponseCache(bound);
    for (const answer of answers) cache.store(cache.currentGeneration(), answer);
    const [oldest, second] = answers;
    cache.get(oldest!.key); // used again: the second is now the least recently used
    answerWith(newest, cache, ACCEPT.identity);
    const plain = answerWith(newest, cache, ACCEPT.identity);
    expect(newest.identity).toBe(plain.body);
    expect(cache.size.bytes).toBeLessThanOrEqual(bound);
    expect(cache.size.bytes).toBe(answers.filter((a) => cache.getStale(a.key) === a).reduce((sum, a) => sum + a.bytes, 0));
    expect(cache.get(newest.key)).toBe(newest);
    expect(cache.get(oldest!.key)).toBe(oldest);
    expect(cache.get(second!.key)).toBeUndefined();
  });

  it('keeps plain bodies within a quarter of the cache: the least recently sent go back to brotli alone, the answers stay', () => {
    const answers = Array.from({ length: 10 }, (_, i) => keptEntry(`/api/officers/search?q=p${i}`, searchJson(`Plain${i}`)));
    const plainSize = answers[0]!.size;
    // A quarter holds four plain bodies, not five.
    const cache = new ResponseCache(4 * (4.5 * plainSize));
    for (const answer of answers) cache.store(cache.currentGeneration(), answer);
    const askTwice = (answer: Entry) => [0, 1].map(() => answerWith(answer, cache, ACCEPT.identity).body)[1];
    const firstPlain = askTwice(answers[0]!);
    expect(answers[0]!.identity).toBe(firstPlain);
    for (const answer of answers.slice(1)) askTwice(answer);
    const plainKept = () => answers.filter((a) => a.identity !== undefined);
    expect(plainKept()).toEqual(answers.slice(6));
    for (const answer of answers) expect(cache.get(answer.key)).toBe(answer);
    expect(cache.size.bytes).toBe(answers.reduce((sum, a) => sum + a.bytes, 0));
    expect(cache.size.bytes).toBeLessThanOrEqual(cache.maxBytes);
    // Sent again, a kept plain body is the last to go; one let go is made again for its next request.
    answerWith(answers[6]!, cache, ACCEPT.identity);
    const again = answerWith(answers[0]!, cache, ACCEPT.identity).body;
    expect(again).not.toBe(firstPlain);
    expect(again!.equals(firstPlain!)).toBe(true);
    expect(plainKept()).toEqual([answers[0], answers[6], answers[8], answers[9]]);
    expect(cache.size.bytes).toBe(answers.reduce((sum, a) => sum + a.bytes, 0));
  });

  it('does not let one entry pass a quarter of the cache: past it, the encoding is made for each request', () => {
    const json = searchJson('Calvin');
    const probe = keptEntry('/api/regiments', json);
    // A quarter holds the brotli form, not the plain body beside it.
    const cache = new ResponseCache(4 * (probe.bytes + json.length - 1));
    const stored = keptEntry('/api/regiments', json);
    cache.store(cache.currentGeneration(), stored);
    const counted = cache.size.bytes;
    const [, first, second] = [0, 1, 2].map(() => answerWith(stored, cache, ACCEPT.identity));
    expect(second!.body!.toString()).toBe(json);
    expect(second!.body).not.toBe(first!.body);
    expect(stored.identity).toBeUndefined();
    expect(cache.size.bytes).toBe(counted);
    // Gzip still fits beside brotli, and is kept.
    const gzip = answerWith(stored, cache, ACCEPT.gzip);
    expect(stored.gzip).toBe(gzip.body);
    expect(cache.size.bytes).toBe(counted + gzip.body!.length);

    // Computed for a client with gzip, too large with it: kept in brotli alone.
    const forScript = keptEntry('/api/regiments', json, 'gzip');
    const tooLarge = new ResponseCache(4 * (probe.bytes + forScript.gzip!.length - 1));
    tooLarge.store(tooLarge.currentGeneration(), forScript);
    expect(tooLarge.get('/api/regiments')).toBe(forScript);
    expect(forScript.gzip).toBeUndefined();
    expect(forScript.bytes).toBe(probe.bytes);
  });

  it('counts what a retired answer keeps too (the stale last answer), and forgets it with the answer', () => {
    const cache = new ResponseCache(4 * 1024 * 1024);
    const stored = keptEntry('/api/officers/search?q=hir', searchJson('Hiram'));
    cache.store(cache.currentGeneration(), stored);
    cache.invalidateLocally('all');
    expect(cache.get(stored.key)).toBeUndefined();
    const stale = cache.getStale(stored.key)!;
    const gzip = answerWith(stale, cache, ACCEPT.gzip);
    expect(stale.gzip).toBe(gzip.body);
    expect(cache.size).toEqual({ entries: 0, bytes: stale.bytes });
    // A fresh answer for the URL replaces the stale one and its encodings.
    const fresh = keptEntry(stored.key, searchJson('Hiram'));
    cache.store(cache.currentGeneration(), fresh);
    expect(cache.size).toEqual({ entries: 1, bytes: fresh.bytes });
  });
});

describe('the regiment list to a browser, a script with gzip and curl', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    for (let i = 1; i <= 12; i++) {
      await createRegiment(ctx.db, {
        name: `${i}th Maine Infantry`,
        description: 'Held the left of the line at Little Round Top on the second day.',
      });
    }
  });
  afterAll(() => ctx.close());

  it('answers each from the kept entry, compressed once per encoding, within the memory bound', async () => {
    const get = (encoding: Encoding) => ctx.app.inject({ method: 'GET', url: '/api/regiments', headers: ACCEPT[encoding] });
    const plain = (await get('identity')).body;
    expect(plain.length).toBeGreaterThan(1024);
    const cache = ctx.app.responseCache;
    const entry = cache.get('/api/regiments')!;
    // Computed for the plain client: its body is kept when asked for again.
    expect(entry.isPlainAsked).toBe(true);
    expect(entry.identity).toBeUndefined();
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const first = await get(encoding);
      const kept = entry[encoding];
      const second = await get(encoding);
      for (const answer of [first, second]) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-encoding'], encoding).toBe(encoding === 'identity' ? undefined : encoding);
        expect(answer.headers.etag).toBe(entry.etag);
        expect(decoded(answer.rawPayload, answer.headers['content-encoding'])).toBe(plain);
      }
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      // The second request sent the bytes the first one kept: no compression work for it.
      expect(kept, encoding).toBeDefined();
      expect(entry[encoding]).toBe(kept);
    }
    expect(entry.bytes).toBeGreaterThan(entry.br!.length + entry.gzip!.length + entry.identity!.length);
    expect(cache.size.bytes).toBeGreaterThanOrEqual(entry.bytes);
    expect(cache.size.bytes).toBeLessThanOrEqual(cache.maxBytes);
  });
});
