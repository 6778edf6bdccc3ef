/**
 * The console.error guard of the web tests, installed once for every web test file by setup.ts: any
 * console.error (React warnings and errors React reports from a render included) fails the test
 * it happens in, and the failure shows what was logged. A test that means to cause one says so
 * with expectConsoleError(/pattern/); nothing turns the guard off.
 */
import { format } from 'node:util';

interface Expectation {
  pattern: RegExp;
  matched: number;
}

/** The messages logged since the last check, formatted as the console would print them. */
let logged: string[] = [];
let expectations: Expectation[] = [];
let originalConsoleError: typeof console.error | undefined;

/** From now on console.error records its message instead of printing it. */
export function captureConsoleErrors(): void {
  if (originalConsoleError) return;
  originalConsoleError = console.error;
  // A plain function rather than vi.spyOn: vi.restoreAllMocks() in a test must not lift the guard.
  console.error = (...args: unknown[]) => {
    logged.push(format(...args));
  };
}

/** Gives console.error back its own behaviour (the file is done). */
export function releaseConsoleErrors(): void {
  if (!originalConsoleError) return;
  console.error = originalConsoleError;
  originalConsoleError = undefined;
}

/**
 * The current test is meant to log a console.error matching `pattern`: the guard lets every matching
 * call through, and fails the test if none came. The expectation ends with the test.
 */
export function expectConsoleError(pattern: RegExp): void {
  expectations.push({ pattern, matched: 0 });
}

/**
 * Throws when an unexpected console.error was logged, or an expected one never came, since the last
 * check; `when` names the moment in the failure message. Forgets what it checked either way.
 */
export function checkConsoleErrors(when = 'during the test'): void {
  const unexpected = logged.filter((message) => {
    const expectation = expectations.find((e) => message.search(e.pattern) >= 0);
    if (expectation) expectation.matched++;
    return !expectation;
  });
  const missing = expectations.filter((e) => e.matched === 0);
  logged = [];
  expectations = [];
  const problems = [
    ...unexpected.map((message, i) => `console.error #${i + 1} ${when}:\n${message}`),
    ...missing.map((e) => `expectConsoleError(${String(e.pattern)}) but no console.error matched it`),
  ];
  if (problems.length) throw new Error(problems.join('\n\n'));
}
