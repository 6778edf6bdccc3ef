/**
 * Redis as an accelerator, not a single point of failure (issue 37, item 1; docs/decisions/0052-redis-fallback.md).
 * The counters live in Redis, shared by every process, while Redis answers; when it does not (down,
 * unreachable, slower than COMMAND_TIMEOUT_MS), each process counts in its own memory at once, and
 * goes back to Redis when the client is connected again. No request waits on Redis longer than the
 * timeout, and none fails because of it. While Redis is away, a limit of N allows up to N per process.
 */
import { Redis } from 'ioredis';
import { MemoryRateLimitStore, type FailureCount, type RateLimitStore } from './rate-limit.js';
import { RedisRateLimitStore } from './redis-store.js';

/** The longest a request waits on Redis before its counters move to this process's memory. */
export const COMMAND_TIMEOUT_MS = 100;

export interface FallbackEvents {
  /** Redis stopped answering: the limits count per process from now on. Said once per outage. */
  lost(error: unknown): void;
  /** Redis answers again: the limits are shared again. */
  back(): void;
}

export class FallbackRateLimitStore implements RateLimitStore {
  private readonly memory = new MemoryRateLimitStore();
  /** 'starting' until the first connection: counted in memory, and nothing to report yet. */
  private state: 'starting' | 'redis' | 'memory';

  constructor(
    private readonly redis: RedisRateLimitStore,
    client: Redis,
    private readonly events: FallbackEvents,
  ) {
    this.state = client.status === 'ready' ? 'redis' : 'starting';
    // ioredis reconnects by itself; its errors are ours to report, once, not stack traces on stderr.
    client.on('error', (error) => this.lose(error));
    client.on('ready', () => {
      if (this.state === 'memory') this.events.back();
      this.state = 'redis';
    });
  }

  /** Where the counters are now: Redis, or this process's memory. */
  get countsIn(): 'redis' | 'memory' {
    return this.state === 'redis' ? 'redis' : 'memory';
  }

  /** A client that fails fast: no queue while disconnected, a short timeout, no retries of a command. */
  static connect(url: string, events: FallbackEvents): FallbackRateLimitStore {
    const client = new Redis(url, { enableOfflineQueue: false, commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 0, lazyConnect: false });
    return new FallbackRateLimitStore(new RedisRateLimitStore(client), client, events);
  }

  private lose(error: unknown): void {
    if (this.state === 'memory') return;
    this.state = 'memory';
    this.events.lost(error);
  }

  /** Redis while it answers; this process's memory when it does not, for this call and until it is back. */
  private async either<T>(viaRedis: () => Promise<T>, viaMemory: () => Promise<T>): Promise<T> {
    if (this.state === 'redis') {
      try {
        return await viaRedis();
      } catch (error) {
        this.lose(error);
      }
    }
    return viaMemory();
  }

  hit(key: string, windowMs: number) {
    return this.either(
      () => this.redis.hit(key, windowMs),
      () => this.memory.hit(key, windowMs),
    );
  }

  peekFailures(key: string): Promise<FailureCount | null> {
    return this.either(
      () => this.redis.peekFailures(key),
      () => this.memory.peekFailures(key),
    );
  }

  recordFailure(key: string, windowMs: number, ifCount?: number): Promise<FailureCount | null> {
    return this.either(
      () => this.redis.recordFailure(key, windowMs, ifCount),
      () => this.memory.recordFailure(key, windowMs, ifCount),
    );
  }

  async clearFailures(key: string): Promise<void> {
    // Both: a failure counted in memory during an outage must not outlive a right password.
    await this.memory.clearFailures(key);
    await this.either(
      () => this.redis.clearFailures(key),
      async () => undefined,
    );
  }

  async forget(keys: readonly string[]): Promise<void> {
    await this.memory.forget(keys);
    await this.either(
      () => this.redis.forget(keys),
      async () => undefined,
    );
  }

  async close(): Promise<void> {
    // Quitting a client that is not connected fails: there is nothing to close then.
    await this.redis.close().catch(() => undefined);
  }
}
