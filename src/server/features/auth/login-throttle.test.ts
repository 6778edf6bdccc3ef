/**
 * The login throttle on its own: the delay maths, and the throttle over the memory store with a fake
 * clock (the HTTP behaviour is in auth-rate-limits.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/platform/errors.js';
import { MemoryRateLimitStore } from '#server/platform/rate-limit/rate-limit.js';
import {
  LOGIN_SLOWDOWN,
  LoginThrottle,
  loginAccountSubject,
  loginSlowdownPolicies,
  remainingWaitMs,
  slowdownDelayMs,
  type SlowdownPolicy,
} from './login-throttle.js';

const policy: SlowdownPolicy = { freeFailures: 10, firstDelayMs: 1_000, maxDelayMs: 36_000, windowMs: 15 * 60_000 };

describe('slowdownDelayMs', () => {
  it('is free up to the allowance, then 1 s doubling with each failure up to 36 s', () => {
    const delays = Array.from({ length: 18 }, (_, failures) => slowdownDelayMs(failures, policy));
    expect(delays).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 36_000, 36_000]);
    expect(slowdownDelayMs(1_000_000, policy)).toBe(36_000);
    expect(slowdownDelayMs(1_000_000, { ...policy, firstDelayMs: 0 })).toBe(0);
  });

  it('holds a guesser who tries at every first allowed moment to about 100 guesses an hour', () => {
    const hour = 3_600_000;
    let now = 0;
    let failures = 0;
    const guessesIn = [0, 0];
    while (now < 2 * hour) {
      guessesIn[Math.floor(now / hour)]! += 1;
      failures += 1;
      now += slowdownDelayMs(failures, policy);
      if (slowdownDelayMs(failures, policy) === 0) now += 1;
    }
    // The first hour also has the free failures and the short waits; then 3600 s / 36 s.
    expect(guessesIn[0]).toBeLessThanOrEqual(120);
    expect(guessesIn[1]).toBeLessThanOrEqual(101);
  });
});

describe('remainingWaitMs', () => {
  it('counts the wait from the last failure', () => {
    expect(remainingWaitMs(null, policy, 5_000)).toBe(0);
    expect(remainingWaitMs({ count: 9, lastAt: 5_000 }, policy, 5_000)).toBe(0);
    expect(remainingWaitMs({ count: 12, lastAt: 5_000 }, policy, 5_000)).toBe(4_000);
    expect(remainingWaitMs({ count: 12, lastAt: 5_000 }, policy, 8_500)).toBe(500);
    expect(remainingWaitMs({ count: 12, lastAt: 5_000 }, policy, 9_000)).toBe(0);
  });
});

describe('loginSlowdownPolicies', () => {
  it('reads RATE_LIMIT_LOGIN as the free failures per account, three times as many per address', () => {
    const { account, address } = loginSlowdownPolicies({ limit: 10, windowMs: 900_000 });
    expect(account).toEqual({ freeFailures: 10, firstDelayMs: 1_000, maxDelayMs: 36_000, windowMs: 900_000 });
    expect(address).toEqual({ ...account, freeFailures: 10 * LOGIN_SLOWDOWN.addressFactor });
  });
});

describe('loginAccountSubject', () => {
  it('names an existing account by id, and an unknown one by the lowercased name tried', () => {
    expect(loginAccountSubject(42, 'Someone@Example.test')).toBe('user:42');
    expect(loginAccountSubject(null, 'Someone@Example.test')).toBe('name:someone@example.test');
  });
});

describe('LoginThrottle', () => {
  const wrong = () => Promise.reject(new AppError('UNAUTHENTICATED', 'Invalid credentials'));
  const right = () => Promise.resolve('signed in');

  function setup(limit = 3) {
    const clock = { now: 1_000_000 };
    const store = new MemoryRateLimitStore(() => clock.now);
    const throttle = new LoginThrottle(store, { limit, windowMs: 15 * 60_000 }, () => clock.now);
    return { clock, store, throttle };
  }

  async function outcome(promise: Promise<unknown>) {
    try {
      await promise;
      return 'ok';
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return error.code === 'RATE_LIMITED' ? `wait ${String(error.headers?.['Retry-After'])}` : 'wrong';
    }
  }

  it('refuses attempts during the wait without checking the password, then lets the right one in', async () => {
    const { clock, throttle } = setup();
    const who = { account: 'user:1', address: '10.0.0.1' };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await outcome(throttle.attempt(who, wrong)));
    expect(results).toEqual(['wrong', 'wrong', 'wrong', 'wait 1']);

    let checked = false;
    const checking = () => {
      checked = true;
      return right();
    };
    expect(await outcome(throttle.attempt(who, checking))).toBe('wait 1');
    expect(checked).toBe(false);

    clock.now += 1_000;
    expect(await outcome(throttle.attempt(who, wrong))).toBe('wrong');
    expect(await outcome(throttle.attempt(who, right))).toBe('wait 2');
    clock.now += 2_000;
    expect(await outcome(throttle.attempt(who, right))).toBe('ok');
    // The success cleared the account: three free failures again.
    for (let i = 0; i < 3; i++) expect(await outcome(throttle.attempt(who, wrong))).toBe('wrong');
  });

  it('counts an unverified account refused after the right password as no failure', async () => {
    const { throttle } = setup();
    const who = { account: 'user:2', address: '10.0.0.2' };
    const unverified = () => Promise.reject(new AppError('FORBIDDEN', 'verify first', { needsVerification: true }));
    for (let i = 0; i < 2; i++) await outcome(throttle.attempt(who, wrong));
    for (let i = 0; i < 5; i++) await outcome(throttle.attempt(who, unverified));
    expect(await outcome(throttle.attempt(who, wrong))).toBe('wrong');
  });

  it('forgets failures a window after the last one', async () => {
    const { clock, throttle } = setup();
    const who = { account: 'user:3', address: '10.0.0.3' };
    for (let i = 0; i < 3; i++) await outcome(throttle.attempt(who, wrong));
    clock.now += 15 * 60_000;
    expect(await outcome(throttle.attempt(who, wrong))).toBe('wrong');
  });

  it('gives an address three times the free failures of an account', async () => {
    const { throttle } = setup();
    const results = [];
    for (let i = 0; i < 10; i++) results.push(await outcome(throttle.attempt({ account: `name:n${i}`, address: '10.0.0.4' }, wrong)));
    expect(results).toEqual([...Array<string>(9).fill('wrong'), 'wait 1']);
    expect(await outcome(throttle.attempt({ account: 'name:other', address: '10.0.0.5' }, wrong))).toBe('wrong');
  });

  it('lets no more than the free guesses through when they arrive all at once', async () => {
    const { throttle } = setup();
    let checks = 0;
    const slowWrong = async () => {
      checks += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return wrong();
    };
    const who = { account: 'user:5', address: '10.0.0.6' };
    const results = await Promise.all(Array.from({ length: 50 }, () => outcome(throttle.attempt(who, slowWrong))));
    expect(checks).toBe(3);
    expect(results.filter((r) => r === 'wrong')).toHaveLength(3);
  });
});
