/**
 * Rate-limit counters in Redis, so every app process behind a load balancer counts against the same
 * limit. One fixed window per key: INCR, set the expiry only when the window starts, read what is left.
 * Failure counters are hashes {count, last} that expire a window after the last failure; recording
 * one is a small Lua script, so the compare-and-set and the expiry happen as one step for all processes.
 */
import { Redis } from 'ioredis';
import type { FailureCount, RateLimitStore } from './rate-limit.js';

// KEYS[1] the counter; ARGV: now (ms), window (ms), the expected count or '' for none.
// Returns the new count, or nil when the count was not the expected one.
const RECORD_FAILURE_LUA = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
if ARGV[3] ~= '' and count ~= tonumber(ARGV[3]) then return false end
count = count + 1
redis.call('HSET', KEYS[1], 'count', count, 'last', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return count
`;

interface WithRecordFailure {
  worRecordFailure(key: string, now: number, windowMs: number, ifCount: string): Promise<number | null>;
}

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'wor:rl:',
  ) {
    // Sent once, then run by its digest (ioredis falls back to the full script after a Redis restart).
    redis.defineCommand('worRecordFailure', { numberOfKeys: 1, lua: RECORD_FAILURE_LUA });
  }

  static connect(url: string): RedisRateLimitStore {
    // Fail fast rather than queue requests forever when Redis is down.
    return new RedisRateLimitStore(new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false }));
  }

  async hit(key: string, windowMs: number) {
    const fullKey = this.prefix + key;
    const results = await this.redis.multi().incr(fullKey).pexpire(fullKey, windowMs, 'NX').pttl(fullKey).exec();
    if (!results) throw new Error('Redis transaction was aborted');
    const [[incrError, count], , [ttlError, ttl]] = results as [[Error | null, number], unknown, [Error | null, number]];
    const failure = incrError ?? ttlError;
    if (failure) throw failure;
    return { count, resetAt: Date.now() + Math.max(0, ttl) };
  }

  async peekFailures(key: string): Promise<FailureCount | null> {
    const [count, lastAt] = await this.redis.hmget(this.prefix + key, 'count', 'last');
    return count && lastAt ? { count: Number(count), lastAt: Number(lastAt) } : null;
  }

  async recordFailure(key: string, windowMs: number, ifCount?: number): Promise<FailureCount | null> {
    // The app's clock, not Redis's: the throttle compares `last` with the same kind of clock.
    const now = Date.now();
    const redis = this.redis as unknown as WithRecordFailure;
    const count = await redis.worRecordFailure(this.prefix + key, now, windowMs, ifCount === undefined ? '' : String(ifCount));
    return count === null ? null : { count, lastAt: now };
  }

  async clearFailures(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async forget(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.redis.del(...keys.map((key) => this.prefix + key));
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
