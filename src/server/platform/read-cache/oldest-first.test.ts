/**
 * The eviction cursor (oldest-first.ts): across many walks, with entries used (moved to the end) and
 * evicted between them, it yields exactly what a fresh walk from the front would, the oldest first.
 */
import { describe, expect, it } from 'vitest';
import { OldestFirst } from './oldest-first.js';

/** An LRU of at most `bound` keys evicting through the cursor, and the order a fresh walk gives. */
function lru(bound: number) {
  const map = new Map<number, string>();
  const oldestFirst = new OldestFirst(map);
  const evicted: number[] = [];
  return {
    map,
    evicted,
    use(key: number) {
      map.delete(key);
      map.set(key, `v${key}`);
      const next = oldestFirst.walk();
      while (map.size > bound) {
        const [oldest] = next() ?? [];
        if (oldest === undefined) break;
        if (oldest === key) continue;
        map.delete(oldest);
        evicted.push(oldest);
      }
    },
  };
}

describe('OldestFirst', () => {
  it('evicts in least-recently-used order across walks, as a walk from the front would', () => {
    const cache = lru(3);
    for (const key of [1, 2, 3, 4]) cache.use(key);
    expect(cache.evicted).toEqual([1]);
    cache.use(2); // 2 is now the newest: 3 is the oldest
    cache.use(5);
    cache.use(6);
    expect(cache.evicted).toEqual([1, 3, 4]);
    expect([...cache.map.keys()]).toEqual([2, 5, 6]);
  });

  it('matches a fresh walk over thousands of random uses', () => {
    const cache = lru(50);
    const reference = new Map<number, string>();
    const referenceEvicted: number[] = [];
    let seed = 1862;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 400;
    for (let i = 0; i < 20_000; i++) {
      const key = random();
      cache.use(key);
      reference.delete(key);
      reference.set(key, `v${key}`);
      for (const [oldest] of reference) {
        if (reference.size <= 50) break;
        reference.delete(oldest);
        referenceEvicted.push(oldest);
      }
    }
    expect(cache.evicted).toEqual(referenceEvicted);
    expect([...cache.map.keys()]).toEqual([...reference.keys()]);
  });

  it('passes the entry being kept and ends after one lap', () => {
    const map = new Map([['only', 1]]);
    const next = new OldestFirst(map).walk();
    expect(next()).toEqual(['only', 1]);
    expect(next()).toEqual(['only', 1]);
    expect(next()).toBeUndefined();
  });
});
