import { afterEach, beforeEach, expect, vi } from 'vitest';
import { clearToasts } from '../lib/toast-store';

/**
 * Call at the top of a test file: any console.error during a test fails it (React warnings and
 * uncaught render errors included). After each test the toasts, mocks and stubbed globals are reset.
 */
export function failOnConsoleErrors(): void {
  let consoleErrors: unknown[][] = [];
  beforeEach(() => {
    consoleErrors = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      consoleErrors.push(args);
    });
  });
  afterEach(() => {
    clearToasts();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    expect(consoleErrors).toEqual([]);
  });
}
