import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Officer, ReviewPage } from '#core/api.js';
import { buildApp } from '#server/app.js';
import { PostgresCacheBus } from './cache-bus.js';
import { openDatabase, type DatabaseHandle } from '#server/platform/db/client.js';
import { officers } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, testConfig, type TestContext } from '#server/test/app.js';
import { TEST_POSTGRES_URL, databaseUrlFor, runId, withAdminClient } from '#server/test/database.js';
import { createOfficer, createRegiment, createReview, createUser } from '#server/test/fixtures.js';
import type { App } from '#server/platform/types.js';
import { answerWith, exactCopy, ownedBytes, preferredEncoding } from './encoding.js';
import { ResponseCache, createEntry, type Entry } from './store.js';
import { cacheTags } from './tags.js';

function entry(key: string, bytes: number, tags: Entry['tags'] = ['lists'], computedAt = 0): Entry {
  return {
    key,
    tags,
    computedAt,
    etag: `W/"${key}"`,
    contentType: 'application/json',
    isCompressible: true,
    size: bytes,
    identity: Buffer.alloc(bytes, 'x'),
    bytes,
  };
}

describe('the response cache itself', () => {
  it('keeps at most its memory, dropping the least recently used answers first', () => {
    const cache = new ResponseCache(10_000);
    for (const key of ['a', 'b', 'c']) cache.store(cache.currentGeneration(), entry(key, 2_000));
    cache.get('a'); // used again: 'b' is now the oldest
    cache.store(cache.currentGeneration(), entry('d', 2_000));
    cache.store(cache.currentGeneration(), entry('e', 2_000));
    cache.store(cache.currentGeneration(), entry('f', 2_000));
    expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('f')).toBeDefined();
  });

  it('does not store an answer computed while a write invalidated what it shows', () => {
    const cache = new ResponseCache(10_000);
    const startedAt = cache.currentGeneration();
    cache.invalidateLocally(cacheTags.reviewOf(1));
    cache.store(startedAt, entry('/api/officers/1', 100, ['officer:1']));
    expect(cache.get('/api/officers/1')).toBeUndefined();

    const beforeEverything = cache.currentGeneration();
    cache.invalidateLocally('all');
    cache.store(beforeEverything, entry('/api/officers/2', 100, ['officer:2']));
    expect(cache.get('/api/officers/2')).toBeUndefined();
  });

  it('stores an answer computed while a write changed something else', () => {
    const cache = new ResponseCache(10_000);
    const startedAt = cache.currentGeneration();
    cache.invalidateLocally(cacheTags.voteOnReviewOf(7, 3));
    cache.store(startedAt, entry('/api/officers/1', 100, ['officer:1']));
    cache.store(startedAt, entry('/api/officers/top', 100, ['lists']));
    expect(cache.get('/api/officers/1')).toBeDefined();
    expect(cache.get('/api/officers/top')).toBeDefined();
  });

  it('forgets only the answers of the tags a write names', () => {
    const cache = new ResponseCache(10_000);
    cache.store(0, entry('/api/officers/1', 100, ['officer:1']));
    cache.store(0, entry('/api/officers/2', 100, ['officer:2']));
    cache.store(0, entry('/api/reviews/recent', 100, ['recent-reviews']));
    cache.store(0, entry('/api/officers/top', 100, cacheTags.ratedList));
    cache.invalidateLocally(cacheTags.reviewOf(1));
    expect(cache.get('/api/officers/1')).toBeUndefined();
    expect(cache.get('/api/officers/2')).toBeDefined();
    expect(cache.get('/api/reviews/recent')).toBeUndefined();
    expect(cache.get('/api/officers/top')).toBeUndefined();
    cache.invalidateLocally('all');
    expect(cache.get('/api/officers/2')).toBeUndefined();
  });

  it('keeps what it forgot as the last known answer, served only on request as stale, and within the memory bound', () => {
    const cache = new ResponseCache(1_000);
    cache.store(0, entry('/api/officers/1', 100, ['officer:1']));
    cache.store(0, entry('/api/officers/2', 100, ['officer:2']));
    cache.invalidateLocally(['officer:1']);
    expect(cache.get('/api/officers/1')).toBeUndefined();
    expect(cache.getStale('/api/officers/1')?.key).toBe('/api/officers/1');
    cache.invalidateLocally('all');
    expect(cache.get('/api/officers/2')).toBeUndefined();
    expect(cache.getStale('/api/officers/2')?.key).toBe('/api/officers/2');
    // A fresh answer for the URL replaces its stale one; new answers push the oldest stale ones out.
    cache.store(cache.currentGeneration(), entry('/api/officers/2', 100, ['officer:2']));
    expect(cache.get('/api/officers/2')).toBeDefined();
    for (let i = 3; i < 12; i++) cache.store(cache.currentGeneration(), entry(`/api/officers/${i}`, 100, [`officer:${i}`]));
    expect(cache.getStale('/api/officers/1')).toBeUndefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(1_000);
  });

  it('forgets an answer by the tags of the version kept now, also after others were evicted or replaced', () => {
    const cache = new ResponseCache(1_000);
    cache.store(0, entry('/api/officers/search?q=lee', 100, ['lists', 'officer:1']));
    // Computed again after officer 1 left the answer: only officer 2's changes concern it now.
    cache.store(0, entry('/api/officers/search?q=lee', 100, ['lists', 'officer:2']));
    cache.store(0, entry('/api/officers/1', 100, ['officer:1']));
    cache.invalidateLocally(['officer:1']);
    expect(cache.get('/api/officers/search?q=lee')).toBeDefined();
    expect(cache.get('/api/officers/1')).toBeUndefined();
    cache.invalidateLocally(['officer:2']);
    expect(cache.get('/api/officers/search?q=lee')).toBeUndefined();

    // Evicted for room, then stored again: a write still finds it.
    for (let i = 0; i < 12; i++) cache.store(0, entry(`/api/officers/${10 + i}`, 100, [cacheTags.officer(10 + i)]));
    expect(cache.get('/api/officers/10')).toBeUndefined();
    cache.store(0, entry('/api/officers/10', 100, [cacheTags.officer(10)]));
    cache.invalidateLocally([cacheTags.officer(10)]);
    expect(cache.get('/api/officers/10')).toBeUndefined();
    expect(cache.get('/api/officers/21')).toBeDefined();
  });

  describe('ratings in the lists, which may lag by ratingsLagMs', () => {
    const LAG = 1_000;
    const setUp = () => {
      let clock = 10_000;
      const cache = new ResponseCache(10_000, null, { ratingsLagMs: LAG, now: () => clock });
      return { cache, advance: (ms: number) => (clock += ms), at: () => clock };
    };

    it("serves a list until the lag is over after a review, while the officer's own pages go at once", () => {
      const { cache, advance, at } = setUp();
      cache.store(0, entry('/api/officers/top', 100, cacheTags.ratedList, at()));
      cache.store(0, entry('/api/officers/1', 100, ['officer:1'], at()));
      advance(400);
      cache.invalidateLocally(cacheTags.reviewOf(1));
      expect(cache.get('/api/officers/1')).toBeUndefined();
      expect(cache.get('/api/officers/top')).toBeDefined();
      advance(599);
      expect(cache.get('/api/officers/top')).toBeDefined();
      advance(1);
      expect(cache.get('/api/officers/top')).toBeUndefined();
    });

    it('drops a list computed longer ago than the lag at once, and keeps one nothing has changed', () => {
      const { cache, advance, at } = setUp();
      cache.store(0, entry('/api/regiments', 100, cacheTags.ratedList, at()));
      advance(5 * LAG);
      expect(cache.get('/api/regiments')).toBeDefined();
      cache.invalidateLocally(cacheTags.reviewOf(1));
      expect(cache.get('/api/regiments')).toBeUndefined();
    });

    it('keeps a list computed across a review only for what is left of the lag', () => {
      const { cache, advance, at } = setUp();
      const startedAt = at();
      const generation = cache.currentGeneration();
      advance(300);
      cache.invalidateLocally(cacheTags.reviewOf(1));
      advance(200);
      cache.store(generation, entry('/api/officers/search?q=lee', 100, cacheTags.ratedList, startedAt));
      expect(cache.get('/api/officers/search?q=lee')).toBeDefined();
      advance(500);
      expect(cache.get('/api/officers/search?q=lee')).toBeUndefined();
    });

    it("lets the recent reviews' scores lag a vote, not the voted review's own list or its author's profile", () => {
      const { cache, advance, at } = setUp();
      cache.store(0, entry('/api/reviews/recent', 100, cacheTags.recentReviews, at()));
      cache.store(0, entry('/api/reviews/officer/1?page=1&limit=5', 100, ['officer-reviews:1'], at()));
      cache.store(0, entry('/api/reviewers/9', 100, [cacheTags.reviewer(9)], at()));
      cache.store(0, entry('/api/reviewers/8', 100, [cacheTags.reviewer(8)], at()));
      cache.invalidateLocally(cacheTags.voteOnReviewOf(1, 9));
      expect(cache.get('/api/reviews/officer/1?page=1&limit=5')).toBeUndefined();
      expect(cache.get('/api/reviewers/9')).toBeUndefined();
      expect(cache.get('/api/reviewers/8')).toBeDefined();
      expect(cache.get('/api/reviews/recent')).toBeDefined();
      advance(LAG);
      expect(cache.get('/api/reviews/recent')).toBeUndefined();
      // A new review shows in the recent reviews at once.
      cache.store(0, entry('/api/reviews/recent', 100, cacheTags.recentReviews, at()));
      cache.invalidateLocally(cacheTags.reviewOf(2));
      expect(cache.get('/api/reviews/recent')).toBeUndefined();
    });

    it('forgets lists at once for any other change', () => {
      const { cache, at } = setUp();
      cache.store(0, entry('/api/officers/top', 100, cacheTags.ratedList, at()));
      cache.invalidateLocally(['lists']);
      expect(cache.get('/api/officers/top')).toBeUndefined();
    });
  });

  it('lets the first miss for a URL compute it while later ones wait for its answer', async () => {
    const cache = new ResponseCache(10_000);
    const first = await cache.claim('/api/regiments', ['lists']);
    expect(first).not.toBeNull();
    let waited = false;
    const second = cache.claim('/api/regiments', ['lists']).then((claim) => {
      waited = true;
      return claim;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(waited).toBe(false);
    cache.store(cache.currentGeneration(), entry('/api/regiments', 100));
    cache.release(first!);
    expect(await second).toBeNull();
    expect(cache.get('/api/regiments')).toBeDefined();
  });

  it('replaces a computation a write made stale; those waiting for it wait for the new one', async () => {
    const cache = new ResponseCache(10_000);
    const stale = await cache.claim('/api/officers/top', ['lists']);
    let waiterDone = false;
    const waitingForStale = cache.claim('/api/officers/top', ['lists']).then((claim) => ((waiterDone = true), claim));
    cache.invalidateLocally(['lists']);
    // A write to what it shows: the next request computes afresh rather than wait for a stale answer.
    const fresh = await cache.claim('/api/officers/top', ['lists']);
    expect(fresh).not.toBeNull();
    // The stale computation ends first: its waiter does not compute the list again, it waits for the fresh one.
    cache.release(stale!);
    await new Promise((resolve) => setImmediate(resolve));
    expect(waiterDone).toBe(false);
    cache.store(fresh!.generation, entry('/api/officers/top', 100));
    cache.release(fresh!);
    expect(await waitingForStale).toBeNull();
    expect(cache.get('/api/officers/top')).toBeDefined();
  });

  it('lets one of those waiting for a stale computation compute it again, the others wait for that one', async () => {
    const cache = new ResponseCache(10_000);
    const stale = await cache.claim('/api/reviews/recent', ['recent-reviews']);
    const waiters = [cache.claim('/api/reviews/recent', ['recent-reviews']), cache.claim('/api/reviews/recent', ['recent-reviews'])];
    cache.invalidateLocally(['recent-reviews']);
    cache.release(stale!);
    await new Promise((resolve) => setImmediate(resolve));
    // Exactly one waiter holds the new claim; once it is answered, the other finds its entry.
    const claimed = await Promise.race(waiters);
    expect(claimed).not.toBeNull();
    cache.store(claimed!.generation, entry('/api/reviews/recent', 100, ['recent-reviews']));
    cache.release(claimed!);
    const results = await Promise.all(waiters);
    expect(results.filter((claim) => claim !== null)).toHaveLength(1);
    expect(cache.get('/api/reviews/recent')).toBeDefined();
  });

  it('waits only a few rounds: under a stream of writes a request still gets its answer', async () => {
    const cache = new ResponseCache(10_000);
    let computing = await cache.claim('/api/reviews/recent', ['recent-reviews']);
    const waiter = cache.claim('/api/reviews/recent', ['recent-reviews']);
    let settled = false;
    void waiter.then(() => (settled = true));
    for (let round = 0; round < 3 && !settled; round++) {
      // Each computation is made stale by a write before it ends; another request takes over.
      cache.invalidateLocally(['recent-reviews']);
      const next = await cache.claim('/api/reviews/recent', ['recent-reviews']);
      cache.release(computing!);
      computing = next;
      await new Promise((resolve) => setImmediate(resolve));
    }
    // After its rounds the waiter computes it itself rather than wait on for ever.
    expect(await waiter).not.toBeNull();
    cache.release(computing!);
  });

  it("tags a search answer by its officers when it holds every match, else by the lists' ratings; always by the rankings' prior", () => {
    expect(cacheTags.searchAnswer([3, 9], 100)).toEqual(['lists', 'prior', 'officer:3', 'officer:9']);
    expect(cacheTags.searchAnswer([], 100)).toEqual(['lists', 'prior']);
    const full = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(cacheTags.searchAnswer(full, 100)).toEqual(['lists', 'ratings', 'prior']);
  });

  it('holds no more memory than it counts: each kept body owns exactly its bytes', () => {
    const cache = new ResponseCache(1_000_000);
    const json = JSON.stringify({ id: 7, name: 'Col. Joshua Chamberlain', text: 'Held the line. '.repeat(100) });
    const identity = exactCopy(Buffer.from(json));
    const stored: Entry = { ...entry('/api/officers/7', 0), identity, size: identity.length, bytes: identity.length };
    cache.store(cache.currentGeneration(), stored);
    const bodies = [identity, cache.variant(stored, 'br').body, cache.variant(stored, 'gzip').body];
    for (const body of bodies) expect(body.buffer.byteLength).toBe(body.length);
    expect(cache.size.bytes).toBe(bodies.reduce((sum, body) => sum + body.length, 0));
    // Buffer.from(string) slices a shared slab; the copy does not, and keeps the same bytes.
    const pooled = Buffer.from(json.slice(0, 100));
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    expect(exactCopy(pooled).equals(pooled)).toBe(true);
    // Text is encoded straight into bytes of its own, multi-byte characters included.
    const text = `${json.slice(0, 100)} – Gettysburg, “Little Round Top”`;
    const owned = ownedBytes(text);
    expect([owned.byteOffset, owned.buffer.byteLength]).toEqual([0, owned.length]);
    expect(owned.equals(Buffer.from(text))).toBe(true);
  });

  it('keeps a large body as brotli, tags it by its content, and answers every encoding with the same bytes', () => {
    const cache = new ResponseCache(1_000_000);
    const officers = (regiment: string) => Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Officer ${i}`, regiment }));
    const json = JSON.stringify(officers('20th Maine Infantry'));
    const make = (body: string) =>
      createEntry({ key: '/api/officers/search?q=o', tags: ['lists'], computedAt: 0, contentType: 'application/json', body });
    const stored = make(json);
    expect(stored.identity).toBeUndefined();
    cache.store(cache.currentGeneration(), stored);
    const br = cache.variant(stored, 'br');
    expect(br.encoding).toBe('br');
    // Counted: the entry with its brotli form, not the plain body.
    expect(cache.size.bytes).toBe(stored.bytes);
    expect(stored.bytes).toBeLessThan(json.length / 2);
    expect(brotliDecompressSync(br.body).toString()).toBe(json);
    // The same content has the same tag (in every process); other content another.
    expect(make(json).etag).toBe(stored.etag);
    expect(make(JSON.stringify(officers('20th Maine Volunteers'))).etag).not.toBe(stored.etag);
    // The other encodings, kept and counted once asked for (the plain body the second time: encodings.test.ts).
    const counted = cache.size.bytes;
    const plain = cache.variant(stored, 'identity');
    expect(plain).toEqual({ body: Buffer.from(json), encoding: 'identity' });
    const gzip = cache.variant(stored, 'gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(json);
    expect(cache.size.bytes).toBe(counted + gzip.body.length);
    // The request that computed an answer sends its plain body in hand to a client without compression.
    const computed = make(json);
    const inHand = Buffer.from(json);
    expect(cache.variant(computed, 'identity', inHand).body).toBe(inHand);
    // Small bodies are never compressed, so they keep their plain form.
    const small = createEntry({ key: '/api/sides', tags: ['lists'], computedAt: 0, contentType: 'application/json', body: '[]' });
    expect(cache.variant(small, 'br')).toEqual({ body: Buffer.from('[]'), encoding: 'identity' });
  });

  it('answers each hit with the same headers and bytes, a revalidation with 304, and a large body plain, kept when asked for again', () => {
    const cache = new ResponseCache(1_000_000);
    const json = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Officer ${i}` })));
    const stored = createEntry({ key: '/api/officers/search?q=o', tags: ['lists'], computedAt: 0, contentType: 'application/json', body: json });
    cache.store(cache.currentGeneration(), stored);
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const first = answerWith(stored, cache, browser);
    const again = answerWith(stored, cache, browser);
    expect(again).toEqual(first);
    expect(first.headers).toMatchObject({ etag: stored.etag, 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(brotliDecompressSync(first.body!).toString()).toBe(json);
    const revalidation = answerWith(stored, cache, { ...browser, 'if-none-match': stored.etag });
    expect(revalidation).toMatchObject({ status: 304, body: undefined, headers: { etag: stored.etag } });
    const counted = cache.size.bytes;
    const plains = [0, 1, 2].map(() => answerWith(stored, cache, {}));
    for (const plain of plains) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body!.toString()).toBe(json);
    }
    // Decompressed for the first such request alone, then kept beside the brotli form, counted: the third sends it as it is.
    expect(stored.identity).toBe(plains[1]!.body);
    expect(plains[2]!.body).toBe(plains[1]!.body);
    expect(plains[1]!.body).not.toBe(plains[0]!.body);
    expect(cache.size.bytes).toBe(counted + json.length);
  });

  it('stores nothing when given no memory', () => {
    const cache = new ResponseCache(0);
    cache.store(0, entry('/api/sides', 10));
    expect(cache.get('/api/sides')).toBeUndefined();
  });

  it('picks brotli, then gzip, as the client accepts them', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});

describe('public answers through the app', () => {
  let ctx: TestContext;
  let officerId: number;
  let authorId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    const regiment = await createRegiment(ctx.db, { name: '20th Maine Infantry' });
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Joshua Chamberlain' });
    officerId = officer.id;
    authorId = (await createUser(ctx.db)).id;
    await createReview(ctx.db, { userId: authorId, officerId, rating: 4 });
  });
  afterAll(() => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it('serves a repeated read from memory, with the same body and ETag, compressed as asked', async () => {
    const url = `/api/reviews/officer/${officerId}?page=1&limit=5`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    // A change made behind the app's back is not seen: the answer really comes from memory.
    await ctx.db.update(officers).set({ name: 'Renamed Behind The Back' }).where(eq(officers.id, officerId));
    const second = await get(url);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers['content-security-policy']).toBeDefined();

    const notModified = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    const big = await get('/api/regiments', { 'accept-encoding': 'br' });
    const again = await get('/api/regiments', { 'accept-encoding': 'gzip' });
    const plain = await get('/api/regiments');
    expect(plain.headers['content-encoding']).toBeUndefined();
    if (plain.rawPayload.length >= 1024) {
      expect(big.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(big.rawPayload).toString()).toBe(plain.body);
      expect(again.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(again.rawPayload).toString()).toBe(plain.body);
    }
    await ctx.db.update(officers).set({ name: 'Joshua Chamberlain' }).where(eq(officers.id, officerId));
    ctx.app.responseCache.invalidateLocally('all');
  });

  it("shows the writer's review at once: a write forgets what it changed before answering", async () => {
    const before = (await get(`/api/officers/${officerId}`)).json<Officer>();
    const pageBefore = (await get(`/api/reviews/officer/${officerId}?page=1&limit=5`)).json<ReviewPage>();
    const { client } = await signedInClient(ctx, { steamId: '76561198000000001' });
    const created = await client.post('/api/reviews', {
      officerId,
      text: 'Held the line on Little Round Top with great calm.',
      leadership: 1,
      tactics: 1,
      communication: 1,
      fairness: 1,
    });
    expect(created.statusCode).toBe(201);

    const after = (await client.get(`/api/officers/${officerId}`)).json<Officer>();
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect(after.averageRating).toBeLessThan(before.averageRating ?? 5);
    const pageAfter = (await client.get(`/api/reviews/officer/${officerId}?page=1&limit=5`)).json<ReviewPage>();
    expect(pageAfter.totalCount).toBe(pageBefore.totalCount + 1);
    expect(pageAfter.reviews[0]!.text).toBe('Held the line on Little Round Top with great calm.');
  });

  it('keeps a search that holds every match until one of its officers changes', async () => {
    const regiment = await createRegiment(ctx.db, { name: '15th Alabama Infantry' });
    const oates = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'William Oates' });
    const url = '/api/officers/search?q=Chamberlain';
    const [before] = (await get(url)).json<Officer[]>();
    expect(before!.id).toBe(officerId);
    const { client } = await signedInClient(ctx, { steamId: '76561198000000003' });
    const review = (id: number) =>
      client.post('/api/reviews', {
        officerId: id,
        text: 'Steady under fire on the slope.',
        leadership: 5,
        tactics: 5,
        communication: 5,
        fairness: 5,
      });

    // A review of an officer the answer does not hold cannot change it: it stays in memory.
    expect((await review(oates.id)).statusCode).toBe(201);
    expect(ctx.app.responseCache.get(url)).toBeDefined();

    // A review of one it holds: forgotten before the review's answer, so the next search shows it.
    expect((await review(officerId)).statusCode).toBe(201);
    expect(ctx.app.responseCache.get(url)).toBeUndefined();
    const [after] = (await get(url)).json<Officer[]>();
    expect(after!.reviewCount).toBe(before!.reviewCount + 1);
  });

  it("a vote refreshes the review lists' scores", async () => {
    const url = `/api/reviews/officer/${officerId}?page=1&limit=5`;
    const page = (await get(url)).json<ReviewPage>();
    const target = page.reviews.find((r) => r.userId === authorId)!;
    const { client } = await signedInClient(ctx);
    expect((await client.post(`/api/reviews/${target.id}/vote`, { value: 1 })).statusCode).toBe(200);
    const again = (await get(url)).json<ReviewPage>();
    expect(again.reviews.find((r) => r.id === target.id)!.score).toBe(target.score + 1);
  });

  it('a refused write forgets nothing', async () => {
    const url = `/api/officers/${officerId}`;
    await get(url);
    const before = ctx.app.responseCache.size.entries;
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/reviews', payload: { officerId } });
    expect(refused.statusCode).toBe(403);
    expect(ctx.app.responseCache.size.entries).toBe(before);
  });

  it('never caches an answer that depends on who asks', async () => {
    const { client } = await signedInClient(ctx);
    await client.get('/api/reviews/my');
    await client.get('/api/auth/status');
    const keys = [...(ctx.app.responseCache as unknown as { entries: Map<string, unknown> }).entries.keys()];
    expect(keys.some((key) => key.includes('/my') || key.includes('/auth/'))).toBe(false);
  });
});

// The cache bus is PostgreSQL's LISTEN/NOTIFY, so this runs on the machine's server on either engine.
describe('two app processes on one PostgreSQL database', () => {
  const name = `wor_test_${runId()}_cachebus_${randomBytes(4).toString('hex')}`;
  let url: string;
  let handles: DatabaseHandle[] = [];
  let buses: PostgresCacheBus[] = [];
  let apps: App[] = [];
  const silent = { warn: () => undefined, info: () => undefined };

  beforeAll(async () => {
    // A fresh database, migrated by the first openDatabase below.
    await withAdminClient((c) => c.query(`CREATE DATABASE ${name}`), TEST_POSTGRES_URL);
    url = databaseUrlFor(TEST_POSTGRES_URL, name);
    for (let i = 0; i < 2; i++) await startProcess();
  });

  /** One more app process on the database, with its own pool and bus, ready (closed with the others). */
  async function startProcess(): Promise<App> {
    const handle = await openDatabase({ url, poolSize: 4 });
    const bus = await PostgresCacheBus.connect(url, handle.db, silent);
    const app = await buildApp({ config: testConfig({ databaseUrl: url }), db: handle.db, logger: false, cacheBus: bus });
    handles.push(handle);
    buses.push(bus);
    apps.push(app);
    await app.ready();
    return app;
  }

  /** A new officer's answer, kept by the second process: its path and id. */
  async function keptBySecond(regimentName: string, officerName: string): Promise<{ path: string; officerId: number }> {
    const db = handles[0]!.db;
    const regiment = await createRegiment(db, { name: regimentName });
    const officer = await createOfficer(db, { regimentId: regiment.id, name: officerName });
    const path = `/api/officers/${officer.id}`;
    await apps[1]!.inject({ method: 'GET', url: path });
    expect(apps[1]!.responseCache.get(path)).toBeDefined();
    return { path, officerId: officer.id };
  }

  /** Waits (the news travels through PostgreSQL) until the second process no longer keeps `path`, at most 2 s. */
  async function forgottenBySecond(path: string): Promise<void> {
    for (let attempt = 0; attempt < 40 && apps[1]!.responseCache.get(path); attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(apps[1]!.responseCache.get(path)).toBeUndefined();
  }
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const bus of buses) await bus.close();
    for (const handle of handles) await handle.close();
    await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), TEST_POSTGRES_URL);
    handles = [];
    buses = [];
    apps = [];
  });

  it("one process's write reaches the other's cache", async () => {
    const [first, second] = apps as [App, App];
    const db = handles[0]!.db;
    const regiment = await createRegiment(db, { name: '1st Minnesota Infantry' });
    const officer = await createOfficer(db, { regimentId: regiment.id, name: 'William Colvill' });
    const url = `/api/officers/${officer.id}`;
    const cached = (await second.inject({ method: 'GET', url })).json<Officer>();
    expect(cached.reviewCount).toBe(0);

    const ctxFirst = { app: first, db, close: async () => undefined };
    const { client } = await signedInClient(ctxFirst, { steamId: '76561198000000002' });
    const created = await client.post('/api/reviews', {
      officerId: officer.id,
      text: 'Led the charge that bought the minutes the line needed.',
      leadership: 5,
      tactics: 5,
      communication: 5,
      fairness: 5,
    });
    expect(created.statusCode).toBe(201);

    // The notification travels through PostgreSQL: allow it a moment.
    let seen = cached;
    for (let attempt = 0; attempt < 40 && seen.reviewCount === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = (await second.inject({ method: 'GET', url })).json<Officer>();
    }
    expect(seen.reviewCount).toBe(1);
  });

  it('a process whose notification channel is down still tells the others, through its pool', async () => {
    const { path, officerId } = await keptBySecond('19th Indiana Infantry', 'Solomon Meredith');

    // The first process's listener is gone (as after a lost connection): it publishes through its pool.
    await buses[0]!.close();
    await buses[0]!.publish([`officer:${officerId}`]);
    await forgottenBySecond(path);
  });

  it('a process that starts tells the others to forget everything: it may have stopped between a commit and its news', async () => {
    const { path } = await keptBySecond('2nd Wisconsin Infantry', 'Lucius Fairchild');

    // A third process, as one restarted after a crash.
    await startProcess();
    await forgottenBySecond(path);
  });
});
