/**
 * Rate limits on writes that can be abused. Fixed windows counted in a store: in memory for one
 * process; the store interface lets a shared store (Redis) count across processes.
 */
import { AppError } from '../errors.js';

export interface RateLimitRule {
  /** Names the counter, e.g. 'review-write'. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitStore {
  /** Counts one hit and returns the count in the current window and when the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
}

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a moment and try again.';

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    if (this.windows.size > 50_000) this.sweep(now);
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      const fresh = { count: 1, resetAt: now + windowMs };
      this.windows.set(key, fresh);
      return fresh;
    }
    current.count += 1;
    return current;
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** Counts a hit for `subject` (a user id, an IP) and refuses it with 429 and Retry-After past the limit. */
export async function enforceRateLimit(
  store: RateLimitStore,
  rule: RateLimitRule,
  subject: string | number,
  message: string = RATE_LIMIT_MESSAGE,
): Promise<void> {
  const { count, resetAt } = await store.hit(`${rule.name}:${subject}`, rule.windowMs);
  if (count > rule.limit) {
    const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
    throw new AppError('RATE_LIMITED', message, { retryAfter }, { 'Retry-After': String(retryAfter) });
  }
}
