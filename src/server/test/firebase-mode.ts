/**
 * An app in Firebase mode against the fake Auth emulator: the mode that registers every route the
 * built-in one does plus the identity-service calls, so the tests that walk the whole route table
 * (the authorization matrix, the fuzz test) start from it.
 */
import { FakeAuthEmulator } from '#server/test-doubles/fake-auth-emulator.js';
import type { Config, FirebaseConfig } from '#server/platform/config.js';
import { createTestContext, type TestContext } from './app.js';

export interface FirebaseTestContext {
  ctx: TestContext;
  emulator: FakeAuthEmulator;
  close(): Promise<void>;
}

export async function createFirebaseTestContext(projectId: string, overrides: Partial<Config> = {}): Promise<FirebaseTestContext> {
  const emulator = new FakeAuthEmulator(projectId);
  const previousEmulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const emulatorHost = await emulator.start();
  // firebase-admin reads the emulator address from the environment (the verifier checks they agree).
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  const firebase: FirebaseConfig = {
    projectId,
    apiKey: 'fake-api-key',
    authDomain: `${projectId}.firebaseapp.com`,
    appId: '1:123:web:abc',
    emulatorHost,
  };
  const ctx = await createTestContext({ identityProvider: 'firebase', firebase, ...overrides });
  return {
    ctx,
    emulator,
    async close() {
      await ctx.close();
      await emulator.stop();
      if (previousEmulatorHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousEmulatorHost;
    },
  };
}
