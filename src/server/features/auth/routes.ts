import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { countUnreadNotifications } from '#server/domain/notify/unread-notifications.js';
import { authStatusSchema, authUserSchema } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { emailOnlyBodySchema, legacyLoginBodySchema, loginBodySchema, registerBodySchema, resetPasswordBodySchema } from '#core/schemas/auth.js';
import { enforceRateLimit } from '#server/platform/rate-limit/rate-limit.js';
import type { App } from '#server/platform/types.js';
import { authenticateLegacy, authenticateWithPassword, authUserOf, findLoginAccountId, registerAccount, toAuthUser } from './accounts.js';
import { currentUser } from '#server/domain/identity/guards.js';
import { firebaseAuthRoutes } from './firebase-routes.js';
import {
  getPasswordResetAccount,
  requestPasswordReset,
  requestVerificationEmail,
  resetPassword,
  sendVerificationEmail,
  verifyEmail,
} from './lifecycle.js';
import { LoginThrottle, loginAccountSubject } from './login-throttle.js';
import { clearSessionCookie, createAnonymousSession, destroySession, sessionLifetimes, setSessionCookie } from '#server/domain/identity/sessions.js';
import { needsSecondFactorSchema } from '#core/schemas/second-factor.js';
import { secondFactorRoutes } from './second-factor/routes.js';
import { signInOrAskForFactor } from './second-factor/sign-in.js';

const messageSchema = z.object({ success: z.boolean(), message: z.string() });

export async function authRoutes(app: App) {
  const { db, config, mailer, rateLimitStore } = app;
  const limits = config.rateLimits;
  const deps = { db, config, rateLimitStore };

  const loginThrottle = new LoginThrottle(rateLimitStore, limits.login);

  /**
   * Failed logins slow down the account and the client address (login-throttle.ts; spec section 8's
   * message). The account is looked up first so that both logins count against the same one.
   */
  async function limitLogin<T>(request: FastifyRequest, by: { email: string } | { username: string }, authenticate: () => Promise<T>) {
    const accountId = await findLoginAccountId(db, by);
    const account = loginAccountSubject(accountId, 'email' in by ? by.email : by.username);
    return loginThrottle.attempt({ account, address: request.ip }, authenticate);
  }

  /** Requests that send mail: per client address and per email address. */
  async function limitMailRequest(request: FastifyRequest, name: string, email: string) {
    await enforceRateLimit(rateLimitStore, { name: `${name}-ip`, ...limits.accountEmail }, request.ip);
    await enforceRateLimit(rateLimitStore, { name: `${name}-email`, ...limits.accountEmail }, email.toLowerCase());
  }

  /** Mail goes out after the answer, so the answer's timing does not tell whether an account exists. */
  function inBackground(request: FastifyRequest, what: string, work: () => Promise<void>) {
    void work().catch((err) => request.log.error({ err }, `${what} failed`));
  }

  app.get(
    '/csrf-token',
    { config: { cache: 'private' }, schema: { response: { 200: z.object({ csrfToken: z.string() }) } } },
    async (request, reply) => {
      if (request.session) return { csrfToken: request.session.csrfToken };
      // No row: a visitor's token is derived, not stored (sessions.ts).
      const created = createAnonymousSession(sessionLifetimes(config));
      setSessionCookie(reply, config, created);
      return { csrfToken: created.session.csrfToken };
    },
  );

  // An account waiting to be deleted reads its status (and the deletion date): the way to cancel.
  app.get(
    '/auth/status',
    { config: { cache: 'private', duringDeletion: true }, schema: { response: { 200: authStatusSchema } } },
    async (request) => {
      const user = currentUser(request);
      if (!user) return { authenticated: false, user: null };
      // The bell's count rides on this poll (issue 18): no poller of its own.
      return { authenticated: true, user: await authUserOf(db, user), unreadNotifications: await countUnreadNotifications(db, user.id) };
    },
  );

  app.post(
    '/auth/register',
    {
      config: { invalidates: 'none' },
      schema: {
        body: registerBodySchema,
        response: { 201: z.object({ user: authUserSchema, needsVerification: z.boolean(), message: z.string() }) },
      },
    },
    async (request, reply) => {
      await limitMailRequest(request, 'register', request.body.email);
      const user = await registerAccount(db, request.body, config.adminEmails);
      // Signed out until the email is verified (spec section 4, Account registration). A mail
      // failure must not undo the account: the login screen offers to send the mail again.
      inBackground(request, 'verification mail', () => sendVerificationEmail(db, mailer, config, user));
      return reply.code(201).send({ user: toAuthUser(user), needsVerification: true, message: MSG.auth.registrationSuccess });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { invalidates: 'none' },
      // Issue 34: an account with a second factor is not signed in yet, and is told which factors it has.
      schema: { body: loginBodySchema, response: { 200: z.union([z.object({ user: authUserSchema }), needsSecondFactorSchema]) } },
    },
    async (request, reply) => {
      const user = await limitLogin(request, { email: request.body.email }, () =>
        authenticateWithPassword(db, request.body, config.adminEmails, async (unverified) => {
          inBackground(request, 'verification mail', () => sendVerificationEmail(db, mailer, config, unverified));
        }),
      );
      return signInOrAskForFactor(deps, request, reply, user);
    },
  );

  app.post(
    '/auth/legacy-login',
    {
      config: { invalidates: 'none' },
      schema: {
        body: legacyLoginBodySchema,
        response: { 200: z.union([z.object({ success: z.boolean(), message: z.string(), user: authUserSchema }), needsSecondFactorSchema]) },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await limitLogin(request, { username }, () => authenticateLegacy(db, username, password, config.adminEmails));
      const result = await signInOrAskForFactor(deps, request, reply, user);
      return 'user' in result ? { success: true, message: MSG.auth.loginSuccess, user: result.user } : result;
    },
  );

  app.post(
    '/auth/logout',
    { config: { invalidates: 'none', duringDeletion: true }, schema: { response: { 200: messageSchema } } },
    async (request, reply) => {
      if (request.session?.id) await destroySession(db, request.session.id);
      request.session = null;
      clearSessionCookie(reply, config);
      return { success: true, message: MSG.auth.loggedOut };
    },
  );

  app.post(
    '/auth/request-verification',
    { config: { invalidates: 'none' }, schema: { body: emailOnlyBodySchema, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      await limitMailRequest(request, 'request-verification', request.body.email);
      inBackground(request, 'verification mail', () => requestVerificationEmail(db, mailer, config, request.body.email));
      return { message: MSG.verifyEmail.requested };
    },
  );

  app.get(
    '/auth/verify-email/:code',
    // A one-time code's answer, and a GET that writes (the account becomes verified): nothing public changes.
    {
      config: { cache: 'private', invalidates: 'none' },
      schema: { params: z.object({ code: z.string().max(200) }), response: { 200: messageSchema } },
    },
    async (request) => verifyEmail(db, request.params.code),
  );

  app.post(
    '/auth/forgot-password',
    { config: { invalidates: 'none' }, schema: { body: emailOnlyBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      await limitMailRequest(request, 'forgot-password', request.body.email);
      inBackground(request, 'password reset mail', () => requestPasswordReset(db, mailer, config, request.body.email));
      return { success: true, message: MSG.forgotPassword.requested };
    },
  );

  app.get(
    '/auth/reset-password/:code',
    // Shows the account's email to whoever holds the code.
    {
      config: { cache: 'private', invalidates: 'none' },
      schema: { params: z.object({ code: z.string().max(200) }), response: { 200: z.object({ email: z.string() }) } },
    },
    async (request) => {
      return getPasswordResetAccount(db, request.params.code);
    },
  );

  app.post(
    '/auth/reset-password',
    { config: { invalidates: 'none' }, schema: { body: resetPasswordBodySchema, response: { 200: messageSchema } } },
    async (request, reply) => {
      await resetPassword(db, request.body.code, request.body.password);
      // This browser's session may belong to the account whose sessions just ended.
      request.session = null;
      clearSessionCookie(reply, config);
      return { success: true, message: MSG.resetPassword.done };
    },
  );

  await secondFactorRoutes(app, loginThrottle);

  // GET /auth/config in every mode; the firebase-* calls only when IDENTITY_PROVIDER=firebase (checked inside).
  await app.register(firebaseAuthRoutes);
}
