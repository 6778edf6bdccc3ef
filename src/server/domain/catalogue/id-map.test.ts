/** The catalogue's id-indexed map answers as a Map would, for ids in its array and past it. */
import { describe, expect, it } from 'vitest';
import { IdMap } from './id-map.js';

describe('IdMap', () => {
  it('keeps, replaces, forgets and counts values by id, in the array and past its limit', () => {
    const map = new IdMap<string>();
    const large = 2 ** 31 - 1;
    map.set(7, 'seven').set(3, 'three').set(large, 'large').set(7, 'SEVEN');
    expect(map.size).toBe(3);
    expect([map.get(7), map.get(3), map.get(large), map.get(4), map.get(1_000), map.get(-1)]).toEqual([
      'SEVEN',
      'three',
      'large',
      undefined,
      undefined,
      undefined,
    ]);
    expect([map.has(3), map.has(4), map.has(large)]).toEqual([true, false, true]);

    expect([map.delete(3), map.delete(3), map.delete(4), map.delete(large)]).toEqual([true, false, false, true]);
    expect(map.size).toBe(1);
    expect([map.get(3), map.get(large)]).toEqual([undefined, undefined]);
  });

  it('keeps null, which is a value (an officer without a rank score), apart from nothing kept', () => {
    const map = new IdMap<number | null>();
    map.set(2, null);
    expect([map.get(2), map.has(2), map.size]).toEqual([null, true, 1]);
  });

  it('lists its entries in ascending id order, the ones past the limit after them', () => {
    const map = new IdMap<string>();
    for (const id of [2 ** 30, 42, 5, 900_000]) map.set(id, `#${id}`);
    map.delete(5);
    expect([...map.entries()]).toEqual([
      [42, '#42'],
      [900_000, '#900000'],
      [2 ** 30, `#${2 ** 30}`],
    ]);
    expect([...map.keys()]).toEqual([42, 900_000, 2 ** 30]);
    expect([...map.values()]).toEqual(['#42', '#900000', `#${2 ** 30}`]);
  });

  it('is empty after clear', () => {
    const map = new IdMap<string>();
    map.set(1, 'one').set(2 ** 25, 'far');
    map.clear();
    expect([map.size, map.get(1), map.get(2 ** 25), [...map.entries()]]).toEqual([0, undefined, undefined, []]);
  });
});
