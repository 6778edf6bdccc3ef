/** Public reads of regiments (spec section 7, Reference data). Only active regiments are public. */
import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Regiment, RegimentDetail } from '#core/api.js';
import type { Executor } from '#server/db/client.js';
import { prepared } from '#server/db/prepared.js';
import { regiments, sides, users } from '#server/db/schema.js';
import { notFound } from '#server/errors.js';

/** Every field of regimentSchema; the owner's username, never other user columns. */
const regimentColumns = {
  id: regiments.id,
  name: regiments.name,
  description: regiments.description,
  sideId: regiments.sideId,
  averageRating: regiments.averageRating,
  reviewCount: regiments.reviewCount,
  officerCount: regiments.officerCount,
  bannerImageUrl: regiments.bannerImageUrl,
  iconImageUrl: regiments.iconImageUrl,
  isActive: regiments.isActive,
  userId: regiments.userId,
  side: { name: sides.name, code: sides.code },
  sideName: sides.name,
  submitterUsername: users.username,
};

function selectActiveRegiments(db: Executor, where?: SQL) {
  return selectActiveRegimentsWith(db, {}, where);
}

/** The active regiments with every regiment field, and `extra` fields beside them (the detail's distribution). */
function selectActiveRegimentsWith<Extra extends SelectedFields>(db: Executor, extra: Extra, where?: SQL) {
  return db
    .select({ ...regimentColumns, ...extra })
    .from(regiments)
    .innerJoin(sides, eq(sides.id, regiments.sideId))
    .leftJoin(users, eq(users.id, regiments.userId))
    .where(and(eq(regiments.isActive, true), where));
}

export async function listRegiments(db: Executor): Promise<Regiment[]> {
  const query = prepared(db, 'regiments', (db, name) => selectActiveRegiments(db).orderBy(asc(regiments.name), asc(regiments.id)).prepare(name));
  return query.execute();
}

/**
 * Home's 'Featured Regiments' (spec section 2): the best-rated regiment of each side, among the
 * regiments that have a rating, sides in id order (Union first). A tie goes to the regiment with more
 * reviews, then to the name that sorts first, then the lower id, so the choice holds between loads.
 * One row per side from the database, instead of every regiment sent to the browser to pick two.
 */
export async function listFeaturedRegiments(db: Executor): Promise<Regiment[]> {
  const query = prepared(db, 'featured_regiments', (db, name) =>
    db
      .selectDistinctOn([regiments.sideId], regimentColumns)
      .from(regiments)
      .innerJoin(sides, eq(sides.id, regiments.sideId))
      .leftJoin(users, eq(users.id, regiments.userId))
      .where(and(eq(regiments.isActive, true), gt(regiments.averageRating, 0)))
      .orderBy(asc(regiments.sideId), desc(regiments.averageRating), desc(regiments.reviewCount), asc(regiments.name), asc(regiments.id))
      .prepare(name),
  );
  return query.execute();
}

export async function getRegimentById(db: Executor, regimentId: number): Promise<Regiment> {
  const query = prepared(db, 'regiment_by_id', (db, name) =>
    selectActiveRegiments(db, eq(regiments.id, sql.placeholder('regimentId'))).prepare(name),
  );
  const [regiment] = await query.execute({ regimentId });
  if (!regiment) throw notFound('Regiment');
  return regiment;
}

/**
 * GET /api/regiments/{id}: the regiment with the star distribution of its reviews (issue 16), which
 * only this answer carries.
 */
export async function getRegimentDetail(db: Executor, regimentId: number): Promise<RegimentDetail> {
  const query = prepared(db, 'regiment_detail_by_id', (db, name) =>
    selectActiveRegimentsWith(
      db,
      { distribution: { overall: regiments.distributionOverall } },
      eq(regiments.id, sql.placeholder('regimentId')),
    ).prepare(name),
  );
  const [regiment] = await query.execute({ regimentId });
  if (!regiment) throw notFound('Regiment');
  return regiment;
}

/** Whether /regiment/{id} shows a regiment (the condition of getRegimentById); its page is answered 404 otherwise. */
export async function regimentIsActive(db: Executor, regimentId: number): Promise<boolean> {
  const query = prepared(db, 'regiment_is_active', (db, name) =>
    db
      .select({ id: regiments.id })
      .from(regiments)
      .where(and(eq(regiments.isActive, true), eq(regiments.id, sql.placeholder('regimentId'))))
      .prepare(name),
  );
  return (await query.execute({ regimentId })).length > 0;
}

export async function listRegimentsBySide(db: Executor, sideId: number): Promise<Regiment[]> {
  const query = prepared(db, 'regiments_of_side', (db, name) =>
    selectActiveRegiments(db, eq(regiments.sideId, sql.placeholder('sideId')))
      .orderBy(asc(regiments.name), asc(regiments.id))
      .prepare(name),
  );
  const rows = await query.execute({ sideId });
  // An empty list needs one more look to tell "no regiments yet" from "no such side".
  if (rows.length === 0) {
    const [side] = await db.select({ id: sides.id }).from(sides).where(eq(sides.id, sideId));
    if (!side) throw notFound('Side');
  }
  return rows;
}
