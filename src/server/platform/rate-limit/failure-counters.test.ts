/** The failure counters behave the same in memory and in Redis (the Redis one is shared by processes). */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit.js';
import { RedisRateLimitStore } from './redis-store.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `wor:test:${randomBytes(4).toString('hex')}:`;
const cleanup = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
const redisStores: RedisRateLimitStore[] = [];

afterAll(async () => {
  await Promise.all(redisStores.map((store) => store.close()));
  const keys = await cleanup.keys(`${prefix}*`);
  if (keys.length > 0) await cleanup.del(...keys);
  await cleanup.quit();
});

function redisStore() {
  const store = new RedisRateLimitStore(new Redis(REDIS_URL), prefix);
  redisStores.push(store);
  return store;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ['memory', () => new MemoryRateLimitStore()],
  ['Redis', redisStore],
] as Array<[string, () => RateLimitStore]>)('failure counters in %s', (_name, makeStore) => {
  it('records, peeks and clears', async () => {
    const store = makeStore();
    const before = Date.now();
    expect(await store.peekFailures('f:a')).toBeNull();
    expect(await store.recordFailure('f:a', 60_000)).toMatchObject({ count: 1 });
    const second = await store.recordFailure('f:a', 60_000);
    expect(second?.count).toBe(2);
    expect(second?.lastAt).toBeGreaterThanOrEqual(before);
    expect(await store.peekFailures('f:a')).toEqual(second);
    await store.clearFailures('f:a');
    expect(await store.peekFailures('f:a')).toBeNull();
  });

  it('records only on the expected count when asked to (compare-and-set)', async () => {
    const store = makeStore();
    expect(await store.recordFailure('f:b', 60_000, 0)).toMatchObject({ count: 1 });
    expect(await store.recordFailure('f:b', 60_000, 0)).toBeNull();
    expect(await store.recordFailure('f:b', 60_000, 1)).toMatchObject({ count: 2 });
    const racing = await Promise.all(Array.from({ length: 10 }, () => store.recordFailure('f:b', 60_000, 2)));
    expect(racing.filter(Boolean)).toHaveLength(1);
    expect((await store.peekFailures('f:b'))?.count).toBe(3);
  });

  it('forgets the failures a window after the last one', async () => {
    const store = makeStore();
    await store.recordFailure('f:c', 300);
    await sleep(200);
    await store.recordFailure('f:c', 300);
    await sleep(200);
    // 400 ms after the first failure, 200 after the last: still there.
    expect((await store.peekFailures('f:c'))?.count).toBe(2);
    await sleep(150);
    expect(await store.peekFailures('f:c')).toBeNull();
    expect(await store.recordFailure('f:c', 300, 0)).toMatchObject({ count: 1 });
  });
});

describe('failure counters in Redis, two connections', () => {
  it('share one count', async () => {
    const [first, second] = [redisStore(), redisStore()];
    await first.recordFailure('f:shared', 60_000);
    await second.recordFailure('f:shared', 60_000);
    expect((await first.peekFailures('f:shared'))?.count).toBe(2);
    expect(await second.recordFailure('f:shared', 60_000, 1)).toBeNull();
    await first.clearFailures('f:shared');
    expect(await second.peekFailures('f:shared')).toBeNull();
  });
});
