import { describe, expect, it } from 'vitest';
import { BatchedRead } from './batched.js';
import type { Executor } from './client.js';

/** Two handles, as the app's database and a transaction are: a batch never mixes them. */
const dbA = {} as Executor;
const dbB = {} as Executor;

function doubling() {
  const calls: Array<{ db: Executor; keys: number[]; group: string }> = [];
  const read = new BatchedRead<number, number>(async (db, keys, group) => {
    calls.push({ db, keys, group });
    return new Map(keys.filter((key) => key > 0).map((key) => [key, key * 2]));
  });
  return { read, calls };
}

describe('BatchedRead', () => {
  it('reads every key asked for in one turn of the event loop with one call, each key once', async () => {
    const { read, calls } = doubling();
    const values = await Promise.all([read.load(dbA, 1), read.load(dbA, 2), read.load(dbA, 1), read.load(dbA, 3)]);
    expect(values).toEqual([2, 4, 2, 6]);
    expect(calls).toEqual([{ db: dbA, keys: [1, 2, 3], group: '' }]);
  });

  it('reads keys asked for from separate callbacks of one turn, as separate requests are, with one call', async () => {
    // Each load starts in its own setImmediate callback, as two requests start in two I/O
    // callbacks: Node runs the microtasks and nextTicks between them, so a batch scheduled on those
    // (DataLoader's default) would be read before the next callback asks (decision 0044).
    const { read, calls } = doubling();
    const inOwnCallback = (key: number) =>
      new Promise<number | undefined>((resolve, reject) => setImmediate(() => read.load(dbA, key).then(resolve, reject)));
    expect(await Promise.all([inOwnCallback(1), inOwnCallback(2), inOwnCallback(3)])).toEqual([2, 4, 6]);
    expect(calls).toEqual([{ db: dbA, keys: [1, 2, 3], group: '' }]);
  });

  it('answers undefined for a key the read leaves out', async () => {
    const { read } = doubling();
    expect(await Promise.all([read.load(dbA, -1), read.load(dbA, 4)])).toEqual([undefined, 8]);
  });

  it('keeps handles and groups apart', async () => {
    const { read, calls } = doubling();
    await Promise.all([read.load(dbA, 1, 'x'), read.load(dbB, 2, 'x'), read.load(dbA, 3, 'y'), read.load(dbA, 4, 'x')]);
    expect(calls).toEqual([
      { db: dbA, keys: [1, 4], group: 'x' },
      { db: dbB, keys: [2], group: 'x' },
      { db: dbA, keys: [3], group: 'y' },
    ]);
  });

  it('starts a new batch at the next turn', async () => {
    const { read, calls } = doubling();
    expect(await read.load(dbA, 1)).toBe(2);
    expect(await read.load(dbA, 1)).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('splits a batch past 256 keys', async () => {
    const { read, calls } = doubling();
    const keys = Array.from({ length: 300 }, (_, i) => i + 1);
    expect(await Promise.all(keys.map((key) => read.load(dbA, key)))).toEqual(keys.map((key) => key * 2));
    expect(calls.map((call) => call.keys.length)).toEqual([256, 44]);
  });

  it("rejects every waiting load with the read's error, and the next batch reads again", async () => {
    let fail = true;
    const read = new BatchedRead<number, number>(async (_db, keys) => {
      if (fail) throw new Error('connection lost');
      return new Map(keys.map((key) => [key, key]));
    });
    const results = await Promise.allSettled([read.load(dbA, 1), read.load(dbA, 2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read.load(dbA, 2)).toBe(2);
  });
});
