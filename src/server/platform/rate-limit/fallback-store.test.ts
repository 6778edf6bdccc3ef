/**
 * Issue 37, item 1, against a Redis of the test's own (its own port, stopped and started here): while
 * Redis is away the limits still count, in this process, no call waits more than the timeout or
 * fails, the loss and the return are each said once, and the counters are shared again after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enforceRateLimit } from './rate-limit.js';
import { COMMAND_TIMEOUT_MS, FallbackRateLimitStore } from './fallback-store.js';

let port = 0;
let redis: ChildProcess | null = null;

/** A free loopback port for the test's Redis. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: found } = server.address() as { port: number };
      server.close(() => resolve(found));
    });
  });
}

async function startRedis() {
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await until(async () => {
    const socket = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(true));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
    });
    return socket;
  });
}

async function stopRedis() {
  const stopping = new Promise((resolve) => redis!.once('exit', resolve));
  redis!.kill('SIGKILL');
  await stopping;
  redis = null;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not done in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  port = await freePort();
  await startRedis();
});
afterAll(async () => {
  if (redis) await stopRedis();
});

describe('rate limits when Redis goes away (issue 37, item 1)', () => {
  it('count in memory at once, never wait past the timeout nor fail, say it once each way, and share again after', async () => {
    const said: string[] = [];
    const store = FallbackRateLimitStore.connect(`redis://127.0.0.1:${port}`, { lost: () => said.push('lost'), back: () => said.push('back') });
    try {
      await until(() => store.countsIn === 'redis');
      const rule = { name: 'fault-test', limit: 3, windowMs: 60_000 };
      for (let i = 0; i < 2; i += 1) await enforceRateLimit(store, rule, 'someone');

      await stopRedis();
      // Every call during the outage answers within the timeout (and a margin for a busy machine).
      const slowest = { ms: 0 };
      const timed = async () => {
        const started = performance.now();
        await store.hit('fault-test:another', 60_000);
        slowest.ms = Math.max(slowest.ms, performance.now() - started);
      };
      for (let i = 0; i < 20; i += 1) await timed();
      expect(slowest.ms).toBeLessThan(COMMAND_TIMEOUT_MS + 150);
      expect(store.countsIn).toBe('memory');
      // The limit still holds, counted in this process: three allowed, the fourth refused with 429.
      for (let i = 0; i < 3; i += 1) await enforceRateLimit(store, rule, 'during-outage');
      await expect(enforceRateLimit(store, rule, 'during-outage')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      expect(await store.recordFailure('fault-test:failures', 60_000)).toMatchObject({ count: 1 });

      await startRedis();
      await until(() => store.countsIn === 'redis', 10_000);
      // Back in Redis: its counter starts afresh there (this Redis lost its data with the kill).
      expect((await store.hit('fault-test:someone', 60_000)).count).toBe(1);
      expect(said).toEqual(['lost', 'back']);
    } finally {
      await store.close();
    }
  });
});
