/**
 * Submitting regiment and officer registration requests (spec sections 4, 5 and 7, Registrations).
 * A request starts pending; an admin decides it (decide-registration.ts).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { OfficerRegistration, RegimentRegistration } from '#core/api.js';
import { LIMITS } from '#core/constants.js';
import { MSG } from '#core/messages.js';
import { canRegisterAsOfficer } from '#core/permissions.js';
import { type OfficerRegistrationBody, type RegimentRegistrationBody } from '#core/schemas/registration.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { officerRegistrations, regimentRegistrations, regiments, sides, users } from '#server/platform/db/schema.js';
import { AppError } from '#server/platform/errors.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import { getOfficerRegistrationById, getRegimentRegistrationById, PENDING } from './queries.js';

/**
 * The spec's clients send the user id in the body; the session decides who submits. A different id
 * is someone trying to file a request in another user's name.
 */
function assertOwnAccount(user: SessionUser, claimedUserId: number | undefined): void {
  if (claimedUserId !== undefined && claimedUserId !== user.id) {
    throw new AppError('FORBIDDEN', MSG.registrations.notOwnAccount);
  }
}

/**
 * Locks the submitter's row for the rest of the transaction, so that this user's submissions queue
 * one behind the other and each counts the pending requests the previous ones left (otherwise
 * simultaneous submissions would all count the same number and all pass the limit). NO KEY UPDATE
 * leaves alone the KEY SHARE locks other writes take through foreign keys to users.
 */
async function lockSubmitter(tx: Executor, userId: number): Promise<{ officerId: number | null } | undefined> {
  const [account] = await tx.select({ officerId: users.officerId }).from(users).where(eq(users.id, userId)).for('no key update');
  return account;
}

async function countPendingRegimentRegistrations(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(regimentRegistrations)
    .where(and(eq(regimentRegistrations.userId, userId), eq(regimentRegistrations.status, PENDING)));
  return row?.n ?? 0;
}

async function countPendingOfficerRegistrations(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(officerRegistrations)
    .where(and(eq(officerRegistrations.userId, userId), eq(officerRegistrations.status, PENDING)));
  return row?.n ?? 0;
}

/**
 * Serializes submissions of one regiment name (case-insensitive) for the rest of the transaction.
 * Pending requests have no unique index (a rejected name may be requested again), so without this
 * two simultaneous submissions could both pass the "already pending" check.
 */
async function lockRegimentName(tx: Executor, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('regiment-registration:' || lower(${name}::text), 0))`);
}

export async function submitRegimentRegistration(db: Database, user: SessionUser, body: RegimentRegistrationBody): Promise<RegimentRegistration> {
  assertOwnAccount(user, body.userId);
  const id = await db.transaction(async (tx) => {
    const [side] = await tx.select({ id: sides.id }).from(sides).where(eq(sides.id, body.sideId));
    if (!side) throw new AppError('BAD_REQUEST', MSG.registrationForm.sideInvalid);

    // The user's lock before the name's, in every submission: two submissions never wait in a cycle.
    await lockSubmitter(tx, user.id);
    if ((await countPendingRegimentRegistrations(tx, user.id)) >= LIMITS.pendingRegimentRegistrationsPerUser) {
      throw new AppError('CONFLICT', MSG.registrations.regimentPendingLimit);
    }

    await lockRegimentName(tx, body.name);
    // Inactive regiments count too: the unique index on lower(name) covers them.
    const [existing] = await tx
      .select({ id: regiments.id })
      .from(regiments)
      .where(sql`lower(${regiments.name}) = lower(${body.name})`)
      .limit(1);
    if (existing) throw new AppError('CONFLICT', MSG.manage.regimentNameTaken);
    const [pending] = await tx
      .select({ id: regimentRegistrations.id })
      .from(regimentRegistrations)
      .where(and(eq(regimentRegistrations.status, PENDING), sql`lower(${regimentRegistrations.name}) = lower(${body.name})`))
      .limit(1);
    if (pending) throw new AppError('CONFLICT', MSG.registrations.regimentNamePending);

    const [created] = await tx
      .insert(regimentRegistrations)
      .values({
        userId: user.id,
        name: body.name,
        description: body.description,
        sideId: body.sideId,
        bannerImageUrl: body.bannerImageUrl,
        iconImageUrl: body.iconImageUrl,
      })
      .returning({ id: regimentRegistrations.id });
    return created!.id;
  });
  return getRegimentRegistrationById(db, id);
}

export async function submitOfficerRegistration(db: Database, user: SessionUser, body: OfficerRegistrationBody): Promise<OfficerRegistration> {
  assertOwnAccount(user, body.userId);
  const id = await db.transaction(async (tx) => {
    const [regiment] = await tx
      .select({ id: regiments.id })
      .from(regiments)
      .where(and(eq(regiments.id, body.regimentId), eq(regiments.isActive, true)));
    if (!regiment) throw new AppError('BAD_REQUEST', MSG.registrationForm.regimentInvalid);

    // The lock also serializes this submission with an approval linking the user to an officer.
    const account = await lockSubmitter(tx, user.id);
    if (account && !canRegisterAsOfficer(account)) throw new AppError('CONFLICT', MSG.registrations.alreadyHasOfficer);
    if ((await countPendingOfficerRegistrations(tx, user.id)) >= LIMITS.pendingOfficerRegistrationsPerUser) {
      throw new AppError('CONFLICT', MSG.registrations.officerPending);
    }

    const [created] = await tx
      .insert(officerRegistrations)
      .values({
        userId: user.id,
        name: body.name,
        rank: body.rank,
        regimentId: body.regimentId,
        proofUrl: body.proofUrl,
        profileImageUrl: body.profileImageUrl,
      })
      .returning({ id: officerRegistrations.id });
    return created!.id;
  });
  return getOfficerRegistrationById(db, id);
}
