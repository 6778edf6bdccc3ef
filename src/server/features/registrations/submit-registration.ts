/**
 * Submitting regiment and officer registration requests (spec sections 4, 5 and 7, Registrations).
 * A request starts pending; an admin decides it (decide-registration.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { OfficerRegistration, RegimentRegistration } from '../../../core/api.js';
import { REGISTRATION_MESSAGES, type OfficerRegistrationBody, type RegimentRegistrationBody } from '../../../core/schemas/registration.js';
import type { Database, Executor } from '../../db/client.js';
import { officerRegistrations, regimentRegistrations, regiments, sides, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { SessionUser } from '../auth/sessions.js';
import { getOfficerRegistrationById, getRegimentRegistrationById, PENDING } from './queries.js';

export const SUBMISSION_ERRORS = {
  notOwnAccount: 'You can only submit registrations for your own account.',
  regimentNameTaken: 'A regiment with this name already exists.',
  regimentNamePending: 'A registration for a regiment with this name is already awaiting approval.',
  alreadyOfficer: 'You already have an officer profile.',
  officerPending: 'You already have an officer registration awaiting approval.',
} as const;

/**
 * The spec's clients send the user id in the body; the session decides who submits. A different id
 * is someone trying to file a request in another user's name.
 */
function assertOwnAccount(user: SessionUser, claimedUserId: number | undefined): void {
  if (claimedUserId !== undefined && claimedUserId !== user.id) {
    throw new AppError('FORBIDDEN', SUBMISSION_ERRORS.notOwnAccount);
  }
}

/**
 * Serializes submissions of one regiment name (case-insensitive) for the rest of the transaction.
 * Pending requests have no unique index (a rejected name may be requested again), so without this
 * two simultaneous submissions could both pass the "already pending" check.
 */
async function lockRegimentName(tx: Executor, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('regiment-registration:' || lower(${name}::text), 0))`);
}

export async function submitRegimentRegistration(
  db: Database,
  user: SessionUser,
  body: RegimentRegistrationBody,
): Promise<RegimentRegistration> {
  assertOwnAccount(user, body.userId);
  const id = await db.transaction(async (tx) => {
    const [side] = await tx.select({ id: sides.id }).from(sides).where(eq(sides.id, body.sideId));
    if (!side) throw new AppError('BAD_REQUEST', REGISTRATION_MESSAGES.sideInvalid);

    await lockRegimentName(tx, body.name);
    // Inactive regiments count too: the unique index on lower(name) covers them.
    const [existing] = await tx
      .select({ id: regiments.id })
      .from(regiments)
      .where(sql`lower(${regiments.name}) = lower(${body.name})`)
      .limit(1);
    if (existing) throw new AppError('CONFLICT', SUBMISSION_ERRORS.regimentNameTaken);
    const [pending] = await tx
      .select({ id: regimentRegistrations.id })
      .from(regimentRegistrations)
      .where(and(eq(regimentRegistrations.status, PENDING), sql`lower(${regimentRegistrations.name}) = lower(${body.name})`))
      .limit(1);
    if (pending) throw new AppError('CONFLICT', SUBMISSION_ERRORS.regimentNamePending);

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

export async function submitOfficerRegistration(
  db: Database,
  user: SessionUser,
  body: OfficerRegistrationBody,
): Promise<OfficerRegistration> {
  assertOwnAccount(user, body.userId);
  const id = await db.transaction(async (tx) => {
    const [regiment] = await tx
      .select({ id: regiments.id })
      .from(regiments)
      .where(and(eq(regiments.id, body.regimentId), eq(regiments.isActive, true)));
    if (!regiment) throw new AppError('BAD_REQUEST', REGISTRATION_MESSAGES.regimentInvalid);

    // The user's row lock serializes this user's submissions with each other and with an approval
    // linking them to an officer; NO KEY UPDATE leaves the KEY SHARE locks of other writes alone.
    const [account] = await tx
      .select({ officerId: users.officerId })
      .from(users)
      .where(eq(users.id, user.id))
      .for('no key update');
    if (account?.officerId != null) throw new AppError('CONFLICT', SUBMISSION_ERRORS.alreadyOfficer);
    const [pending] = await tx
      .select({ id: officerRegistrations.id })
      .from(officerRegistrations)
      .where(and(eq(officerRegistrations.userId, user.id), eq(officerRegistrations.status, PENDING)))
      .limit(1);
    if (pending) throw new AppError('CONFLICT', SUBMISSION_ERRORS.officerPending);

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
