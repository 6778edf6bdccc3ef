/**
 * Login throttling (OWASP ASVS 2.2.1): failed logins slow the next attempts down instead of locking
 * the account, so a guesser gets about 100 tries an hour per account while the owner, who knows the
 * password, is at most one short wait away from signing in. Failures are counted per account (the
 * email and the legacy username login together) and per client address; successes never count, and
 * a success clears the account's failures. The numbers come from RATE_LIMIT_LOGIN (config.ts).
 */
import { MSG } from '#core/messages.js';
import type { RateLimitWindow } from '#server/platform/config.js';
import { AppError } from '#server/platform/errors.js';
import { rateLimitedError, type FailureCount, type RateLimitStore } from '#server/platform/rate-limit/rate-limit.js';

/**
 * Beyond RATE_LIMIT_LOGIN's free failures: waits of 1, 2, 4 ... 32, then 36 s, which holds a guesser to
 * about 100 tries an hour once slowed down. An address gets three times the account's free failures.
 */
export const LOGIN_SLOWDOWN = { firstDelayMs: 1_000, maxDelayMs: 36_000, addressFactor: 3 } as const;

export interface SlowdownPolicy {
  /** Failures that cost nothing. */
  freeFailures: number;
  /** The wait once the free failures are used up; it doubles with each further failure. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Failures are forgotten this long after the last one. */
  windowMs: number;
}

/** How long after the last of `failures` failures the next attempt must wait (0: no wait). */
export function slowdownDelayMs(failures: number, policy: SlowdownPolicy): number {
  if (failures < policy.freeFailures) return 0;
  // Bounded exponent: 2 ** 1024 is Infinity, and 0 * Infinity would be NaN.
  const doublings = Math.min(failures - policy.freeFailures, 52);
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** doublings);
}

/** What is left at `now` of the wait the recorded failures impose (0: the attempt may go ahead). */
export function remainingWaitMs(failures: FailureCount | null, policy: SlowdownPolicy, now: number): number {
  if (!failures) return 0;
  return Math.max(0, failures.lastAt + slowdownDelayMs(failures.count, policy) - now);
}

/** RATE_LIMIT_LOGIN (count/window) read as the free failures per account and the time they are kept. */
export function loginSlowdownPolicies(login: RateLimitWindow): { account: SlowdownPolicy; address: SlowdownPolicy } {
  const delays = { firstDelayMs: LOGIN_SLOWDOWN.firstDelayMs, maxDelayMs: LOGIN_SLOWDOWN.maxDelayMs, windowMs: login.windowMs };
  return {
    account: { freeFailures: login.limit, ...delays },
    address: { freeFailures: login.limit * LOGIN_SLOWDOWN.addressFactor, ...delays },
  };
}

/**
 * Whose failures a login counts against: the user id when the account exists (whichever login named
 * it), otherwise the name that was tried, so guessing at unknown accounts is slowed down just the same.
 */
export function loginAccountSubject(accountId: number | null, identifier: string): string {
  return accountId === null ? `name:${identifier.toLowerCase()}` : `user:${accountId}`;
}

/** Wrong email, username or password: the errors that accounts.ts throws for a failed guess. */
function isWrongCredentials(error: unknown): boolean {
  return error instanceof AppError && error.code === 'UNAUTHENTICATED';
}

/** An unverified account is refused only after its password was checked and found right. */
function isRightPasswordRefused(error: unknown): boolean {
  return error instanceof AppError && error.code === 'FORBIDDEN' && error.extra?.needsVerification === true;
}

// Key names differ from the old fixed-window 'login-ip' counters, which Redis may still hold as strings.
const ACCOUNT_KEY = 'login-failures-account';
const ADDRESS_KEY = 'login-failures-ip';
/** Compare-and-set rounds after which an attempt that keeps losing to parallel ones is refused. */
const RESERVE_ROUNDS = 3;

export class LoginThrottle {
  private readonly policies: { account: SlowdownPolicy; address: SlowdownPolicy };

  constructor(
    private readonly store: RateLimitStore,
    login: RateLimitWindow,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.policies = loginSlowdownPolicies(login);
  }

  /**
   * Runs `authenticate` unless the account or the address is in a wait, in which case it answers 429
   * with Retry-After and the spec's message without looking at the password (a password checked
   * during the wait would still tell a guesser whether it was right).
   */
  async attempt<T>(subjects: { account: string; address: string }, authenticate: () => Promise<T>): Promise<T> {
    const accountKey = `${ACCOUNT_KEY}:${subjects.account}`;
    const addressKey = `${ADDRESS_KEY}:${subjects.address}`;
    await this.reserve(accountKey, addressKey);
    let result: T;
    try {
      result = await authenticate();
    } catch (error) {
      if (isWrongCredentials(error)) await this.store.recordFailure(addressKey, this.policies.address.windowMs);
      // Only a proven password clears the account: any other error leaves the attempt counted.
      else if (isRightPasswordRefused(error)) await this.store.clearFailures(accountKey);
      throw error;
    }
    await this.store.clearFailures(accountKey);
    return result;
  }

  /**
   * Counts the attempt against the account BEFORE the password is checked (and clears it if the
   * password was right): counting after the check would let a burst of parallel guesses all pass
   * before the first failure is recorded. The compare-and-set lets one attempt through per count.
   */
  private async reserve(accountKey: string, addressKey: string): Promise<void> {
    for (let round = 0; round < RESERVE_ROUNDS; round += 1) {
      const [account, address] = await Promise.all([this.store.peekFailures(accountKey), this.store.peekFailures(addressKey)]);
      const now = this.now();
      const waitMs = Math.max(remainingWaitMs(account, this.policies.account, now), remainingWaitMs(address, this.policies.address, now));
      if (waitMs > 0) throw rateLimitedError(waitMs, MSG.auth.tooManyAttempts);
      const reserved = await this.store.recordFailure(accountKey, this.policies.account.windowMs, account?.count ?? 0);
      if (reserved) return;
    }
    throw rateLimitedError(1000, MSG.auth.tooManyAttempts);
  }
}
