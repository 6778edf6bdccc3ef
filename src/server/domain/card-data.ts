/**
 * What a card and a link preview show of an officer or a regiment (issue 19, item 1), read in one
 * primary-key statement each. The same rows are public as on their pages: an active officer of an
 * active regiment (officers/queries.ts), an active regiment; any other id reads as no row (null).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { SideCode } from '#core/constants.js';
import type { Executor } from '#server/platform/db/client.js';
import { BatchedRead, keysParam } from '#server/platform/db/batched.js';
import { prepared } from '#server/platform/db/prepared.js';
import { officers, regiments, sides } from '#server/platform/db/schema.js';

/** A card's size (the Open Graph size that every network shows whole): drawn by the cards feature, named in each page's link preview. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface SideOfCard {
  name: string;
  code: SideCode;
}

export interface OfficerCardData {
  id: number;
  name: string;
  rank: string;
  regimentName: string;
  side: SideOfCard;
  averageRating: number;
  reviewCount: number;
  leadership: number;
  tactics: number;
  communication: number;
  fairness: number;
}

export interface RegimentCardData {
  id: number;
  name: string;
  description: string | null;
  iconImageUrl: string | null;
  side: SideOfCard;
  averageRating: number;
  reviewCount: number;
  officerCount: number;
}

export async function findOfficerCardData(db: Executor, officerId: number): Promise<OfficerCardData | null> {
  return (await officerCards.load(db, officerId)) ?? null;
}

/** Officer cards asked for at once (every officer page's link preview), read by one statement (db/batched.ts). */
const officerCards = new BatchedRead<number, OfficerCardData>(async (db, ids) => {
  const query = prepared(db, 'officer_cards', (db, name) =>
    db
      .select({
        id: officers.id,
        name: officers.name,
        rank: officers.rank,
        regimentName: regiments.name,
        side: { name: sides.name, code: sides.code },
        averageRating: officers.averageRating,
        reviewCount: officers.reviewCount,
        leadership: officers.leadershipRating,
        tactics: officers.tacticsRating,
        communication: officers.communicationRating,
        fairness: officers.fairnessRating,
      })
      .from(officers)
      .innerJoin(regiments, eq(regiments.id, officers.regimentId))
      .innerJoin(sides, eq(sides.id, regiments.sideId))
      .where(and(eq(officers.isActive, true), eq(regiments.isActive, true), sql`${officers.id} = any(${keysParam('ids')})`))
      .prepare(name),
  );
  const rows = await query.execute({ ids });
  return new Map(rows.map((row) => [row.id, { ...row, side: { name: row.side.name, code: row.side.code as SideCode } }]));
});

export async function findRegimentCardData(db: Executor, regimentId: number): Promise<RegimentCardData | null> {
  const query = prepared(db, 'regiment_card', (db, name) =>
    db
      .select({
        id: regiments.id,
        name: regiments.name,
        description: regiments.description,
        iconImageUrl: regiments.iconImageUrl,
        side: { name: sides.name, code: sides.code },
        averageRating: regiments.averageRating,
        reviewCount: regiments.reviewCount,
        officerCount: regiments.officerCount,
      })
      .from(regiments)
      .innerJoin(sides, eq(sides.id, regiments.sideId))
      .where(and(eq(regiments.isActive, true), eq(regiments.id, sql.placeholder('regimentId'))))
      .prepare(name),
  );
  const [row] = await query.execute({ regimentId });
  return row ? { ...row, side: { name: row.side.name, code: row.side.code as SideCode } } : null;
}
