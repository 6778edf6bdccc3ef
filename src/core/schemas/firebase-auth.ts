/** Bodies and answers of the identity-service calls (spec section 7, Authentication) and GET /api/auth/config. */
import { z } from 'zod';
import { usernameSchema } from './auth.js';

/** A Firebase ID token is a JWT of about 1 kB; anything far longer is not one. */
const idTokenSchema = z.string().min(20).max(8192);

/** POST /api/auth/firebase-login and POST /api/auth/update-verification */
export const idTokenBodySchema = z.object({ idToken: idTokenSchema });
export type IdTokenBody = z.infer<typeof idTokenBodySchema>;

/** POST /api/auth/firebase-register: the username follows the built-in registration's rules. */
export const firebaseRegisterBodySchema = z.object({ idToken: idTokenSchema, username: usernameSchema });
export type FirebaseRegisterBody = z.infer<typeof firebaseRegisterBodySchema>;

/** The 404 of firebase-login: the identity is real but has no account here yet (spec section 4). */
export const needsRegistrationSchema = z.object({
  needsRegistration: z.literal(true),
  message: z.string(),
  email: z.string().nullable(),
  uid: z.string(),
});
export type NeedsRegistration = z.infer<typeof needsRegistrationSchema>;

/** The web app's Firebase configuration; emulatorUrl only in local development. */
export const firebaseWebConfigSchema = z.object({
  apiKey: z.string(),
  authDomain: z.string(),
  projectId: z.string(),
  appId: z.string(),
  emulatorUrl: z.string().optional(),
});
export type FirebaseWebConfig = z.infer<typeof firebaseWebConfigSchema>;

/** GET /api/auth/config: which identity provider the web app signs in with. */
export const identityConfigSchema = z.object({
  provider: z.enum(['builtin', 'firebase']),
  firebase: firebaseWebConfigSchema.optional(),
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;
