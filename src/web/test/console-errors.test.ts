/**
 * The console.error guard that setup.ts installs for every web test: these tests fail if it is
 * switched off, stops reporting what was logged, or lets an expected error go unchecked.
 */
import { describe, expect, it, vi } from 'vitest';
import { checkConsoleErrors, expectConsoleError } from './console-errors';

describe('the console.error guard', () => {
  it('records a console.error during a test and reports its formatted arguments', () => {
    console.error('Warning: %s went wrong', 'something', { code: 42 });
    expect(() => checkConsoleErrors()).toThrow(/console\.error #1 during the test:\nWarning: something went wrong \{ code: 42 \}/);
    // The check consumed it: nothing is left for the end of the test.
    expect(() => checkConsoleErrors()).not.toThrow();
  });

  it('keeps recording after vi.restoreAllMocks()', () => {
    vi.restoreAllMocks();
    console.error('still seen');
    expect(() => checkConsoleErrors()).toThrow(/still seen/);
  });

  it('lets through a console.error the test expects, and only that one', () => {
    expectConsoleError(/expected failure/);
    console.error(new Error('an expected failure'));
    console.error('a surprise');
    expect(() => checkConsoleErrors()).toThrow(/^console\.error #1 during the test:\na surprise$/);
  });

  it('passes a test that logs the console.error it expects', () => {
    expectConsoleError(/expected failure/);
    console.error('an expected failure');
  });

  it('hears the errors jsdom reports', () => {
    // jsdom also prints this one to the worker's console: expected noise in the test output.
    window.location.assign('http://elsewhere.test/');
    expect(() => checkConsoleErrors()).toThrow(/Not implemented: navigation/);
  });

  it("runs in React's act environment, so an update that escapes act() warns", () => {
    expect((globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT).toBe(true);
  });

  describe('through the hooks of setup.ts', () => {
    // `fails`: these tests pass only if the guard fails them at the end of the test.
    it.fails('fails a test that logs a console.error', () => {
      console.error('a stray error');
    });

    it.fails('fails a test whose expected console.error never came', () => {
      expectConsoleError(/never logged/);
    });
  });
});
