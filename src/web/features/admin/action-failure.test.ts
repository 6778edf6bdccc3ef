import { describe, expect, it } from 'vitest';
import { ApiError, SecurityValidationError } from '#web/lib/api-client';
import { actionFailureMessage } from './action-failure';

const fallback = 'Failed to ban user ID 4.';

describe('actionFailureMessage', () => {
  it("uses the server's message when it sent one", () => {
    const error = new ApiError(403, JSON.stringify({ message: 'You cannot ban yourself.', code: 'FORBIDDEN' }), 'Forbidden');
    expect(actionFailureMessage(error, fallback)).toBe('You cannot ban yourself.');
  });

  it('falls back when the server sent no message', () => {
    expect(actionFailureMessage(new ApiError(502, '<html>Bad gateway</html>', 'Bad Gateway'), fallback)).toBe(fallback);
    expect(actionFailureMessage(new ApiError(500, '', 'Internal Server Error'), fallback)).toBe(fallback);
    expect(actionFailureMessage(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });

  it('tells the user to refresh when the security check failed', () => {
    expect(actionFailureMessage(new SecurityValidationError(new Error('csrf')), fallback)).toBe(
      'Security validation failed. Please refresh and try again.',
    );
  });
});
