/**
 * Issue 35 through the HTTP API, on both engines: the export holds every kind of row of the account,
 * a deletion (grace 0, one retention run) leaves nothing that names it anywhere in the database, its
 * reviews stay as 'Anonymous Soldier' or go, and every figure stays a recount; a cancellation within
 * the grace period restores the account untouched.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthStatus, Review } from '#core/api.js';
import { queryRows } from '#server/platform/db/client.js';
import { officers, regiments, reviewFlags, reviews, reviewVotes, users } from '#server/platform/db/schema.js';
import { MemoryRateLimitStore } from '#server/platform/rate-limit/rate-limit.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';
import { runRetention } from '#server/domain/retention/retention.js';
import { TestClient, createTestContext, signedInClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment } from '#server/test/fixtures.js';

const PASSWORD = 'correct horse battery';
let ctx: TestContext;
let store: MemoryRateLimitStore;
beforeAll(async () => {
  store = new MemoryRateLimitStore();
  ctx = await createTestContext({ accountDeletionGraceDays: 0 }, { rateLimitStore: store });
});
afterAll(() => ctx.close());

let counter = 0;
/**
 * A player with everything the export covers: a linked officer profile, two reviews (one edited,
 * one answered by its officer), votes, a flag, a regiment and an officer registration, and the
 * notifications those brought.
 */
async function playerWithHistory(steamId: string) {
  counter += 1;
  const regiment = await createRegiment(ctx.db, { name: `Deletion Regiment ${counter}` });
  const [first, second, own] = await Promise.all([
    createOfficer(ctx.db, { regimentId: regiment.id, name: `Officer A${counter}` }),
    createOfficer(ctx.db, { regimentId: regiment.id, name: `Officer B${counter}` }),
    createOfficer(ctx.db, { regimentId: regiment.id, name: `Officer C${counter}` }),
  ]);
  const player = await signedInClient(ctx, { username: `Leaver${counter}x${Date.now() % 1000}`, steamId });
  expect(
    (await player.client.post('/api/officers/register', { name: `Leaver Officer ${counter}`, rank: 'Capt.', regimentId: regiment.id })).statusCode,
  ).toBe(201);
  await ctx.db.update(users).set({ isOfficer: true, officerId: own.id }).where(eq(users.id, player.userId));
  await ctx.db.update(regiments).set({ userId: player.userId }).where(eq(regiments.id, regiment.id));
  // The second officer's account is told of the player's review by name (review_of_your_officer).
  const officerAccount = await signedInClient(ctx);
  await ctx.db.update(users).set({ isOfficer: true, officerId: second.id }).where(eq(users.id, officerAccount.userId));
  const review = { text: 'Holds the line and keeps the company together.', leadership: 4, tactics: 4, communication: 5, fairness: 4 };
  const a = (await player.client.post('/api/reviews', { ...review, officerId: first.id, wouldServeAgain: true })).json<Review>();
  expect(
    (await player.client.write('PUT', `/api/reviews/${a.id}`, { ...review, officerId: first.id, text: 'Holds the line, and reads the map well.' }))
      .statusCode,
  ).toBe(200);
  const posted = await player.client.post('/api/reviews', { ...review, leadership: 2, officerId: second.id });
  expect(posted.statusCode, posted.body).toBe(201);
  const b = posted.json<Review>();

  // Others: a voter on the player's reviews, an officer who answers, a review the player votes on and flags.
  const replied = await officerAccount.client.write('PUT', `/api/reviews/${b.id}/reply`, { text: 'Thank you, I will work on it.' });
  expect(replied.statusCode, replied.body).toBe(200);
  const voter = await signedInClient(ctx);
  expect((await voter.client.post(`/api/reviews/${a.id}/vote`, { value: 1 })).statusCode).toBe(200);
  const other = await signedInClient(ctx, { steamId: `7656119810000${String(counter).padStart(4, '0')}` });
  const theirs = (await other.client.post('/api/reviews', { ...review, officerId: second.id })).json<Review>();
  expect((await player.client.post(`/api/reviews/${theirs.id}/vote`, { value: 1 })).statusCode).toBe(200);
  expect((await player.client.post(`/api/reviews/${theirs.id}/flag`, { reason: 'Copied from another review word for word.' })).statusCode).toBe(201);
  expect((await player.client.post('/api/regiments/register', { name: `Leavers Brigade ${counter}`, sideId: 1 })).statusCode).toBe(201);
  return { ...player, regiment, officers: { first, second, own }, reviewIds: [a.id, b.id], theirs, voter };
}

/** Every text, varchar and json column of every table, searched for any of the strings. */
async function rowsNaming(needles: string[]) {
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    ctx.db,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`,
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    for (const needle of needles) {
      const rows = await queryRows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where strpos(lower(${sql.identifier(column)}::text), lower(${needle})) > 0`,
      );
      if (rows[0]!.n > 0) found.push(`${table}.${column} names ${needle}`);
    }
  }
  return found;
}

async function deleteAccount(client: TestClient, reviewsChoice: 'anonymize' | 'delete') {
  const response = await client.post('/api/users/me/deletion', { reviews: reviewsChoice, password: PASSWORD });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<{ deleteAfter: string }>();
}

describe('download my data (issue 35, item 1)', () => {
  it('is one JSON file with every kind of row of the account, and never a secret', async () => {
    const player = await playerWithHistory('76561198000000351');
    const response = await player.client.get('/api/users/me/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="war-of-rights-ratings-\d+-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['cache-control']).toContain('no-store');
    const data = response.json();
    expect(data.account).toMatchObject({ id: player.userId, username: player.username, email: player.email, isOfficer: true, hasPassword: true });
    expect(data.steam).toMatchObject({ steamId: '76561198000000351' });
    expect(data.officerProfile).toMatchObject({ id: player.officers.own.id });
    expect(data.reviews).toHaveLength(2);
    const edited = data.reviews.find((review: { id: number }) => review.id === player.reviewIds[0]);
    // The quick verdict is the account's data too (issue 36, item 4).
    expect(edited.wouldServeAgain).toBe(true);
    expect(edited.earlierVersions).toEqual([expect.objectContaining({ version: 1, text: 'Holds the line and keeps the company together.' })]);
    const answered = data.reviews.find((review: { id: number }) => review.id === player.reviewIds[1]);
    expect(answered.officerReply).toMatchObject({ text: 'Thank you, I will work on it.' });
    expect(data.votes).toEqual([expect.objectContaining({ reviewId: player.theirs.id, vote: 1 })]);
    expect(data.flags).toEqual([expect.objectContaining({ reviewId: player.theirs.id, reason: 'Copied from another review word for word.' })]);
    expect(data.registrations.regiments).toHaveLength(1);
    expect(data.registrations.officers).toHaveLength(1);
    expect(data.regimentsOwned).toEqual([{ id: player.regiment.id, name: player.regiment.name }]);
    expect(data.notifications.map((n: { kind: string }) => n.kind)).toContain('review_reply');
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.mailSettings).toMatchObject({ review_reply: true });
    const text = response.body;
    for (const secret of ['password_hash', 'passwordHash', 'csrf', 'secret', 'codeHash', player.client.cookie.split('=')[1]!])
      expect(text).not.toContain(secret);
  });

  it('is signed in only, and rate-limited', async () => {
    expect((await new TestClient(ctx.app).get('/api/users/me/export')).statusCode).toBe(401);
  });
});

describe('delete my account (issue 35, items 2 and 3)', () => {
  it('anonymize: nothing names the account after one retention run, its reviews stay as Anonymous Soldier, figures match a recount', async () => {
    const player = await playerWithHistory('76561198000000352');
    const officerBefore = (await ctx.db.select().from(officers).where(eq(officers.id, player.officers.first.id)))[0]!;
    const scoreBefore = (await ctx.db.select({ score: reviews.score }).from(reviews).where(eq(reviews.id, player.theirs.id)))[0]!.score;
    // The scan finds the account while it exists (its row, the officer's notification naming the reviewer).
    expect(await rowsNaming([player.email, player.username])).toEqual(
      expect.arrayContaining([`users.email names ${player.email}`, `notifications.data names ${player.username}`]),
    );
    const { deleteAfter } = await deleteAccount(player.client, 'anonymize');
    expect(new Date(deleteAfter).getTime()).toBeLessThanOrEqual(Date.now());
    // Signed out at once, everywhere.
    expect((await player.client.get('/api/auth/status')).json<AuthStatus>().authenticated).toBe(false);

    const run = await runRetention(ctx.db, store);
    expect(run.deletedAccounts.map((account) => account.id)).toEqual([player.userId]);
    expect(await rowsNaming([player.email, player.username, '76561198000000352'])).toEqual([]);
    expect(await ctx.db.select().from(users).where(eq(users.id, player.userId))).toEqual([]);

    const page = (await new TestClient(ctx.app).get(`/api/reviews/officer/${player.officers.first.id}?page=1&limit=10`)).json<{
      reviews: Review[];
    }>();
    const kept = page.reviews.find((review) => review.id === player.reviewIds[0])!;
    expect(kept).toMatchObject({ userId: null, text: 'Holds the line, and reads the map well.', user: { username: null, memberSince: null } });
    expect(kept.revisionCount).toBe(1);
    const officerAfter = (await ctx.db.select().from(officers).where(eq(officers.id, player.officers.first.id)))[0]!;
    expect(officerAfter.averageRating).toBe(officerBefore.averageRating);
    // The player's vote still counts, linked to nobody; the flag stays for the record.
    expect((await ctx.db.select({ score: reviews.score }).from(reviews).where(eq(reviews.id, player.theirs.id)))[0]!.score).toBe(scoreBefore);
    expect(await ctx.db.select({ userId: reviewVotes.userId }).from(reviewVotes).where(eq(reviewVotes.reviewId, player.theirs.id))).toEqual([
      { userId: null },
    ]);
    expect(await ctx.db.select({ userId: reviewFlags.userId }).from(reviewFlags).where(eq(reviewFlags.reviewId, player.theirs.id))).toEqual([
      { userId: null },
    ]);
    // The regiment stays, without an owner; the officer profile stays, linked to nobody.
    expect((await ctx.db.select().from(regiments).where(eq(regiments.id, player.regiment.id)))[0]).toMatchObject({
      userId: null,
      ownerLeftAt: expect.any(Date),
    });
    expect(await ctx.db.select({ id: officers.id }).from(officers).where(eq(officers.id, player.officers.own.id))).toHaveLength(1);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
    // An admin gives the regiment a new owner; the mark goes.
    const admin = await signedInClient(ctx, { isAdmin: true });
    const heir = await signedInClient(ctx);
    const given = await admin.client.write('PUT', `/api/admin/regiments/${player.regiment.id}/owner`, { username: heir.username.toUpperCase() });
    expect(given.statusCode).toBe(200);
    expect(given.json().message).toBe(`${heir.username} now owns ${player.regiment.name}.`);
    expect((await ctx.db.select().from(regiments).where(eq(regiments.id, player.regiment.id)))[0]).toMatchObject({
      userId: heir.userId,
      ownerLeftAt: null,
    });
    const nobody = await admin.client.write('PUT', `/api/admin/regiments/${player.regiment.id}/owner`, { username: 'NoSuchSoldier' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().message).toBe('No account has that username.');
    // The password no longer signs anyone in.
    expect((await new TestClient(ctx.app).post('/api/auth/login', { email: player.email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('delete: the reviews and their votes are gone, and every figure equals a recount', async () => {
    const player = await playerWithHistory('76561198000000353');
    await deleteAccount(player.client, 'delete');
    await runRetention(ctx.db, store);
    expect(
      await ctx.db
        .select()
        .from(reviews)
        .where(sql`${reviews.id} in (${sql.join(player.reviewIds, sql`, `)})`),
    ).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(reviewVotes)
        .where(sql`${reviewVotes.reviewId} in (${sql.join(player.reviewIds, sql`, `)})`),
    ).toEqual([]);
    const officerAfter = (await ctx.db.select().from(officers).where(eq(officers.id, player.officers.first.id)))[0]!;
    expect(officerAfter.reviewCount).toBe(0);
    expect(await rowsNaming([player.email, player.username, '76561198000000353'])).toEqual([]);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('asks for the password, and refuses a wrong one without scheduling anything', async () => {
    const player = await signedInClient(ctx);
    expect((await player.client.post('/api/users/me/deletion', { reviews: 'anonymize' })).statusCode).toBe(400);
    const wrong = await player.client.post('/api/users/me/deletion', { reviews: 'anonymize', password: 'not my password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('That password is not right.');
    expect((await ctx.db.select({ deleteAfter: users.deleteAfter }).from(users).where(eq(users.id, player.userId)))[0]!.deleteAfter).toBeNull();
    expect((await player.client.get('/api/auth/status')).json<AuthStatus>().authenticated).toBe(true);
  });
});

describe('the grace period (issue 35, item 2)', () => {
  let graceCtx: TestContext;
  beforeAll(async () => {
    graceCtx = await createTestContext({ accountDeletionGraceDays: 30 });
  });
  afterAll(() => graceCtx.close());

  it('the account can only cancel; cancelling restores it untouched', async () => {
    const player = await signedInClient(graceCtx, { steamId: '76561198000000354' });
    const regiment = await createRegiment(graceCtx.db);
    const officer = await createOfficer(graceCtx.db, { regimentId: regiment.id });
    const review = { text: 'Calm under fire, clear with orders.', leadership: 5, tactics: 4, communication: 4, fairness: 5, officerId: officer.id };
    expect((await player.client.post('/api/reviews', review)).statusCode).toBe(201);
    const before = (await graceCtx.db.select().from(users).where(eq(users.id, player.userId)))[0]!;

    const scheduled = await player.client.post('/api/users/me/deletion', { reviews: 'anonymize', password: PASSWORD });
    expect(scheduled.statusCode).toBe(202);
    const deleteAfter = scheduled.json<{ deleteAfter: string }>().deleteAfter;
    expect(new Date(deleteAfter).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);
    // Nothing is deleted by a retention run before the date.
    expect((await runRetention(graceCtx.db, new MemoryRateLimitStore())).deletedAccounts).toEqual([]);

    // Signed in again: the status says when, and nothing but the cancellation is open.
    const again = new TestClient(graceCtx.app);
    expect((await again.post('/api/auth/login', { email: player.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await again.get('/api/auth/status')).json<AuthStatus>().user?.deleteAfter).toBe(deleteAfter);
    expect((await again.get('/api/users/me/settings')).statusCode).toBe(401);
    expect((await again.post('/api/reviews', { ...review, text: 'Another review while leaving.' })).statusCode).toBe(401);

    const cancelled = await again.write('DELETE', '/api/users/me/deletion');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toBe('The deletion is cancelled: your account is as it was.');
    expect((await graceCtx.db.select().from(users).where(eq(users.id, player.userId)))[0]).toEqual(before);
    expect((await again.get('/api/users/me/settings')).statusCode).toBe(200);
    expect((await again.write('DELETE', '/api/users/me/deletion')).statusCode).toBe(400);
  });
});
