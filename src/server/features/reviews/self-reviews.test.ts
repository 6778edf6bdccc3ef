/**
 * Nobody reviews the officer profile their account is linked to (issue 13; docs/decisions/0016-self-reviews.md):
 * refused on create and on edit, removed when an account is linked to an officer it reviewed, and
 * removed from data written before the rule by migration 0011. The figures stay exact throughout.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Officer } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { migrationsFolder } from '#server/platform/db/client.js';
import { officers, regiments, reviewFlags, reviews, reviewVotes, users } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser, type OfficerRow } from '#server/test/fixtures.js';
import { linkAccountToOfficer } from '#server/domain/figures/link-account.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';

let ctx: TestContext;
let steamCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function nextSteamId(): string {
  steamCounter += 1;
  return '7656119' + String(900000 + steamCounter).padStart(10, '0');
}

async function newOfficer(name: string): Promise<OfficerRow> {
  const regiment = await createRegiment(ctx.db, { sideId: 1 });
  return createOfficer(ctx.db, { regimentId: regiment.id, name, rank: 'Col.' });
}

/** A signed-in account with Steam, linked to `officer` (the officer owner of spec section 6). */
async function officerOwner(officer: OfficerRow) {
  const signedIn = await signedInClient(ctx, { steamId: nextSteamId() });
  await ctx.db.update(users).set({ isOfficer: true, officerId: officer.id }).where(eq(users.id, signedIn.userId));
  return signedIn;
}

const body = (officerId: number, overrides: Record<string, unknown> = {}) => ({
  text: 'Led us well at the bridge and kept everyone calm.',
  leadership: 5,
  tactics: 3,
  communication: 3,
  fairness: 3,
  officerId,
  overallRating: 3.5,
  ...overrides,
});

async function officerFigures(officerId: number) {
  const officer = (await ctx.app.inject({ method: 'GET', url: `/api/officers/${officerId}` })).json<Officer>();
  return { averageRating: officer.averageRating, reviewCount: officer.reviewCount };
}

/** Read from the tables: writes made outside the HTTP layer do not refresh the API's response cache. */
async function storedFigures(officerId: number) {
  const [row] = await ctx.db
    .select({ averageRating: officers.averageRating, reviewCount: officers.reviewCount })
    .from(officers)
    .where(eq(officers.id, officerId));
  return row;
}

async function reviewIdsOf(officerId: number): Promise<number[]> {
  const rows = await ctx.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.officerId, officerId)).orderBy(asc(reviews.position));
  return rows.map((row) => row.id);
}

describe('POST /api/reviews of your own officer profile', () => {
  it(`answers 403 '${MSG.reviews.ownOfficer}' and leaves the officer unrated`, async () => {
    const officer = await newOfficer('Selfridge');
    const owner = await officerOwner(officer);
    const response = await owner.client.post('/api/reviews', body(officer.id));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot review your own officer profile.' });
    expect(await officerFigures(officer.id)).toEqual({ averageRating: 0, reviewCount: 0 });
    expect(await reviewIdsOf(officer.id)).toEqual([]);
  });

  it('refuses an account linked after its session began (the link is read at write time)', async () => {
    const officer = await newOfficer('Latecomer');
    const signedIn = await signedInClient(ctx, { steamId: nextSteamId() });
    // The session exists first; an admin's approval then links the account to this officer.
    await ctx.db.transaction((tx) => linkAccountToOfficer(tx, signedIn.userId, officer.id));
    const response = await signedIn.client.post('/api/reviews', body(officer.id));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MSG.reviews.ownOfficer);
  });

  it('still lets the officer owner review other officers, and others review him', async () => {
    const own = await newOfficer('Owner');
    const other = await newOfficer('Neighbour');
    const owner = await officerOwner(own);
    expect((await owner.client.post('/api/reviews', body(other.id))).statusCode).toBe(201);
    const someoneElse = await signedInClient(ctx, { steamId: nextSteamId() });
    expect((await someoneElse.client.post('/api/reviews', body(own.id))).statusCode).toBe(201);
    expect(await officerFigures(own.id)).toEqual({ averageRating: 3.5, reviewCount: 1 });
  });
});

describe('a review of your own officer profile written before the rule', () => {
  async function legacySelfReview() {
    const officer = await newOfficer('Legacy');
    const owner = await officerOwner(officer);
    // Written directly: the API no longer lets anyone write one.
    const review = await createReview(ctx.db, { userId: owner.userId, officerId: officer.id, rating: 5 });
    return { officer, owner, review };
  }

  it('cannot be edited: PUT answers 403 and the review and figures stay as they were', async () => {
    const { officer, owner, review } = await legacySelfReview();
    const response = await owner.client.write('PUT', `/api/reviews/${review.id}`, body(officer.id, { leadership: 1 }));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: MSG.reviews.ownOfficer });
    const [row] = await ctx.db.select({ leadership: reviews.leadership }).from(reviews).where(eq(reviews.id, review.id));
    expect(row).toEqual({ leadership: 5 });
    expect(await officerFigures(officer.id)).toEqual({ averageRating: 5, reviewCount: 1 });
  });

  it('can still be deleted by its author', async () => {
    const { officer, owner, review } = await legacySelfReview();
    expect((await owner.client.write('DELETE', `/api/reviews/${review.id}`)).statusCode).toBe(200);
    expect(await officerFigures(officer.id)).toEqual({ averageRating: 0, reviewCount: 0 });
  });
});

describe('linking an account to an officer it reviewed', () => {
  it("removes that account's review of the officer in the same transaction, figures and positions exact", async () => {
    const regiment = await createRegiment(ctx.db, { sideId: 2 });
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Claimed', rank: 'Maj.' });
    const sibling = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Sibling', rank: 'Capt.' });
    const [first, self, last] = [await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db)];
    const day = (n: number) => new Date(Date.UTC(2025, 0, n));
    const before = await createReview(ctx.db, { userId: first.id, officerId: officer.id, rating: 2, createdAt: day(1) });
    const selfReview = await createReview(ctx.db, { userId: self.id, officerId: officer.id, rating: 5, createdAt: day(2) });
    const after = await createReview(ctx.db, { userId: last.id, officerId: officer.id, rating: 3, createdAt: day(3) });
    // Their review of another officer is theirs to keep.
    const elsewhere = await createReview(ctx.db, { userId: self.id, officerId: sibling.id, rating: 4 });
    await ctx.db.insert(reviewVotes).values({ userId: first.id, reviewId: selfReview.id, vote: 1 });
    await ctx.db.insert(reviewFlags).values({ userId: last.id, reviewId: selfReview.id, reason: 'Reviewing himself, surely.' });
    expect(await storedFigures(officer.id)).toEqual({ averageRating: 3.33, reviewCount: 3 });

    const result = await ctx.db.transaction((tx) => linkAccountToOfficer(tx, self.id, officer.id));

    expect(result).toEqual({ removedSelfReview: true });
    expect(await reviewIdsOf(officer.id)).toEqual([before.id, after.id]);
    expect(await storedFigures(officer.id)).toEqual({ averageRating: 2.5, reviewCount: 2 });
    const [regimentRow] = await ctx.db
      .select({ averageRating: regiments.averageRating, reviewCount: regiments.reviewCount })
      .from(regiments)
      .where(eq(regiments.id, regiment.id));
    // 2, 3 and the sibling's 4.
    expect(regimentRow).toEqual({ averageRating: 3, reviewCount: 3 });
    expect(await reviewIdsOf(sibling.id)).toEqual([elsewhere.id]);
    const [linked] = await ctx.db.select({ isOfficer: users.isOfficer, officerId: users.officerId }).from(users).where(eq(users.id, self.id));
    expect(linked).toEqual({ isOfficer: true, officerId: officer.id });
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('links an account that never reviewed the officer and removes nothing', async () => {
    const officer = await newOfficer('Untouched');
    const reviewer = await createUser(ctx.db);
    const kept = await createReview(ctx.db, { userId: reviewer.id, officerId: officer.id, rating: 4 });
    const account = await createUser(ctx.db);
    expect(await ctx.db.transaction((tx) => linkAccountToOfficer(tx, account.id, officer.id))).toEqual({ removedSelfReview: false });
    expect(await reviewIdsOf(officer.id)).toEqual([kept.id]);
  });

  it('leaves no review of their own to an account an admin approves as an officer', async () => {
    const regiment = await createRegiment(ctx.db, { sideId: 1 });
    const requester = await signedInClient(ctx, { steamId: nextSteamId() });
    const submitted = await requester.client.post('/api/officers/register', {
      name: 'New Blood',
      rank: 'Lt.',
      regimentId: regiment.id,
      profileImageUrl: null,
    });
    expect(submitted.statusCode).toBe(201);
    const admin = await signedInClient(ctx, { isAdmin: true });
    const pending = (await admin.client.get('/api/admin/registrations/officers')).json<Array<{ id: number; name: string }>>();
    const registration = pending.find((row) => row.name === 'New Blood')!;
    const decided = await admin.client.post(`/api/admin/registrations/officers/${registration.id}/approve`, { notes: 'Welcome.' });
    expect(decided.statusCode).toBe(200);
    const [{ officerId }] = (await ctx.db.select({ officerId: users.officerId }).from(users).where(eq(users.id, requester.userId))) as [
      { officerId: number },
    ];

    const response = await requester.client.post('/api/reviews', body(officerId));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MSG.reviews.ownOfficer);
  });
});

describe('migration 0011: self-reviews written before the rule', () => {
  /** The migration's statements, run as the migrator runs them: in order, in one transaction. */
  async function runMigration0011() {
    const text = readFileSync(path.join(migrationsFolder(), '0011_remove_self_reviews.sql'), 'utf8');
    await ctx.db.transaction(async (tx) => {
      for (const statement of text.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
    });
  }

  /**
   * The figures migration 0011 keeps exact: those that existed when it ran. The star distributions
   * and the users' review counts came after it (0015 and 0018 fill them in for the reviews 0011
   * left), and the rating sums (0032), so re-running 0011 on today's schema is not theirs to keep.
   */
  async function figuresOf0011Differing() {
    return (await findAggregateDifferences(ctx.db)).filter(
      (difference) => !difference.column.startsWith('distribution_') && !difference.column.endsWith('_sum') && difference.table !== 'users',
    );
  }

  it('removes them, with their votes and flags, and leaves every figure and position exact', async () => {
    const regiment = await createRegiment(ctx.db, { sideId: 1 });
    const officer = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Vain', rank: 'Col.' });
    const other = await createOfficer(ctx.db, { regimentId: regiment.id, name: 'Modest', rank: 'Capt.' });
    const vain = await createUser(ctx.db, { isOfficer: true, officerId: officer.id });
    const modest = await createUser(ctx.db, { isOfficer: true, officerId: other.id });
    const fan = await createUser(ctx.db);
    const day = (n: number) => new Date(Date.UTC(2025, 1, n));
    const selfReview = await createReview(ctx.db, { userId: vain.id, officerId: officer.id, rating: 5, createdAt: day(1) });
    const fanReview = await createReview(ctx.db, { userId: fan.id, officerId: officer.id, rating: 2, createdAt: day(2) });
    // An officer owner's review of another officer is no self-review.
    const crossReview = await createReview(ctx.db, { userId: modest.id, officerId: officer.id, rating: 4, createdAt: day(3) });
    const modestSelf = await createReview(ctx.db, { userId: modest.id, officerId: other.id, rating: 5 });
    await ctx.db.insert(reviewVotes).values({ userId: fan.id, reviewId: selfReview.id, vote: -1 });
    await ctx.db.insert(reviewFlags).values({ userId: fan.id, reviewId: modestSelf.id, reason: 'He wrote this about himself.' });

    await runMigration0011();

    expect(await reviewIdsOf(officer.id)).toEqual([fanReview.id, crossReview.id]);
    expect(await reviewIdsOf(other.id)).toEqual([]);
    expect(await storedFigures(officer.id)).toEqual({ averageRating: 3, reviewCount: 2 });
    expect(await storedFigures(other.id)).toEqual({ averageRating: 0, reviewCount: 0 });
    const gone = await ctx.db.select().from(reviewVotes).where(eq(reviewVotes.reviewId, selfReview.id));
    expect(gone).toEqual([]);
    expect(await ctx.db.select().from(reviewFlags).where(eq(reviewFlags.reviewId, modestSelf.id))).toEqual([]);
    expect(await figuresOf0011Differing()).toEqual([]);
    // Run again: nothing left to remove.
    await runMigration0011();
    expect(await figuresOf0011Differing()).toEqual([]);
  });
});
