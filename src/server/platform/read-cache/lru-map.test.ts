/**
 * The response cache's LRU order (lru-map.ts): the same order a Map's insertion order gives when a
 * used entry is deleted and set again, which is what the cache relied on before.
 */
import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map.js';

describe('LruMap', () => {
  it('walks least recently used first: a touch or a new value moves an entry last', () => {
    const lru = new LruMap<string, number>();
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) lru.set(key, i);
    lru.touch('a');
    lru.set('b', 10);
    expect([...lru.oldestFirst()]).toEqual([
      ['c', 2],
      ['d', 3],
      ['a', 0],
      ['b', 10],
    ]);
    expect(lru.get('b')).toBe(10);
    expect(lru.size).toBe(4);
  });

  it('lets a walk delete the entry it was just given (eviction), down to empty and back', () => {
    const lru = new LruMap<number, string>();
    for (let i = 0; i < 5; i++) lru.set(i, `v${i}`);
    const evicted: number[] = [];
    for (const [key] of lru.oldestFirst()) {
      if (lru.size <= 2) break;
      lru.delete(key);
      evicted.push(key);
    }
    expect(evicted).toEqual([0, 1, 2]);
    for (const [key] of lru.oldestFirst()) lru.delete(key);
    expect([lru.size, [...lru.oldestFirst()]]).toEqual([0, []]);
    lru.set(7, 'v7');
    expect([...lru.oldestFirst()]).toEqual([[7, 'v7']]);
    expect(lru.delete(8)).toBe(false);
  });

  it('matches a Map used as an LRU over thousands of random sets, touches, deletes and evictions', () => {
    const lru = new LruMap<number, number>();
    const reference = new Map<number, number>();
    let seed = 1862;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let i = 0; i < 20_000; i++) {
      const key = random(300);
      const op = random(4);
      if (op === 0) {
        lru.delete(key);
        reference.delete(key);
      } else if (op === 1) {
        lru.touch(key);
        const value = reference.get(key);
        if (value !== undefined) {
          reference.delete(key);
          reference.set(key, value);
        }
      } else {
        lru.set(key, i);
        reference.delete(key);
        reference.set(key, i);
      }
      for (const [oldest] of lru.oldestFirst()) {
        if (lru.size <= 100) break;
        lru.delete(oldest);
      }
      for (const [oldest] of reference) {
        if (reference.size <= 100) break;
        reference.delete(oldest);
      }
    }
    expect([...lru.oldestFirst()]).toEqual([...reference]);
    expect([...lru.values()].sort()).toEqual([...reference.values()].sort());
  });
});
