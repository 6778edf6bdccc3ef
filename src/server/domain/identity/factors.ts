/**
 * What the whole server knows of an account's second factors (issue 34): whether it has one, which,
 * and removing them all (an admin's recovery for an account that lost every factor). Enrolment and
 * checking live with the sign-in (features/auth/second-factor/).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { SecondFactorMethod, SignInMethod } from '#core/second-factor.js';
import type { Executor } from '#server/platform/db/client.js';
import { passkeys, recoveryCodes, totpFactors, webauthnChallenges } from '#server/platform/db/schema.js';
import { recordAdminAction } from '#server/domain/audit-log.js';
import { notify } from '#server/domain/notify/notify.js';
import { destroyUserSessions } from './sessions.js';

/**
 * True when the user row in scope has an enabled authenticator app or a passkey. The user's id is
 * written qualified by hand: drizzle leaves a single table's columns unqualified, and a bare "id"
 * inside the subquery would be the passkey's own.
 */
export function hasSecondFactorSql(): SQL<boolean> {
  const userId = sql.raw('"users"."id"');
  return sql<boolean>`(${hasTotpSql(userId)} or ${hasPasskeySql(userId)})`;
}

/** The account (an id, or the user row's id column) has an enabled authenticator app. */
function hasTotpSql(userId: number | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.enabledAt} is not null)`;
}

/** The account has a passkey. */
function hasPasskeySql(userId: number | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})`;
}

export interface FactorSummary {
  methods: SecondFactorMethod[];
  recoveryCodesRemaining: number;
}

export async function factorSummary(db: Executor, userId: number): Promise<FactorSummary> {
  const [row] = await db
    .select({
      totp: hasTotpSql(userId),
      passkey: hasPasskeySql(userId),
      recoveryCodesRemaining: sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.usedAt} is null)`,
    })
    .from(sql`(select 1) as one`);
  const methods: SecondFactorMethod[] = [];
  if (row?.totp) methods.push('totp');
  if (row?.passkey) methods.push('passkey');
  return { methods, recoveryCodesRemaining: row?.recoveryCodesRemaining ?? 0 };
}

/** How a half-done sign-in can be finished: the factors, and a recovery code while one is left. */
export function signInMethods(summary: FactorSummary): SignInMethod[] {
  return summary.recoveryCodesRemaining > 0 ? [...summary.methods, 'recovery'] : summary.methods;
}

/**
 * Removes every factor and recovery code of an account (issue 34, item 6: an admin's answer to an
 * account that lost them all). The caller audits it and tells the user. Answers whether there was any.
 */
export async function removeAllFactors(tx: Executor, userId: number): Promise<boolean> {
  // A set-up never finished goes too, so the account starts clean; only an enabled app counted as a factor.
  const totp = await tx.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning({ enabledAt: totpFactors.enabledAt });
  const keys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
  return totp.some((app) => app.enabledAt !== null) || keys.length > 0;
}

/**
 * An admin's (or, with `actorId` null, the operator's) removal of every factor of an account that
 * lost them all (issue 34, item 6): audit-logged, the user told by mail, the account's sessions
 * ended (their step-up marks stood for factors that are gone). Answers false when there was none.
 */
export async function resetFactorsOf(tx: Executor, actorId: number | null, user: { id: number; username: string }, how = ''): Promise<boolean> {
  if (!(await removeAllFactors(tx, user.id))) return false;
  await recordAdminAction(tx, actorId, {
    action: 'user.second_factor_reset',
    targetType: 'user',
    targetId: user.id,
    summary: `Removed every second factor of '${user.username}'${how}`,
  });
  await notify(tx, { userId: user.id, kind: 'account_security', data: { event: 'factors_reset' } });
  await destroyUserSessions(tx, user.id);
  return true;
}
