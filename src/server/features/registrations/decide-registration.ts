/**
 * An admin approves or rejects a registration request (spec sections 4 and 7, Administration).
 * Everything a decision changes (the request, the regiment or officer it creates, the requester's
 * link, the regiment's officer count, the audit row) is written in one transaction: a failure
 * anywhere leaves the request pending and creates nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { OfficerRegistration, RegimentRegistration } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { canRegisterAsOfficer } from '#core/permissions.js';
import type { RegistrationAction, RegistrationStatus } from '#core/schemas/registration.js';
import type { Database, Executor } from '#server/platform/db/client.js';
import { isUniqueViolation } from '#server/platform/db/errors.js';
import { officerRegistrations, officers, regimentRegistrations, regiments, users } from '#server/platform/db/schema.js';
import { AppError, notFound } from '#server/platform/errors.js';
import { recordAdminAction } from '#server/domain/audit-log.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';
import { notify } from '#server/domain/notify/notify.js';
import { queueFollowerNews } from '#server/domain/notify/follower-news.js';
import { recordModerationAction, type StatedReasons } from '#server/domain/moderation/statements.js';
import { linkAccountToOfficer } from '#server/domain/figures/link-account.js';
import { recomputeRegimentAggregates } from '#server/domain/figures/aggregates.js';
import { getOfficerRegistrationById, getRegimentRegistrationById, PENDING } from './queries.js';

const STATUS_OF: Record<RegistrationAction, RegistrationStatus> = { approve: 'approved', reject: 'rejected' };

function auditSummary(action: RegistrationAction, kind: 'regiment' | 'officer', name: string, requester: string): string {
  return `${action === 'approve' ? 'Approved' : 'Rejected'} ${kind} registration '${name}' by ${requester}`;
}

async function usernameOf(tx: Executor, userId: number): Promise<string> {
  const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return user?.username ?? `user ${userId}`;
}

/** Deciding happens once: a second approval would create a second regiment or officer. */
function assertPending(request: { status: string } | undefined): asserts request {
  if (!request) throw notFound('Registration');
  if (request.status !== PENDING) throw new AppError('CONFLICT', MSG.registrations.alreadyProcessed);
}

/** The requester learns the decision and the notes, in the bell and by mail (issue 18, item 3). */
async function notifyRequester(
  tx: Executor,
  request: { id: number; userId: number; name: string },
  registrationType: 'regiment' | 'officer',
  action: RegistrationAction,
  notes: string | null,
  createdId: number | null,
): Promise<void> {
  await notify(tx, {
    userId: request.userId,
    kind: 'registration_decided',
    data: {
      registrationType,
      registrationId: request.id,
      name: request.name,
      status: action === 'approve' ? 'approved' : 'rejected',
      notes,
      createdId,
    },
  });
}

function decisionFields(action: RegistrationAction, notes: string | null) {
  return { status: STATUS_OF[action], notes, updatedAt: new Date() };
}

export interface RegimentDecision {
  message: string;
  registration: RegimentRegistration;
  regimentId: number | null;
}

/** What an admin sends with a decision: the notes, and for a rejection its statement (issue 33). */
export interface RegistrationDecisionInput {
  notes: string | null;
  reasons: StatedReasons;
  appealWindowDays: number;
}

/**
 * A rejection is a staff action on the requester (issue 33): a statement of reasons, whose facts
 * are the notes unless the admin stated others; an appeal reversed reopens the request.
 */
async function recordRejection(
  tx: Executor,
  admin: SessionUser,
  request: { id: number; userId: number; name: string },
  registrationType: 'regiment' | 'officer',
  input: RegistrationDecisionInput,
): Promise<void> {
  await recordModerationAction(
    tx,
    admin,
    {
      kind: 'registration_rejection',
      userId: request.userId,
      targetType: registrationType === 'regiment' ? 'regiment_registration' : 'officer_registration',
      targetId: request.id,
      subject: `your registration of the ${registrationType} '${request.name}'`,
      reasons: input.reasons,
      defaultFacts: input.notes ?? undefined,
    },
    input.appealWindowDays,
  );
}

export async function decideRegimentRegistration(
  db: Database,
  admin: SessionUser,
  registrationId: number,
  action: RegistrationAction,
  input: RegistrationDecisionInput,
): Promise<RegimentDecision> {
  const { notes } = input;
  let regimentId: number | null = null;
  try {
    regimentId = await db.transaction(async (tx) => {
      // Two admins deciding at once queue on this row lock; the second then reads the first's status.
      const [request] = await tx.select().from(regimentRegistrations).where(eq(regimentRegistrations.id, registrationId)).for('update');
      assertPending(request);
      await tx.update(regimentRegistrations).set(decisionFields(action, notes)).where(eq(regimentRegistrations.id, request.id));
      let createdId: number | null = null;
      if (action === 'approve') {
        // The requester becomes the owner (spec section 6: Edit Regiment). A name taken since the
        // request was filed fails on the unique index, which also settles two approvals at once.
        const [created] = await tx
          .insert(regiments)
          .values({
            name: request.name,
            description: request.description,
            sideId: request.sideId,
            bannerImageUrl: request.bannerImageUrl,
            iconImageUrl: request.iconImageUrl,
            userId: request.userId,
          })
          .returning({ id: regiments.id });
        createdId = created!.id;
        await tx.update(regimentRegistrations).set({ createdRegimentId: createdId }).where(eq(regimentRegistrations.id, request.id));
      }
      await notifyRequester(tx, request, 'regiment', action, notes, createdId);
      if (action === 'reject') await recordRejection(tx, admin, request, 'regiment', input);
      await recordAdminAction(tx, admin.id, {
        action: `regiment_registration.${action}`,
        targetType: 'regiment_registration',
        targetId: registrationId,
        summary: auditSummary(action, 'regiment', request.name, await usernameOf(tx, request.userId)),
      });
      return createdId;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'regiments_name_lower_idx')) throw new AppError('CONFLICT', MSG.registrations.regimentNameTakenOnApproval);
    throw error;
  }
  return {
    message: action === 'approve' ? MSG.registrations.regimentApproved : MSG.registrations.rejected,
    registration: await getRegimentRegistrationById(db, registrationId),
    regimentId,
  };
}

export interface OfficerDecision {
  message: string;
  registration: OfficerRegistration;
  officerId: number | null;
}

export async function decideOfficerRegistration(
  db: Database,
  admin: SessionUser,
  registrationId: number,
  action: RegistrationAction,
  input: RegistrationDecisionInput,
): Promise<OfficerDecision> {
  const { notes } = input;
  const officerId = await db.transaction(async (tx) => {
    const [request] = await tx.select().from(officerRegistrations).where(eq(officerRegistrations.id, registrationId)).for('update');
    assertPending(request);
    await tx.update(officerRegistrations).set(decisionFields(action, notes)).where(eq(officerRegistrations.id, request.id));
    const createdId = action === 'approve' ? await createOfficerFor(tx, request) : null;
    if (createdId !== null) await tx.update(officerRegistrations).set({ createdOfficerId: createdId }).where(eq(officerRegistrations.id, request.id));
    await notifyRequester(tx, request, 'officer', action, notes, createdId);
    if (action === 'reject') await recordRejection(tx, admin, request, 'officer', input);
    await recordAdminAction(tx, admin.id, {
      action: `officer_registration.${action}`,
      targetType: 'officer_registration',
      targetId: registrationId,
      summary: auditSummary(action, 'officer', request.name, await usernameOf(tx, request.userId)),
    });
    return createdId;
  });
  return {
    message: action === 'approve' ? MSG.registrations.officerApproved : MSG.registrations.rejected,
    registration: await getOfficerRegistrationById(db, registrationId),
    officerId,
  };
}

/**
 * Creates the officer in its regiment, links the requester to it and refreshes the regiment's
 * officer count. The regiment and then the requester are locked before the checks that the writes
 * rely on: the regiment cannot be deleted, nor the requester linked elsewhere, in between.
 */
async function createOfficerFor(tx: Executor, request: typeof officerRegistrations.$inferSelect): Promise<number> {
  const [regiment] = await tx
    .select({ id: regiments.id })
    .from(regiments)
    .where(and(eq(regiments.id, request.regimentId), eq(regiments.isActive, true)))
    .for('no key update');
  if (!regiment) throw new AppError('CONFLICT', MSG.registrations.regimentUnavailable);
  const [requester] = await tx.select({ officerId: users.officerId }).from(users).where(eq(users.id, request.userId)).for('no key update');
  if (requester && !canRegisterAsOfficer(requester)) throw new AppError('CONFLICT', MSG.registrations.requesterAlreadyOfficer);

  const [officer] = await tx
    .insert(officers)
    .values({ name: request.name, rank: request.rank, regimentId: regiment.id, profileImageUrl: request.profileImageUrl })
    .returning({ id: officers.id });
  await linkAccountToOfficer(tx, request.userId, officer!.id);
  await recomputeRegimentAggregates(tx, [regiment.id]);
  // The regiment's followers hear of its new officer (issue 36).
  await queueFollowerNews(tx, { event: 'officer', officerId: officer!.id });
  return officer!.id;
}
