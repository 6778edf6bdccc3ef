/**
 * Public reads of officers (spec section 7, Reference data). An officer is public while both it and
 * its regiment are active: a hidden regiment takes its officers out of every list with it, so no
 * answer links to a regiment page that would say 'Regiment Not Found'.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Officer, OfficerDetail } from '#core/api.js';
import type { Executor } from '#server/db/client.js';
import { prepared } from '#server/db/prepared.js';
import { officers, regiments, sides, users } from '#server/db/schema.js';
import { notFound } from '#server/errors.js';

/** Officers without a review come after rated ones with the same average (issue 13: 0.0 is no rating). */
const isUnrated = sql`(${officers.reviewCount} = 0)`;

const isPublicOfficer = and(eq(officers.isActive, true), eq(regiments.isActive, true));

/**
 * An officer's own columns and its linked account, as every officer answer shows them (the search
 * catalogue reads the same: src/server/features/search/catalogue-source.ts).
 */
export function officerWithLinkedAccount(db: Executor) {
  // users.officer_id is not unique, so take one linked account (the oldest) instead of joining
  // them all, which would repeat the officer once per account.
  const linkedUser = db
    .select({ username: users.username, steamId: users.steamId })
    .from(users)
    .where(eq(users.officerId, officers.id))
    .orderBy(asc(users.id))
    .limit(1)
    .as('linked_user');
  const columns = {
    id: officers.id,
    name: officers.name,
    rank: officers.rank,
    regimentId: officers.regimentId,
    averageRating: officers.averageRating,
    leadershipRating: officers.leadershipRating,
    tacticsRating: officers.tacticsRating,
    communicationRating: officers.communicationRating,
    fairnessRating: officers.fairnessRating,
    reviewCount: officers.reviewCount,
    profileImageUrl: officers.profileImageUrl,
    isActive: officers.isActive,
    linkedUsername: linkedUser.username,
    linkedSteamId: linkedUser.steamId,
  };
  return { linkedUser, columns };
}

function selectPublicOfficers(db: Executor, where?: SQL) {
  return selectPublicOfficersWith(db, {}, where);
}

/** The public officers with every officer field, and `extra` fields beside them (the detail's distribution). */
function selectPublicOfficersWith<Extra extends SelectedFields>(db: Executor, extra: Extra, where?: SQL) {
  const { linkedUser, columns } = officerWithLinkedAccount(db);
  return db
    .select({
      ...columns,
      ...extra,
      side: { id: sides.id, name: sides.name, code: sides.code },
      regiment: {
        id: regiments.id,
        name: regiments.name,
        description: regiments.description,
        bannerImageUrl: regiments.bannerImageUrl,
      },
      regimentName: regiments.name,
    })
    .from(officers)
    .innerJoin(regiments, eq(regiments.id, officers.regimentId))
    .innerJoin(sides, eq(sides.id, regiments.sideId))
    .leftJoinLateral(linkedUser, sql`true`)
    .where(and(isPublicOfficer, where));
}

export async function listOfficers(db: Executor): Promise<Officer[]> {
  return selectPublicOfficers(db).orderBy(asc(officers.name), asc(officers.id));
}

export async function getOfficerById(db: Executor, officerId: number): Promise<Officer> {
  const query = prepared(db, 'officer_by_id', (db, name) => selectPublicOfficers(db, eq(officers.id, sql.placeholder('officerId'))).prepare(name));
  const [officer] = await query.execute({ officerId });
  if (!officer) throw notFound('Officer');
  return officer;
}

/**
 * GET /api/officers/{id}: the officer with the star distributions of its reviews (issue 16). Only
 * this answer carries them, so the lists, search and edit answers stay the size they were.
 */
export async function getOfficerDetail(db: Executor, officerId: number): Promise<OfficerDetail> {
  const distribution = {
    overall: officers.distributionOverall,
    leadership: officers.distributionLeadership,
    tactics: officers.distributionTactics,
    communication: officers.distributionCommunication,
    fairness: officers.distributionFairness,
  };
  const query = prepared(db, 'officer_detail_by_id', (db, name) =>
    selectPublicOfficersWith(db, { distribution }, eq(officers.id, sql.placeholder('officerId'))).prepare(name),
  );
  const [officer] = await query.execute({ officerId });
  if (!officer) throw notFound('Officer');
  return officer;
}

/**
 * Whether /officer/{id} shows an officer: the same condition as getOfficerById, without reading the
 * officer. The page's HTML is answered 404 otherwise (src/server/read-cache/page-shell.ts).
 */
export async function officerIsPublic(db: Executor, officerId: number): Promise<boolean> {
  const query = prepared(db, 'officer_is_public', (db, name) =>
    db
      .select({ id: officers.id })
      .from(officers)
      .innerJoin(regiments, eq(regiments.id, officers.regimentId))
      .where(and(isPublicOfficer, eq(officers.id, sql.placeholder('officerId'))))
      .prepare(name),
  );
  return (await query.execute({ officerId })).length > 0;
}

export async function listRegimentOfficers(db: Executor, regimentId: number): Promise<Officer[]> {
  const query = prepared(db, 'officers_of_regiment', (db, name) =>
    selectPublicOfficers(db, eq(officers.regimentId, sql.placeholder('regimentId')))
      .orderBy(desc(officers.averageRating), asc(isUnrated), asc(officers.name), asc(officers.id))
      .prepare(name),
  );
  const rows = await query.execute({ regimentId });
  // An empty list needs one more look to tell "no officers yet" from "no such regiment".
  if (rows.length === 0) {
    const [regiment] = await db
      .select({ id: regiments.id })
      .from(regiments)
      .where(and(eq(regiments.id, regimentId), eq(regiments.isActive, true)));
    if (!regiment) throw notFound('Regiment');
  }
  return rows;
}
