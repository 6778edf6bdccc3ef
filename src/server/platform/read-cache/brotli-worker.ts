/**
 * Brotli for the large answers the response cache keeps, made on a worker thread instead of the
 * event loop (docs/decisions/0059-brotli-off-the-event-loop.md).
 *
 * Under load the app is bound by its one main thread while the machine has CPU to spare: on the
 * long-tail rows of the benchmark it ran at 0.9 of a core, PostgreSQL and the load generator at
 * 0.65, of two. A computed typed search spent a quarter of its CPU in brotli (60 KB of JSON, 70 µs
 * at quality 1 on a quiet core, more under load); handed to a worker it costs the main thread
 * 15 µs (copying the body into the message and taking the answer back), whatever its size. A
 * small body is compressed where it is: under about 4 KB the message costs what brotli does.
 *
 * One worker, started on the first large body: a kept answer of 16 KB or more is a search, a
 * regiment list or another long list, a few hundred a second at most. Should the worker fail or be
 * gone, the body is compressed on the event loop as before; an answer never waits on a broken worker.
 */
import { Worker } from 'node:worker_threads';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { exactCopy } from './encoding.js';

/** Bodies at least this large go to the worker. */
export const OFF_THREAD_MIN_BYTES = 16 * 1024;

/**
 * The worker's code, run as CommonJS from this string (`eval`), so the same file serves the built
 * server and the TypeScript tests. It answers each body with its brotli bytes in an ArrayBuffer of
 * their exact size, transferred, not copied.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { brotliCompressSync, constants } = require('node:zlib');
const params = { [constants.BROTLI_PARAM_QUALITY]: workerData.quality };
parentPort.on('message', ({ id, plain }) => {
  try {
    const out = brotliCompressSync(plain, { params });
    const bytes = new Uint8Array(out.length);
    bytes.set(out);
    parentPort.postMessage({ id, br: bytes.buffer }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

interface Pending {
  plain: Buffer;
  resolve: (br: Buffer) => void;
}

export class BrotliWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closed = false;

  constructor(private readonly quality: number) {}

  /** The body's brotli bytes (an exact-size buffer of their own), as brotliCompressSync at this quality makes them. */
  compress(plain: Buffer): Promise<Buffer> {
    if (plain.length < OFF_THREAD_MIN_BYTES || this.closed) return Promise.resolve(this.compressHere(plain));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { plain, resolve });
      // Copied into the message: the caller still sends the plain body to clients without compression.
      worker.postMessage({ id, plain });
    });
  }

  /** Stops the worker; what it had not answered is compressed here. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.settleHere();
    await worker?.terminate();
  }

  private compressHere(plain: Buffer): Buffer {
    return exactCopy(brotliCompressSync(plain, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: this.quality } }));
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { quality: this.quality } });
    // Not what keeps the process alive: the server is.
    worker.unref();
    worker.on('message', ({ id, br, error }: { id: number; br?: ArrayBuffer; error?: string }) => {
      const pending = this.pending.get(id);
      if (!pending) return;
      this.pending.delete(id);
      pending.resolve(br && error === undefined ? Buffer.from(br) : this.compressHere(pending.plain));
    });
    const lost = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.settleHere();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    this.worker = worker;
    return worker;
  }

  /** Every body still waiting for the worker, compressed here (the worker is gone or stopping). */
  private settleHere(): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const { plain, resolve } of pending) resolve(this.compressHere(plain));
  }
}
