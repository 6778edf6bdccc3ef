import { describe, expect, it } from 'vitest';
import { securityMessages } from '#core/messages/security';
import { ceremonyFailureMessage } from './passkeys';

const refusal = (name: string, code?: string) => Object.assign(new Error('refused'), { name }, code ? { code } : {});

describe('ceremonyFailureMessage', () => {
  it('tells a closed or timed-out prompt from a passkey the authenticator already holds, and from anything else', () => {
    expect(ceremonyFailureMessage(refusal('NotAllowedError'))).toBe(securityMessages.passkeyCancelled);
    expect(ceremonyFailureMessage(refusal('AbortError', 'ERROR_CEREMONY_ABORTED'))).toBe(securityMessages.passkeyCancelled);
    expect(ceremonyFailureMessage(refusal('InvalidStateError'))).toBe(securityMessages.passkeyAlreadyRegistered);
    expect(ceremonyFailureMessage(refusal('WebAuthnError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'))).toBe(
      securityMessages.passkeyAlreadyRegistered,
    );
    expect(ceremonyFailureMessage(refusal('SecurityError'))).toBe(securityMessages.passkeyFailed);
    expect(ceremonyFailureMessage('not even an error')).toBe(securityMessages.passkeyFailed);
  });
});
