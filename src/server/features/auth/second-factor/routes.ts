/**
 * The second factor's calls (issue 34): the sign-in's second step, a passkey sign-in, and the
 * security settings (authenticator app, passkeys, recovery codes). Registered inside the auth routes,
 * so the login throttle is the one the passwords use.
 */
import type { RegistrationResponseJSON, AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authUserSchema } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { canModerate } from '#core/permissions.js';
import {
  passkeyAuthenticateBodySchema,
  passkeyRegisterBodySchema,
  passkeySchema,
  recoveryCodesSchema,
  secondFactorBodySchema,
  securityStateSchema,
  totpCodeBodySchema,
  totpSetupSchema,
} from '#core/schemas/second-factor.js';
import { factorSummary } from '#server/domain/identity/factors.js';
import { requireRecentSecondFactor, requireUser } from '#server/domain/identity/guards.js';
import { browserSessionKey, markSecondFactorChecked, sessionLifetimes, type SessionUser } from '#server/domain/identity/sessions.js';
import { notify } from '#server/domain/notify/notify.js';
import type { AccountSecurityEvent } from '#core/notifications.js';
import type { Executor } from '#server/platform/db/client.js';
import { recoveryCodes } from '#server/platform/db/schema.js';
import { AppError } from '#server/platform/errors.js';
import { enforceRateLimit } from '#server/platform/rate-limit/rate-limit.js';
import type { App } from '#server/platform/types.js';
import { eq } from 'drizzle-orm';
import { authUserOf } from '../accounts.js';
import type { LoginThrottle } from '../login-throttle.js';
import { factorKeys } from './keys.js';
import {
  authenticationOptions,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
  verifyPasskeyAssertion,
} from './passkeys.js';
import { issueRecoveryCodes, useRecoveryCode } from './recovery-codes.js';
import { finishSignIn } from './sign-in.js';
import { removeTotp, startTotpSetup, totpState, useTotpCode } from './totp.js';

const messageSchema = z.object({ message: z.string() });
/** WebAuthn options are @simplewebauthn's JSON, handed to the browser as they are. */
const optionsSchema = z.record(z.string(), z.unknown());
const asOptions = (options: object) => options as Record<string, unknown>;

/** Tells the account at once (issue 34, item 7): a notification, always mailed through the outbox. */
function tellAccount(tx: Executor, userId: number, event: AccountSecurityEvent, more: { method?: 'totp' | 'passkey'; name?: string } = {}) {
  return notify(tx, { userId, kind: 'account_security', data: { event, ...more } });
}

/** With the last factor gone, the recovery codes go too: they would stand in for nothing. */
async function dropCodesIfNoFactorLeft(tx: Executor, userId: number) {
  if ((await factorSummary(tx, userId)).methods.length === 0) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function secondFactorRoutes(app: App, loginThrottle: LoginThrottle) {
  const { db, config, rateLimitStore } = app;
  const keys = factorKeys(config.sessionSecret);
  const rp = relyingParty(config.publicUrl);
  const lifetimes = sessionLifetimes(config);
  const deps = { db, config, rateLimitStore };

  /** Ceremonies that write a row, per client address: a sign-in by passkey asks for one without an account. */
  async function limitCeremony(request: FastifyRequest) {
    await enforceRateLimit(rateLimitStore, { name: 'second-factor-ip', ...config.rateLimits.secondFactor }, request.ip);
  }

  /**
   * ...and a signed-in account's, per account too, whatever its address (issue 37, item 4): each
   * set-up, registration challenge or set of recovery codes is a row, and a code set tells the account.
   */
  async function limitAccountCeremony(user: SessionUser) {
    await enforceRateLimit(rateLimitStore, { name: 'second-factor-user', ...config.rateLimits.secondFactor }, user.id);
  }

  /** Whose factor a request checks: a half-done sign-in's account, or the signed-in user (a step-up). */
  function factorSubject(request: FastifyRequest): { pendingUserId: number } | { user: SessionUser } {
    const session = request.session;
    if (session?.user) return { user: session.user };
    if (session?.pendingUserId) return { pendingUserId: session.pendingUserId };
    throw new AppError('UNAUTHENTICATED', MSG.security.noSignInInProgress);
  }

  /** After a factor passed: finish the half-done sign-in, or note the step-up on the session. */
  async function factorPassed(request: FastifyRequest, reply: Parameters<typeof finishSignIn>[2], subject: ReturnType<typeof factorSubject>) {
    if ('pendingUserId' in subject) return { user: await finishSignIn(deps, request, reply, subject.pendingUserId) };
    await markSecondFactorChecked(db, request.session!.id!);
    return { user: await authUserOf(db, subject.user) };
  }

  /**
   * Failed codes slow down like failed passwords (issue 34, item 3), on a count of their own per
   * account: a right password must not clear the failures of the code that comes after it.
   */
  function throttleCode<T>(request: FastifyRequest, userId: number, check: () => Promise<T>) {
    return loginThrottle.attempt({ account: `factor:user:${userId}`, address: request.ip }, check);
  }

  app.post(
    '/auth/second-factor',
    { config: { invalidates: 'none' }, schema: { body: secondFactorBodySchema, response: { 200: z.object({ user: authUserSchema }) } } },
    async (request, reply) => {
      const subject = factorSubject(request);
      const userId = 'user' in subject ? subject.user.id : subject.pendingUserId;
      const body = request.body;
      await throttleCode(request, userId, () =>
        db.transaction(async (tx) => {
          if ('code' in body) {
            if (!(await useTotpCode(tx, keys.totpSecret, userId, body.code, 'enabled')))
              throw new AppError('UNAUTHENTICATED', MSG.security.invalidCode);
            return;
          }
          if (!(await useRecoveryCode(tx, keys.recoveryCode, userId, body.recoveryCode)))
            throw new AppError('UNAUTHENTICATED', MSG.security.invalidRecoveryCode);
          await tellAccount(tx, userId, 'recovery_code_used');
        }),
      );
      return factorPassed(request, reply, subject);
    },
  );

  app.get('/auth/security', { config: { cache: 'private' }, schema: { response: { 200: securityStateSchema } } }, async (request) => {
    const user = requireUser(request);
    const summary = await factorSummary(db, user.id);
    return {
      totp: { enabled: summary.methods.includes('totp') },
      passkeys: await listPasskeys(db, user.id),
      recoveryCodesRemaining: summary.recoveryCodesRemaining,
      required: canModerate(user),
    };
  });

  app.post('/auth/totp/setup', { config: { invalidates: 'none' }, schema: { response: { 200: totpSetupSchema } } }, async (request) => {
    const user = requireUser(request);
    await limitCeremony(request);
    await limitAccountCeremony(user);
    return startTotpSetup(db, keys.totpSecret, user);
  });

  app.post(
    '/auth/totp/enable',
    { config: { invalidates: 'none' }, schema: { body: totpCodeBodySchema, response: { 200: recoveryCodesSchema } } },
    async (request) => {
      const user = requireUser(request);
      const state = await totpState(db, user.id);
      if (state === 'enabled') throw new AppError('CONFLICT', MSG.security.totpAlreadyEnabled);
      if (state === 'none') throw new AppError('BAD_REQUEST', MSG.security.totpNotSetUp);
      const codes = await throttleCode(request, user.id, () =>
        db.transaction(async (tx) => {
          if (!(await useTotpCode(tx, keys.totpSecret, user.id, request.body.code, 'pending')))
            throw new AppError('BAD_REQUEST', MSG.security.invalidCode);
          await tellAccount(tx, user.id, 'factor_added', { method: 'totp' });
          return issueRecoveryCodes(tx, keys.recoveryCode, user.id);
        }),
      );
      // The code just proved the app: the session counts as checked for the next few minutes.
      await markSecondFactorChecked(db, request.session!.id!);
      return { recoveryCodes: codes };
    },
  );

  app.post(
    '/auth/totp/disable',
    { config: { invalidates: 'none' }, schema: { body: totpCodeBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const user = requireUser(request);
      if ((await totpState(db, user.id)) !== 'enabled') throw new AppError('BAD_REQUEST', MSG.security.totpNotEnabled);
      await throttleCode(request, user.id, () =>
        db.transaction(async (tx) => {
          if (!(await useTotpCode(tx, keys.totpSecret, user.id, request.body.code, 'enabled')))
            throw new AppError('BAD_REQUEST', MSG.security.invalidCode);
          await removeTotp(tx, user.id);
          await dropCodesIfNoFactorLeft(tx, user.id);
          await tellAccount(tx, user.id, 'factor_removed', { method: 'totp' });
        }),
      );
      return { message: MSG.security.totpDisabled };
    },
  );

  app.post('/auth/recovery-codes', { config: { invalidates: 'none' }, schema: { response: { 200: recoveryCodesSchema } } }, async (request) => {
    const user = requireRecentSecondFactor(request);
    await limitAccountCeremony(user);
    const codes = await db.transaction(async (tx) => {
      if ((await factorSummary(tx, user.id)).methods.length === 0) throw new AppError('BAD_REQUEST', MSG.security.recoveryNone);
      await tellAccount(tx, user.id, 'recovery_codes_renewed');
      return issueRecoveryCodes(tx, keys.recoveryCode, user.id);
    });
    return { recoveryCodes: codes };
  });

  app.post(
    '/auth/passkeys/registration-options',
    { config: { invalidates: 'none' }, schema: { response: { 200: optionsSchema } } },
    async (request) => {
      const user = requireUser(request);
      await limitCeremony(request);
      await limitAccountCeremony(user);
      return asOptions(await registrationOptions(db, rp, browserSessionKey(lifetimes, request.session!), user));
    },
  );

  app.post(
    '/auth/passkeys',
    {
      config: { invalidates: 'none' },
      schema: {
        body: passkeyRegisterBodySchema,
        response: { 201: z.object({ passkey: passkeySchema, recoveryCodes: z.array(z.string()).optional() }) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const sessionKey = browserSessionKey(lifetimes, request.session!);
      const result = await db.transaction(async (tx) => {
        const before = await factorSummary(tx, user.id);
        const passkey = await registerPasskey(
          tx,
          rp,
          sessionKey,
          user.id,
          request.body.name,
          request.body.response as unknown as RegistrationResponseJSON,
        );
        await tellAccount(tx, user.id, 'factor_added', { method: 'passkey', name: passkey.name });
        // The first factor brings the recovery codes, as the authenticator app's does.
        const codes = before.methods.length === 0 ? await issueRecoveryCodes(tx, keys.recoveryCode, user.id) : undefined;
        return { passkey, ...(codes && { recoveryCodes: codes }) };
      });
      await markSecondFactorChecked(db, request.session!.id!);
      return reply.code(201).send(result);
    },
  );

  app.delete(
    '/auth/passkeys/:id',
    { config: { invalidates: 'none' }, schema: { params: z.object({ id: z.string().min(1).max(1400) }), response: { 200: messageSchema } } },
    async (request) => {
      const user = requireRecentSecondFactor(request);
      const name = await db.transaction(async (tx) => {
        const removed = await removePasskey(tx, user.id, request.params.id);
        await dropCodesIfNoFactorLeft(tx, user.id);
        await tellAccount(tx, user.id, 'factor_removed', { method: 'passkey', name: removed });
        return removed;
      });
      return { message: MSG.security.passkeyRemoved(name) };
    },
  );

  /**
   * Options for a passkey assertion: a half-done sign-in's account, the signed-in user's step-up,
   * or (with neither) a sign-in by passkey alone.
   */
  app.post(
    '/auth/passkeys/authentication-options',
    { config: { invalidates: 'none' }, schema: { response: { 200: optionsSchema } } },
    async (request) => {
      await limitCeremony(request);
      const session = request.session!;
      const userId = session.user?.id ?? session.pendingUserId ?? null;
      return asOptions(await authenticationOptions(db, rp, browserSessionKey(lifetimes, session), userId));
    },
  );

  app.post(
    '/auth/passkeys/authenticate',
    { config: { invalidates: 'none' }, schema: { body: passkeyAuthenticateBodySchema, response: { 200: z.object({ user: authUserSchema }) } } },
    async (request, reply) => {
      await limitCeremony(request);
      const session = request.session!;
      const expectedUserId = session.user?.id ?? session.pendingUserId ?? null;
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      const { userId } = await verifyPasskeyAssertion(db, rp, browserSessionKey(lifetimes, session), expectedUserId, response);
      if (session.user) return factorPassed(request, reply, { user: session.user });
      return { user: await finishSignIn(deps, request, reply, userId) };
    },
  );
}
