import { describe, expect, it } from 'vitest';
import { authMessages } from '#core/messages/auth';
import { csrfMessages } from '#core/messages/csrf';
import { resetPasswordMessages } from '#core/messages/reset-password';
import { verifyEmailMessages } from '#core/messages/verify-email';
import { ApiError, SecurityValidationError } from '#web/lib/api-client';
import { forgotPasswordErrorMessage, resetLinkErrorMessage, resetPasswordFailure, verificationErrorMessage } from './map-lifecycle-errors';

const apiError = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), 'Error');

describe('verificationErrorMessage', () => {
  it('says the link expired or was used when the server refuses the code', () => {
    expect(verificationErrorMessage(apiError(400, { success: false, message: 'whatever' }))).toBe(verifyEmailMessages.failed);
  });

  it('says an error occurred for anything else', () => {
    expect(verificationErrorMessage(apiError(500, { message: 'boom' }))).toBe(verifyEmailMessages.error);
    expect(verificationErrorMessage(new TypeError('Failed to fetch'))).toBe(verifyEmailMessages.error);
  });
});

describe('forgotPasswordErrorMessage', () => {
  it('explains an email the server refuses', () => {
    expect(forgotPasswordErrorMessage(apiError(400, { message: 'body/email: Invalid email' }))).toBe(authMessages.invalidEmail);
  });

  it("passes on the rate limit's message", () => {
    expect(forgotPasswordErrorMessage(apiError(429, { message: 'Too many requests. Please wait a moment and try again.' }))).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
  });

  it("shows the server's or the error's own message otherwise", () => {
    expect(forgotPasswordErrorMessage(apiError(503, { message: 'Mail is down' }))).toBe('Mail is down');
    expect(forgotPasswordErrorMessage(new SecurityValidationError(null))).toBe(csrfMessages.securityValidationFailed);
  });
});

describe('resetLinkErrorMessage', () => {
  it('calls a refused code invalid or expired, anything else a failure', () => {
    expect(resetLinkErrorMessage(apiError(400, { message: 'x' }))).toBe(resetPasswordMessages.invalidLink);
    expect(resetLinkErrorMessage(apiError(500, { message: 'x' }))).toBe(resetPasswordMessages.failed);
    expect(resetLinkErrorMessage(new TypeError('Failed to fetch'))).toBe(resetPasswordMessages.failed);
  });
});

describe('resetPasswordFailure', () => {
  it('treats a refused code as a dead link', () => {
    expect(resetPasswordFailure(apiError(400, { message: 'x' }))).toEqual({ message: resetPasswordMessages.invalidLink, isLinkDead: true });
  });

  it('keeps the form for failures worth retrying', () => {
    expect(resetPasswordFailure(apiError(500, { message: 'x' }))).toEqual({ message: resetPasswordMessages.failed, isLinkDead: false });
    expect(resetPasswordFailure(new SecurityValidationError(null))).toEqual({
      message: csrfMessages.securityValidationFailed,
      isLinkDead: false,
    });
  });
});
