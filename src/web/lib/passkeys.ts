/**
 * The browser's side of a passkey ceremony (WebAuthn, issue 34) through @simplewebauthn/browser,
 * loaded with import() at the moment of use: only a visitor who adds or uses a passkey downloads it.
 * The server's side (options, verification) is in web/api/second-factor.ts.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { securityMessages } from '#core/messages/security';

/** A ceremony that gave no credential; its message is the text to show. */
export class PasskeyCeremonyError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PasskeyCeremonyError';
  }
}

/**
 * What a refused ceremony means to the user: the browser or the authenticator refuses a passkey it
 * already holds for this account (InvalidStateError), the user closed the prompt or let it time out
 * (NotAllowedError, AbortError), or something else went wrong.
 */
export function ceremonyFailureMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return securityMessages.passkeyAlreadyRegistered;
  if (name === 'NotAllowedError' || name === 'AbortError') return securityMessages.passkeyCancelled;
  return securityMessages.passkeyFailed;
}

type WebAuthnBrowser = typeof import('@simplewebauthn/browser');

async function ceremony<T>(run: (webauthn: WebAuthnBrowser) => Promise<T>): Promise<T> {
  const webauthn = await import('@simplewebauthn/browser');
  if (!webauthn.browserSupportsWebAuthn()) throw new PasskeyCeremonyError(securityMessages.passkeyUnsupported);
  try {
    return await run(webauthn);
  } catch (error) {
    throw new PasskeyCeremonyError(ceremonyFailureMessage(error), { cause: error });
  }
}

/** Asks the browser to make a passkey for the server's registration options. */
export function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  return ceremony((webauthn) => webauthn.startRegistration({ optionsJSON }));
}

/** Asks the browser to sign the server's challenge with a passkey. */
export function signWithPasskey(optionsJSON: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON> {
  return ceremony((webauthn) => webauthn.startAuthentication({ optionsJSON }));
}
