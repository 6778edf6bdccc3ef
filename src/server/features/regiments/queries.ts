/** Public reads of regiments (spec section 7, Reference data). Only active regiments are public. */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Regiment } from '../../../core/api.js';
import type { Executor } from '../../db/client.js';
import { regiments, sides, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';

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
  return db
    .select(regimentColumns)
    .from(regiments)
    .innerJoin(sides, eq(sides.id, regiments.sideId))
    .leftJoin(users, eq(users.id, regiments.userId))
    .where(and(eq(regiments.isActive, true), where));
}

export async function listRegiments(db: Executor): Promise<Regiment[]> {
  return selectActiveRegiments(db).orderBy(asc(regiments.name), asc(regiments.id));
}

export async function getRegimentById(db: Executor, regimentId: number): Promise<Regiment> {
  const [regiment] = await selectActiveRegiments(db, eq(regiments.id, regimentId));
  if (!regiment) throw notFound('Regiment');
  return regiment;
}

export async function listRegimentsBySide(db: Executor, sideId: number): Promise<Regiment[]> {
  const rows = await selectActiveRegiments(db, eq(regiments.sideId, sideId)).orderBy(asc(regiments.name), asc(regiments.id));
  // An empty list needs one more look to tell "no regiments yet" from "no such side".
  if (rows.length === 0) {
    const [side] = await db.select({ id: sides.id }).from(sides).where(eq(sides.id, sideId));
    if (!side) throw notFound('Side');
  }
  return rows;
}
