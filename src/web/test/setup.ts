import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { clearToasts } from '#web/lib/toast-store';
import { captureConsoleErrors, checkConsoleErrors, releaseConsoleErrors } from './console-errors';

// Any console.error fails the test it happens in (see console-errors.ts); one logged between tests
// (after the previous test ended, or while the file loaded) fails the next test, or the file.
captureConsoleErrors();
// jsdom reports what it cannot do (a navigation, say) to its virtual console, which prints to the
// worker's own console rather than the test's: pass those errors to the guard too.
type VirtualConsole = { on(event: 'jsdomError', listener: (error: Error) => void): unknown };
(globalThis as { jsdom?: { virtualConsole: VirtualConsole } }).jsdom?.virtualConsole.on('jsdomError', (error) => {
  console.error(error);
});
// What @testing-library/react sets up itself when test globals exist (they do not here): React
// then warns about a state update that escapes act(), e.g. one a test did not wait for.
const actEnvironment = (on: boolean) => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = on;
};
actEnvironment(true);
beforeEach(() => {
  actEnvironment(true);
  checkConsoleErrors('before this test began (after the previous one ended, or while the file loaded)');
});
// This file's hooks are the first registered, so this runs after each test file's own afterEach.
afterEach(() => {
  try {
    // Unmount first: an error logged while unmounting belongs to the test too.
    cleanup();
  } finally {
    clearToasts();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    // Between tests nothing is on screen. A lazy screen a finished test began to load may arrive
    // later (files share a worker, vitest.config.ts): React would warn of it, outside act, in the
    // next test or file, which did not cause it. Out of the act environment it does not.
    actEnvironment(false);
    checkConsoleErrors();
  }
});
afterAll(() => {
  try {
    checkConsoleErrors('after the last test of the file');
  } finally {
    releaseConsoleErrors();
  }
});

// The suite shares two cores with the server tests: give findBy/waitFor room before calling a miss.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that the router and Radix use.
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// Radix Toast (swipe to dismiss) asks for pointer capture when a toast is clicked.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
