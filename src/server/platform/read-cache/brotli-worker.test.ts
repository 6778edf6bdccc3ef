/** The worker that compresses large kept answers makes what the event loop would, and never leaves a body waiting. */
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { BrotliWorker, OFF_THREAD_MIN_BYTES } from './brotli-worker.js';

const QUALITY = 1;
const onTheLoop = (plain: Buffer) => brotliCompressSync(plain, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: QUALITY } });

/** A JSON body of about `bytes`, different for each seed. */
function body(seed: number, bytes: number): Buffer {
  const rows = Array.from({ length: Math.ceil(bytes / 60) }, (_, i) => ({ id: i, name: `Officer ${seed}-${i}`, rating: (i * seed) % 5 }));
  return Buffer.from(JSON.stringify(rows));
}

let worker: BrotliWorker;
afterEach(() => worker?.close());

describe('BrotliWorker', () => {
  it('answers bodies large and small, many at once, each with the bytes brotliCompressSync makes', async () => {
    worker = new BrotliWorker(QUALITY);
    const bodies = [body(1, 2_000), ...Array.from({ length: 20 }, (_, i) => body(i + 2, OFF_THREAD_MIN_BYTES + i * 3_000))];
    const compressed = await Promise.all(bodies.map((plain) => worker.compress(plain)));
    compressed.forEach((br, i) => {
      expect(br.equals(onTheLoop(bodies[i]!)), `body ${i}`).toBe(true);
      // A buffer of its own, as the cache keeps bodies (encoding.ts, exactCopy).
      expect(br.byteOffset === 0 && br.buffer.byteLength === br.length, `body ${i}`).toBe(true);
      expect(brotliDecompressSync(br).equals(bodies[i]!)).toBe(true);
    });
  });

  it('compresses on the event loop what it had not answered when it stops, and anything asked after', async () => {
    worker = new BrotliWorker(QUALITY);
    const bodies = Array.from({ length: 8 }, (_, i) => body(i, OFF_THREAD_MIN_BYTES * 2));
    const waiting = bodies.map((plain) => worker.compress(plain));
    await worker.close();
    const later = body(99, OFF_THREAD_MIN_BYTES * 2);
    const answers = await Promise.all([...waiting, worker.compress(later)]);
    [...bodies, later].forEach((plain, i) => expect(answers[i]!.equals(onTheLoop(plain)), `body ${i}`).toBe(true));
  });
});
