/**
 * Verifies Firebase ID tokens with firebase-admin (docs/decisions/0007-firebase-provider.md).
 *
 * Signatures are checked against Google's published keys; revocation is not asked for, because that
 * needs service-account credentials and a call to Google per sign-in, and the 5-minute sign-in age
 * the routes demand already bounds how long a token can be exchanged for a session. In emulator mode
 * firebase-admin accepts unsigned tokens and always asks the emulator about the user (accounts:lookup).
 */
import { randomUUID } from 'node:crypto';
import type { FirebaseConfig } from '#server/platform/config.js';

/** What a verified ID token says about its holder. Times are in seconds since the epoch, as in the JWT. */
export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** When the user last signed in with a password (not when this token was refreshed). */
  authTime: number;
  /** When this token was issued. */
  issuedAt: number;
}

/** The token is not acceptable: forged, for another project, expired, or its user disabled. */
export class IdTokenRejectedError extends Error {
  constructor(readonly reason: string) {
    super(`ID token rejected: ${reason}`);
    this.name = 'IdTokenRejectedError';
  }
}

/** The identity service (or the emulator) could not be asked. */
export class IdentityServiceUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`identity service unavailable: ${reason}`);
    this.name = 'IdentityServiceUnavailableError';
  }
}

export interface IdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
  close(): Promise<void>;
}

// firebase-admin's answers about the token itself, as opposed to failures to reach anyone.
const REJECTION_CODES = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/invalid-id-token',
]);

export async function createFirebaseIdTokenVerifier(config: FirebaseConfig): Promise<IdTokenVerifier> {
  alignEmulatorEnvironment(config.emulatorHost);
  // Loaded only in firebase mode: the built-in provider never pays for firebase-admin.
  const [{ initializeApp, deleteApp }, { getAuth }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/auth')]);
  // A named app of our own, so several instances (tests, two apps in one process) never collide.
  const app = initializeApp({ projectId: config.projectId }, `wor-ratings-${randomUUID()}`);
  const auth = getAuth(app);

  return {
    async verify(idToken) {
      let decoded;
      try {
        decoded = await auth.verifyIdToken(idToken);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && REJECTION_CODES.has(code)) throw new IdTokenRejectedError(code);
        throw new IdentityServiceUnavailableError(typeof code === 'string' ? code : String(error));
      }
      return {
        uid: decoded.uid,
        email: typeof decoded.email === 'string' ? decoded.email.toLowerCase() : null,
        emailVerified: decoded.email_verified === true,
        authTime: decoded.auth_time,
        issuedAt: decoded.iat,
      };
    },
    close: () => deleteApp(app),
  };
}

/**
 * firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST from the environment on every call and then
 * accepts unsigned tokens. The validated configuration decides; the environment must agree with it.
 */
function alignEmulatorEnvironment(emulatorHost: string | null) {
  const fromEnvironment = process.env.FIREBASE_AUTH_EMULATOR_HOST || null;
  if (fromEnvironment === emulatorHost) return;
  if (emulatorHost === null) {
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST is set in the environment but not in the configuration: refusing to accept unsigned tokens');
  }
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
}
