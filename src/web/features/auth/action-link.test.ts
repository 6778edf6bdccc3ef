import { describe, expect, it } from 'vitest';
import { resetPasswordMessages } from '#core/messages/reset-password';
import { verifyEmailMessages } from '#core/messages/verify-email';
import { actionScreenFor, readResetLink, readVerificationLink } from './action-link';

const params = (query: string) => new URLSearchParams(query);

describe('actionScreenFor', () => {
  it.each([
    ['resetPassword', 'resetPassword'],
    ['verifyEmail', 'verifyEmail'],
    ['action', 'verifyEmail'],
    ['recoverEmail', 'verifyEmail'],
    ['RESETPASSWORD', 'verifyEmail'],
    ['', 'verifyEmail'],
    [null, 'verifyEmail'],
  ] as const)('mode %j shows the %s screen', (mode, screen) => {
    expect(actionScreenFor(mode)).toBe(screen);
  });
});

describe('readVerificationLink', () => {
  it.each(['oobCode', 'code', 'actionCode', 'token'])('takes the code from %s', (name) => {
    expect(readVerificationLink(params(`mode=verifyEmail&${name}=abc123`))).toEqual({ ok: true, code: 'abc123' });
  });

  it('prefers oobCode, then code, then actionCode, then token', () => {
    expect(readVerificationLink(params('token=t&actionCode=a&code=c&oobCode=o'))).toEqual({ ok: true, code: 'o' });
    expect(readVerificationLink(params('token=t&actionCode=a&code=c'))).toEqual({ ok: true, code: 'c' });
    expect(readVerificationLink(params('token=t&actionCode=a&oobCode='))).toEqual({ ok: true, code: 'a' });
  });

  it('accepts the modes verifyEmail and action, and a code-bearing link without a mode', () => {
    expect(readVerificationLink(params('mode=action&oobCode=x'))).toEqual({ ok: true, code: 'x' });
    expect(readVerificationLink(params('oobCode=x&apiKey=key'))).toEqual({ ok: true, code: 'x' });
  });

  it('refuses a link without a code', () => {
    expect(readVerificationLink(params('mode=verifyEmail&apiKey=key'))).toEqual({ ok: false, message: verifyEmailMessages.noCode });
    expect(readVerificationLink(params('oobCode=%20%20'))).toEqual({ ok: false, message: verifyEmailMessages.noCode });
  });

  it('refuses a link of another mode, naming it', () => {
    const result = readVerificationLink(params('mode=resetPassword&oobCode=x'));
    expect(result).toEqual({ ok: false, message: verifyEmailMessages.wrongMode('resetPassword') });
    expect(verifyEmailMessages.wrongMode('resetPassword')).toMatch(/^This link is not for email verification \(mode: resetPassword\)/);
  });
});

describe('readResetLink', () => {
  it('takes the code from oobCode when the mode is resetPassword', () => {
    expect(readResetLink(params('mode=resetPassword&oobCode=abc&apiKey=k'))).toEqual({ ok: true, code: 'abc' });
  });

  it('needs a code', () => {
    expect(readResetLink(params('mode=resetPassword'))).toEqual({ ok: false, message: resetPasswordMessages.missingCode });
    // Only oobCode counts on the reset screen.
    expect(readResetLink(params('mode=resetPassword&code=abc'))).toEqual({ ok: false, message: resetPasswordMessages.missingCode });
  });

  it('needs the mode resetPassword', () => {
    expect(readResetLink(params('mode=verifyEmail&oobCode=abc'))).toEqual({ ok: false, message: resetPasswordMessages.wrongMode });
    expect(readResetLink(params('oobCode=abc'))).toEqual({ ok: false, message: resetPasswordMessages.wrongMode });
    expect(resetPasswordMessages.wrongMode).toMatch(/^This link is not for password reset/);
  });
});
