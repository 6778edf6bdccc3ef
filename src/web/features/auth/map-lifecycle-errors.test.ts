import { describe, expect, it } from 'vitest';
import { MSG } from '#core/messages';
import { ApiError, SecurityValidationError } from '#web/lib/api-client';
import { forgotPasswordErrorMessage, resetLinkErrorMessage, resetPasswordFailure, verificationErrorMessage } from './map-lifecycle-errors';

const apiError = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), 'Error');

describe('verificationErrorMessage', () => {
  it('says the link expired or was used when the server refuses the code', () => {
    expect(verificationErrorMessage(apiError(400, { success: false, message: 'whatever' }))).toBe(MSG.verifyEmail.failed);
  });

  it('says an error occurred for anything else', () => {
    expect(verificationErrorMessage(apiError(500, { message: 'boom' }))).toBe(MSG.verifyEmail.error);
    expect(verificationErrorMessage(new TypeError('Failed to fetch'))).toBe(MSG.verifyEmail.error);
  });
});

describe('forgotPasswordErrorMessage', () => {
  it('explains an email the server refuses', () => {
    expect(forgotPasswordErrorMessage(apiError(400, { message: 'body/email: Invalid email' }))).toBe(MSG.auth.invalidEmail);
  });

  it("passes on the rate limit's message", () => {
    expect(forgotPasswordErrorMessage(apiError(429, { message: 'Too many requests. Please wait a moment and try again.' }))).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
  });

  it("shows the server's or the error's own message otherwise", () => {
    expect(forgotPasswordErrorMessage(apiError(503, { message: 'Mail is down' }))).toBe('Mail is down');
    expect(forgotPasswordErrorMessage(new SecurityValidationError(null))).toBe(MSG.csrf.securityValidationFailed);
  });
});

describe('resetLinkErrorMessage', () => {
  it('calls a refused code invalid or expired, anything else a failure', () => {
    expect(resetLinkErrorMessage(apiError(400, { message: 'x' }))).toBe(MSG.resetPassword.invalidLink);
    expect(resetLinkErrorMessage(apiError(500, { message: 'x' }))).toBe(MSG.resetPassword.failed);
    expect(resetLinkErrorMessage(new TypeError('Failed to fetch'))).toBe(MSG.resetPassword.failed);
  });
});

describe('resetPasswordFailure', () => {
  it('treats a refused code as a dead link', () => {
    expect(resetPasswordFailure(apiError(400, { message: 'x' }))).toEqual({ message: MSG.resetPassword.invalidLink, isLinkDead: true });
  });

  it('keeps the form for failures worth retrying', () => {
    expect(resetPasswordFailure(apiError(500, { message: 'x' }))).toEqual({ message: MSG.resetPassword.failed, isLinkDead: false });
    expect(resetPasswordFailure(new SecurityValidationError(null))).toEqual({
      message: MSG.csrf.securityValidationFailed,
      isLinkDead: false,
    });
  });
});
