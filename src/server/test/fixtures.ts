/**
 * Row builders for tests: insert directly (fast, no HTTP), with unique defaults that any override
 * replaces, and keep the aggregate columns right the way the real writes do.
 */
import { eq } from 'drizzle-orm';
import type { CategoryRatings } from '#core/rating.js';
import { computeOverallRating } from '#core/rating.js';
import type { Executor } from '#server/platform/db/client.js';
import { officers, regiments, reviewVotes, reviews, users } from '#server/platform/db/schema.js';
import {
  recomputeOfficerAggregates,
  recomputeRegimentAggregates,
  recomputeReviewPositions,
  recomputeReviewVotes,
  recomputeUserReviewCounts,
} from '#server/domain/figures/aggregates.js';

/** Private values no public answer may ever contain (tests search response bodies for them). */
export const PRIVATE_EMAIL_DOMAIN = 'private-mail.test';
export const PRIVATE_PASSWORD_HASH = '$argon2id$v=19$fixture-secret-hash';

let counter = 0;
function nextId(): number {
  counter += 1;
  return counter;
}

export type UserRow = typeof users.$inferSelect;
export type RegimentRow = typeof regiments.$inferSelect;
export type OfficerRow = typeof officers.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

export async function createUser(db: Executor, overrides: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  const n = nextId();
  const username = overrides.username ?? `Soldier${n}`;
  const [user] = await db
    .insert(users)
    .values({
      username,
      email: `${username.toLowerCase()}.${n}@${PRIVATE_EMAIL_DOMAIN}`,
      passwordHash: PRIVATE_PASSWORD_HASH,
      emailVerified: true,
      ...overrides,
    })
    .returning();
  return user!;
}

export async function createRegiment(db: Executor, overrides: Partial<typeof regiments.$inferInsert> = {}): Promise<RegimentRow> {
  const n = nextId();
  const [regiment] = await db
    .insert(regiments)
    .values({ name: `Regiment${n}`, sideId: 1, ...overrides })
    .returning();
  return regiment!;
}

/**
 * Creates the officer and refreshes its regiment's officer count. The regiment's row is locked first,
 * as the real writes lock it (refreshFiguresOf): tests create officers of one regiment at once, and a
 * recount that waited for another's lock would apply the older snapshot it started with.
 */
export async function createOfficer(db: Executor, overrides: Partial<typeof officers.$inferInsert> & { regimentId: number }): Promise<OfficerRow> {
  const n = nextId();
  return db.transaction(async (tx) => {
    await tx.select({ id: regiments.id }).from(regiments).where(eq(regiments.id, overrides.regimentId)).for('no key update');
    const [officer] = await tx
      .insert(officers)
      .values({ name: `Officer${n}`, rank: 'Capt.', ...overrides })
      .returning();
    await recomputeRegimentAggregates(tx, [officer!.regimentId]);
    return officer!;
  });
}

export interface ReviewFixture extends Partial<Omit<typeof reviews.$inferInsert, 'userId' | 'officerId'>> {
  userId: number;
  officerId: number;
  /** Sets all four categories at once (overridden by any category given on its own). */
  rating?: number;
}

/**
 * Creates the review with its overall rating, then renumbers the officer's review positions (a
 * fixture may back-date createdAt) and refreshes the officer, regiment and author aggregates.
 */
export async function createReview(db: Executor, { rating = 3, ...fields }: ReviewFixture): Promise<ReviewRow> {
  const categories: CategoryRatings = {
    leadership: fields.leadership ?? rating,
    tactics: fields.tactics ?? rating,
    communication: fields.communication ?? rating,
    fairness: fields.fairness ?? rating,
  };
  return db.transaction(async (tx) => {
    // Officer, regiment, then author locked first, in the real writes' order, for the reason createOfficer gives.
    const [officer] = await tx
      .select({ regimentId: officers.regimentId })
      .from(officers)
      .where(eq(officers.id, fields.officerId))
      .for('no key update');
    await tx.select({ id: regiments.id }).from(regiments).where(eq(regiments.id, officer!.regimentId)).for('no key update');
    await tx.select({ id: users.id }).from(users).where(eq(users.id, fields.userId)).for('no key update');
    const [review] = await tx
      .insert(reviews)
      .values({
        text: `A fair and steady officer, review ${nextId()}.`,
        overallRating: computeOverallRating(categories),
        ...fields,
        ...categories,
      })
      .returning();
    await recomputeReviewPositions(tx, [review!.officerId]);
    await recomputeOfficerAggregates(tx, [review!.officerId]);
    await recomputeRegimentAggregates(tx, [officer!.regimentId]);
    await recomputeUserReviewCounts(tx, [review!.userId!]);
    const [numbered] = await tx.select().from(reviews).where(eq(reviews.id, review!.id));
    return numbered!;
  });
}

/**
 * `ups` up votes and `downs` down votes on a review, each by a new user, then the review's score and
 * up and down votes counted from them, as the vote endpoint would leave them.
 */
export async function createVotes(db: Executor, reviewId: number, ups: number, downs = 0): Promise<void> {
  for (const vote of [...Array<number>(ups).fill(1), ...Array<number>(downs).fill(-1)]) {
    const voter = await createUser(db);
    await db.insert(reviewVotes).values({ userId: voter.id, reviewId, vote });
  }
  await recomputeReviewVotes(db, [reviewId]);
}

/** The private markers found in a response body (an empty list means nothing leaked). */
export function privateDataIn(body: string): string[] {
  const markers = ['"email"', '"passwordHash"', '"password_hash"', '"firebaseUid"', PRIVATE_EMAIL_DOMAIN, PRIVATE_PASSWORD_HASH];
  return markers.filter((marker) => body.includes(marker));
}
