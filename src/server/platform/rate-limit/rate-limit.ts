/**
 * Rate limits on writes that can be abused. Fixed windows counted in a store: in memory for one
 * process; the store interface lets a shared store (Redis) count across processes. The store also
 * keeps failure counters, for limits that count only what went wrong (failed logins, see
 * features/auth/login-throttle.ts).
 */
import { MSG } from '#core/messages.js';
import { AppError } from '#server/platform/errors.js';

export interface RateLimitRule {
  /** Names the counter, e.g. 'review-write'. */
  name: string;
  limit: number;
  windowMs: number;
}

/** Failures counted under one key: how many, and when the last one was recorded (ms since the epoch). */
export interface FailureCount {
  count: number;
  lastAt: number;
}

export interface RateLimitStore {
  /** Counts one hit and returns the count in the current window and when the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** The failures recorded under `key`, or null when there are none (never any, cleared, or forgotten). */
  peekFailures(key: string): Promise<FailureCount | null>;
  /**
   * Records one failure now; all of the key's failures are forgotten `windowMs` after the last one.
   * With `ifCount`, records only if the count is still that number (compare-and-set, so two attempts
   * that read the same count cannot both get through) and returns null otherwise.
   */
  recordFailure(key: string, windowMs: number, ifCount?: number): Promise<FailureCount | null>;
  clearFailures(key: string): Promise<void>;
  /** Forgets these keys, counters and failures alike (a deleted account's keys, issue 35). */
  forget(keys: readonly string[]): Promise<void>;
}

/** Above this many keys, the memory store drops what has expired before adding more. */
const MEMORY_SWEEP_AT = 50_000;

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly failures = new Map<string, FailureCount & { expiresAt: number }>();

  /** `now` is replaceable so the failure throttle can be tested with a fake clock. */
  constructor(private readonly now: () => number = () => Date.now()) {}

  async hit(key: string, windowMs: number) {
    const now = this.now();
    if (this.windows.size > MEMORY_SWEEP_AT) this.sweep(now);
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      const fresh = { count: 1, resetAt: now + windowMs };
      this.windows.set(key, fresh);
      return fresh;
    }
    current.count += 1;
    return current;
  }

  async peekFailures(key: string) {
    const current = this.liveFailures(key, this.now());
    return current ? { count: current.count, lastAt: current.lastAt } : null;
  }

  async recordFailure(key: string, windowMs: number, ifCount?: number) {
    const now = this.now();
    if (this.failures.size > MEMORY_SWEEP_AT) this.sweep(now);
    const count = this.liveFailures(key, now)?.count ?? 0;
    if (ifCount !== undefined && count !== ifCount) return null;
    const recorded = { count: count + 1, lastAt: now, expiresAt: now + windowMs };
    this.failures.set(key, recorded);
    return { count: recorded.count, lastAt: recorded.lastAt };
  }

  async clearFailures(key: string) {
    this.failures.delete(key);
  }

  async forget(keys: readonly string[]) {
    for (const key of keys) {
      this.windows.delete(key);
      this.failures.delete(key);
    }
  }

  private liveFailures(key: string, now: number) {
    const current = this.failures.get(key);
    if (current && current.expiresAt <= now) {
      this.failures.delete(key);
      return undefined;
    }
    return current;
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    for (const [key, failures] of this.failures) if (failures.expiresAt <= now) this.failures.delete(key);
  }
}

/** The one shape of a rate-limit refusal: 429, `retryAfter` (seconds) in the body and a Retry-After header. */
export function rateLimitedError(waitMs: number, message: string = MSG.server.rateLimited): AppError {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('RATE_LIMITED', message, { retryAfter }, { 'Retry-After': String(retryAfter) });
}

/** Counts a hit for `subject` (a user id, an IP) and refuses it with 429 and Retry-After past the limit. */
export async function enforceRateLimit(
  store: RateLimitStore,
  rule: RateLimitRule,
  subject: string | number,
  message: string = MSG.server.rateLimited,
): Promise<void> {
  const { count, resetAt } = await store.hit(`${rule.name}:${subject}`, rule.windowMs);
  if (count > rule.limit) throw rateLimitedError(resetAt - Date.now(), message);
}
