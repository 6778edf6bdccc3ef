/**
 * GET /api/auth/config in every mode, and the identity-service calls of spec section 7 when
 * IDENTITY_PROVIDER=firebase. The built-in routes stay registered: the web app falls back to the
 * legacy login (spec section 4).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authUserSchema } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { firebaseRegisterBodySchema, idTokenBodySchema, identityConfigSchema, type IdentityConfig } from '#core/schemas/firebase-auth.js';
import {
  IdTokenRejectedError,
  IdentityServiceUnavailableError,
  createFirebaseIdTokenVerifier,
  type IdTokenVerifier,
  type VerifiedIdentity,
} from '#server/adapters/firebase/id-token-verifier.js';
import type { Config } from '#server/platform/config.js';
import { AppError } from '#server/platform/errors.js';
import { enforceRateLimit } from '#server/platform/rate-limit/rate-limit.js';
import type { App } from '#server/platform/types.js';
import { toAuthUser } from './accounts.js';
import { registerWithFirebase, requireFreshToken, requireRecentSignIn, signInWithFirebase, updateEmailVerification } from './firebase-accounts.js';
import { needsSecondFactorSchema } from '#core/schemas/second-factor.js';
import { signIn, signInOrAskForFactor } from './second-factor/sign-in.js';

/** What the web app needs to sign in: public values only (the Firebase web config is public by design). */
export function identityConfigFor(config: Config): IdentityConfig {
  if (config.identityProvider !== 'firebase' || !config.firebase) return { provider: 'builtin' };
  const { apiKey, authDomain, projectId, appId, emulatorHost } = config.firebase;
  return {
    provider: 'firebase',
    firebase: { apiKey, authDomain, projectId, appId, ...(emulatorHost ? { emulatorUrl: `http://${emulatorHost}` } : {}) },
  };
}

export async function firebaseAuthRoutes(app: App) {
  const { db, config, rateLimitStore } = app;
  const identityConfig = identityConfigFor(config);

  // The same for everyone, but tiny and read once per visit: not worth a place in memory.
  app.get('/auth/config', { config: { cache: 'not-kept' }, schema: { response: { 200: identityConfigSchema } } }, async (_request, reply) => {
    // Changes only with a restart; revalidated so a new deployment's provider is seen.
    reply.header('Cache-Control', 'no-cache');
    return identityConfig;
  });

  if (config.identityProvider !== 'firebase' || !config.firebase) return;

  const verifier: IdTokenVerifier = await createFirebaseIdTokenVerifier(config.firebase);
  app.addHook('onClose', () => verifier.close());

  async function verify(request: FastifyRequest, idToken: string): Promise<VerifiedIdentity> {
    try {
      return await verifier.verify(idToken);
    } catch (error) {
      if (error instanceof IdTokenRejectedError) {
        request.log.info({ reason: error.reason }, 'Firebase ID token rejected');
        throw new AppError('UNAUTHENTICATED', MSG.identity.tokenRejected);
      }
      if (error instanceof IdentityServiceUnavailableError) {
        request.log.error({ reason: error.reason }, 'Firebase ID token could not be verified');
        throw new AppError('UNAVAILABLE', MSG.identity.unavailable);
      }
      throw error;
    }
  }

  async function limit(request: FastifyRequest, name: string) {
    await enforceRateLimit(rateLimitStore, { name, ...config.rateLimits.login }, request.ip, MSG.auth.tooManyAttempts);
  }

  app.post(
    '/auth/firebase-login',
    {
      config: { invalidates: 'none' },
      schema: { body: idTokenBodySchema, response: { 200: z.union([z.object({ user: authUserSchema }), needsSecondFactorSchema]) } },
    },
    async (request, reply) => {
      await limit(request, 'firebase-login-ip');
      const identity = await verify(request, request.body.idToken);
      requireRecentSignIn(identity);
      const user = await signInWithFirebase(db, identity, config.adminEmails);
      return signInOrAskForFactor({ db, config, rateLimitStore }, request, reply, user);
    },
  );

  app.post(
    '/auth/firebase-register',
    {
      config: { invalidates: 'none' },
      schema: {
        body: firebaseRegisterBodySchema,
        response: { 201: z.object({ user: authUserSchema, needsVerification: z.boolean(), message: z.string() }) },
      },
    },
    async (request, reply) => {
      await limit(request, 'firebase-register-ip');
      const identity = await verify(request, request.body.idToken);
      requireRecentSignIn(identity);
      const { user, emailVerified } = await registerWithFirebase(db, identity, request.body.username, config.adminEmails);
      if (!emailVerified) {
        // Signed out until the email is verified (spec section 4); Firebase sends the mail.
        return reply.code(201).send({ user: toAuthUser(user), needsVerification: true, message: MSG.auth.registrationSuccess });
      }
      // A new account has no second factor: signed in at once.
      await signIn({ db, config, rateLimitStore }, request, reply, user);
      return reply.code(201).send({ user: toAuthUser(user), needsVerification: false, message: MSG.identity.registeredAndSignedIn });
    },
  );

  app.post(
    '/auth/update-verification',
    {
      config: { invalidates: 'none' },
      schema: {
        body: idTokenBodySchema,
        response: { 200: z.object({ success: z.boolean(), emailVerified: z.boolean(), message: z.string() }) },
      },
    },
    async (request) => {
      await limit(request, 'update-verification-ip');
      const identity = await verify(request, request.body.idToken);
      requireFreshToken(identity);
      const { emailVerified } = await updateEmailVerification(db, identity);
      return { success: true, emailVerified, message: MSG.identity.verificationUpdated };
    },
  );
}
