/**
 * Where the Firebase JS SDK in the browser sends its requests (sign-in, sign-up, token refresh):
 * the Content-Security-Policy's connect-src must allow them in firebase mode, and only then.
 */
import type { Config } from '#server/platform/config.js';

export function firebaseConnectSources(config: Pick<Config, 'identityProvider' | 'firebase'>): string[] {
  if (config.identityProvider !== 'firebase' || !config.firebase) return [];
  if (config.firebase.emulatorHost) return [`http://${config.firebase.emulatorHost}`];
  return ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
}
