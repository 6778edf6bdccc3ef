/**
 * Rate-limit counters in Redis, so every app process behind a load balancer counts against the same
 * limit. One fixed window per key: INCR, set the expiry only when the window starts, read what is left.
 */
import { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit.js';

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'wor:rl:',
  ) {}

  static connect(url: string): RedisRateLimitStore {
    // Fail fast rather than queue requests forever when Redis is down.
    return new RedisRateLimitStore(new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false }));
  }

  async hit(key: string, windowMs: number) {
    const fullKey = this.prefix + key;
    const results = await this.redis.multi().incr(fullKey).pexpire(fullKey, windowMs, 'NX').pttl(fullKey).exec();
    if (!results) throw new Error('Redis transaction was aborted');
    const [[incrError, count], , [ttlError, ttl]] = results as [[Error | null, number], unknown, [Error | null, number]];
    if (incrError || ttlError) throw incrError ?? ttlError;
    return { count, resetAt: Date.now() + Math.max(0, ttl) };
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
