/**
 * Reads of registration requests (spec sections 3 and 7, Administration) and of the regiments a user
 * owns (GET /api/users/me/regiments/owned).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { byNameThenId } from '#core/names.js';
import type { OfficerRegistration, OwnedRegiment, RegimentRegistration } from '#core/api.js';
import type { MyRegistration } from '#core/schemas/notifications.js';
import type { Executor } from '#server/platform/db/client.js';
import { officerRegistrations, officers, regimentRegistrations, regiments, sides, users } from '#server/platform/db/schema.js';
import { notFound } from '#server/platform/errors.js';

export const PENDING = 'pending';

const regimentRegistrationColumns = {
  id: regimentRegistrations.id,
  userId: regimentRegistrations.userId,
  name: regimentRegistrations.name,
  description: regimentRegistrations.description,
  sideId: regimentRegistrations.sideId,
  sideName: sides.name,
  status: regimentRegistrations.status,
  createdAt: regimentRegistrations.createdAt,
  updatedAt: regimentRegistrations.updatedAt,
  notes: regimentRegistrations.notes,
  bannerImageUrl: regimentRegistrations.bannerImageUrl,
  iconImageUrl: regimentRegistrations.iconImageUrl,
  submitterUsername: users.username,
};

const officerRegistrationColumns = {
  id: officerRegistrations.id,
  userId: officerRegistrations.userId,
  name: officerRegistrations.name,
  rank: officerRegistrations.rank,
  regimentId: officerRegistrations.regimentId,
  regimentName: regiments.name,
  status: officerRegistrations.status,
  createdAt: officerRegistrations.createdAt,
  updatedAt: officerRegistrations.updatedAt,
  notes: officerRegistrations.notes,
  proofUrl: officerRegistrations.proofUrl,
  profileImageUrl: officerRegistrations.profileImageUrl,
  submitterUsername: users.username,
};

function withIsoDates<T extends { createdAt: Date; updatedAt: Date }>(
  row: T,
): Omit<T, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string } {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/**
 * The admin lists' order: pending requests first, oldest first (first come, first served), then the
 * processed ones, most recently decided first.
 */
function pendingFirst(table: typeof regimentRegistrations | typeof officerRegistrations): SQL[] {
  const isPending = sql`${table.status} = ${PENDING}`;
  return [
    sql`case when ${isPending} then 0 else 1 end`,
    sql`case when ${isPending} then ${table.createdAt} end asc`,
    sql`case when ${isPending} then null else ${table.updatedAt} end desc`,
    sql`case when ${isPending} then ${table.id} else -${table.id} end asc`,
  ];
}

function selectRegimentRegistrations(db: Executor, where?: SQL) {
  return db
    .select(regimentRegistrationColumns)
    .from(regimentRegistrations)
    .innerJoin(sides, eq(sides.id, regimentRegistrations.sideId))
    .innerJoin(users, eq(users.id, regimentRegistrations.userId))
    .where(where);
}

function selectOfficerRegistrations(db: Executor, where?: SQL) {
  return db
    .select(officerRegistrationColumns)
    .from(officerRegistrations)
    .innerJoin(regiments, eq(regiments.id, officerRegistrations.regimentId))
    .innerJoin(users, eq(users.id, officerRegistrations.userId))
    .where(where);
}

export async function listRegimentRegistrations(db: Executor): Promise<RegimentRegistration[]> {
  const rows = await selectRegimentRegistrations(db).orderBy(...pendingFirst(regimentRegistrations));
  return rows.map(withIsoDates);
}

export async function listOfficerRegistrations(db: Executor): Promise<OfficerRegistration[]> {
  const rows = await selectOfficerRegistrations(db).orderBy(...pendingFirst(officerRegistrations));
  return rows.map(withIsoDates);
}

export async function getRegimentRegistrationById(db: Executor, registrationId: number): Promise<RegimentRegistration> {
  const [row] = await selectRegimentRegistrations(db, eq(regimentRegistrations.id, registrationId));
  if (!row) throw notFound('Registration');
  return withIsoDates(row);
}

export async function getOfficerRegistrationById(db: Executor, registrationId: number): Promise<OfficerRegistration> {
  const [row] = await selectOfficerRegistrations(db, eq(officerRegistrations.id, registrationId));
  if (!row) throw notFound('Registration');
  return withIsoDates(row);
}

/** The active regiments a user owns (the header's My Regiment(s) entry), by name. */
export async function listOwnedRegiments(db: Executor, userId: number): Promise<OwnedRegiment[]> {
  const owned = await db
    .select({ id: regiments.id, name: regiments.name })
    .from(regiments)
    .where(and(eq(regiments.userId, userId), eq(regiments.isActive, true)));
  return owned.sort(byNameThenId);
}

/** The fields of the other kind of request, empty on one list of both kinds. */
const NOT_AN_OFFICER_REQUEST = { rank: null, regimentId: null, profileImageUrl: null };
const NOT_A_REGIMENT_REQUEST = { sideId: null, description: null, bannerImageUrl: null, iconImageUrl: null };

/**
 * The user's own regiment and officer requests (GET /api/registrations/mine, issue 18, item 3),
 * newest first, with the admin's notes, what was asked for (to apply again from it) and, for an
 * approval, the regiment or officer it created while that is still shown on the site.
 */
export async function listMyRegistrations(db: Executor, userId: number): Promise<MyRegistration[]> {
  const regimentRows = await db
    .select({
      id: regimentRegistrations.id,
      name: regimentRegistrations.name,
      status: regimentRegistrations.status,
      createdAt: regimentRegistrations.createdAt,
      updatedAt: regimentRegistrations.updatedAt,
      notes: regimentRegistrations.notes,
      linkId: regiments.id,
      sideId: regimentRegistrations.sideId,
      description: regimentRegistrations.description,
      bannerImageUrl: regimentRegistrations.bannerImageUrl,
      iconImageUrl: regimentRegistrations.iconImageUrl,
    })
    .from(regimentRegistrations)
    .leftJoin(regiments, and(eq(regiments.id, regimentRegistrations.createdRegimentId), eq(regiments.isActive, true)))
    .where(eq(regimentRegistrations.userId, userId));
  const officerRows = await db
    .select({
      id: officerRegistrations.id,
      name: officerRegistrations.name,
      status: officerRegistrations.status,
      createdAt: officerRegistrations.createdAt,
      updatedAt: officerRegistrations.updatedAt,
      notes: officerRegistrations.notes,
      linkId: officers.id,
      rank: officerRegistrations.rank,
      regimentId: officerRegistrations.regimentId,
      profileImageUrl: officerRegistrations.profileImageUrl,
    })
    .from(officerRegistrations)
    .leftJoin(officers, and(eq(officers.id, officerRegistrations.createdOfficerId), eq(officers.isActive, true)))
    .where(eq(officerRegistrations.userId, userId));
  return [
    ...regimentRows.map((row) => ({ type: 'regiment' as const, ...NOT_AN_OFFICER_REQUEST, ...withIsoDates(row) })),
    ...officerRows.map((row) => ({ type: 'officer' as const, ...NOT_A_REGIMENT_REQUEST, ...withIsoDates(row) })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}
