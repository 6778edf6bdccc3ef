/**
 * Editing regiments (owner or admin) and deleting them (admin only) through the real API
 * (spec sections 2, 6 and 7; docs/decisions/0006-deleting-officers-and-regiments.md).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Officer, Regiment } from '#core/api.js';
import { MSG } from '#core/messages.js';
import {
  adminAuditLog,
  officerRegistrations,
  officers,
  regimentRegistrations,
  regiments,
  reviewFlags,
  reviews,
  reviewVotes,
  users,
} from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, TestClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser } from '#server/test/fixtures.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInClient>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInClient(ctx, { isAdmin: true });
});
afterAll(() => ctx.close());

async function visitor(): Promise<TestClient> {
  const client = new TestClient(ctx.app);
  await client.fetchCsrfToken();
  return client;
}

/** A regiment owned by a fresh signed-in user (its approved submitter). */
async function ownedRegiment(name: string) {
  const owner = await signedInClient(ctx);
  const regiment = await createRegiment(ctx.db, { name, sideId: 1, userId: owner.userId, description: 'Old text' });
  return { owner, regiment };
}

function editBody(overrides: Record<string, unknown> = {}) {
  return { name: 'Renamed', description: 'Held the left flank.', bannerImageUrl: null, iconImageUrl: null, ...overrides };
}

async function auditRows(action: string, targetId: number) {
  return ctx.db
    .select({ adminId: adminAuditLog.adminId, targetType: adminAuditLog.targetType, summary: adminAuditLog.summary })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, targetId)));
}

describe('PATCH /api/regiments/:id/edit', () => {
  it('lets the owner edit and answers the updated regiment (no audit row)', async () => {
    const { owner, regiment } = await ownedRegiment('5th Wisconsin');
    const response = await owner.client.write(
      'PATCH',
      `/api/regiments/${regiment.id}/edit`,
      editBody({
        name: ' 5th Wisconsin Volunteers ',
        bannerImageUrl: '/api/images/banner01.webp',
        iconImageUrl: '/api/images/icon01.webp',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<Regiment>()).toMatchObject({
      id: regiment.id,
      name: '5th Wisconsin Volunteers',
      description: 'Held the left flank.',
      bannerImageUrl: '/api/images/banner01.webp',
      iconImageUrl: '/api/images/icon01.webp',
      sideId: 1,
      userId: owner.userId,
      submitterUsername: owner.username,
    });
    expect(await auditRows('regiment.update', regiment.id)).toEqual([]);

    const cleared = await owner.client.write('PATCH', `/api/regiments/${regiment.id}/edit`, editBody({ name: '5th Wisconsin', description: '' }));
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<Regiment>()).toMatchObject({ name: '5th Wisconsin', description: null, bannerImageUrl: null, iconImageUrl: null });
  });

  it('lets an admin edit any regiment, with an audit row', async () => {
    const { regiment } = await ownedRegiment('2nd Wisconsin');
    const response = await admin.client.write('PATCH', `/api/regiments/${regiment.id}/edit`, editBody({ name: '2nd Wisconsin Infantry' }));
    expect(response.statusCode).toBe(200);
    expect(response.json<Regiment>().name).toBe('2nd Wisconsin Infantry');
    expect(await auditRows('regiment.update', regiment.id)).toEqual([
      { adminId: admin.userId, targetType: 'regiment', summary: expect.stringContaining('2nd Wisconsin Infantry') },
    ]);
  });

  it('refuses visitors (401) and other users (403)', async () => {
    const { regiment } = await ownedRegiment('6th Wisconsin');
    const url = `/api/regiments/${regiment.id}/edit`;
    expect((await (await visitor()).write('PATCH', url, editBody())).statusCode).toBe(401);
    const stranger = await signedInClient(ctx);
    const refused = await stranger.client.write('PATCH', url, editBody());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: MSG.manage.notRegimentOwner });
    // A regiment without an owner is editable by admins only.
    const orphan = await createRegiment(ctx.db, { name: 'Orphaned', sideId: 2 });
    expect((await stranger.client.write('PATCH', `/api/regiments/${orphan.id}/edit`, editBody())).statusCode).toBe(403);
    const [row] = await ctx.db.select({ name: regiments.name }).from(regiments).where(eq(regiments.id, regiment.id));
    expect(row!.name).toBe('6th Wisconsin');
  });

  it('answers 409 for a name another regiment has, in any letter case', async () => {
    await createRegiment(ctx.db, { name: '19th Indiana', sideId: 1 });
    const { owner, regiment } = await ownedRegiment('24th Michigan');
    const conflict = await owner.client.write('PATCH', `/api/regiments/${regiment.id}/edit`, editBody({ name: '19TH indiana' }));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 'CONFLICT', message: MSG.manage.regimentNameTaken });
    // Its own name in another case is not a conflict.
    const recased = await owner.client.write('PATCH', `/api/regiments/${regiment.id}/edit`, editBody({ name: '24TH MICHIGAN' }));
    expect(recased.statusCode).toBe(200);
  });

  it('answers 400 with the registration messages for invalid fields, 404 for unknown regiments', async () => {
    const { owner, regiment } = await ownedRegiment('7th Wisconsin');
    const M = MSG.registrationForm;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, M.regimentNameEmpty],
      [{ name: undefined }, M.regimentNameEmpty],
      [{ name: 'x'.repeat(101) }, M.regimentNameMax],
      [{ description: 'x'.repeat(251) }, M.descriptionMax],
      [{ bannerImageUrl: 'ftp://img.example/b.webp' }, M.imageUrlInvalid],
      [{ iconImageUrl: 'data:image/png;base64,AAAA' }, M.imageUrlInvalid],
      [{ bannerImageUrl: 'https://img.example/b.webp' }, M.imageUrlInvalid],
      [{ iconImageUrl: 'https://img.example/icon.webp' }, M.imageUrlInvalid],
    ];
    for (const [overrides, message] of cases) {
      const response = await owner.client.write('PATCH', `/api/regiments/${regiment.id}/edit`, editBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message, JSON.stringify(overrides)).toBe(message);
    }
    expect((await owner.client.write('PATCH', `/api/regiments/${regiment.id}/edit`, editBody({ description: 'x'.repeat(250) }))).statusCode).toBe(
      200,
    );
    const foreignImage = await admin.client.write(
      'PATCH',
      `/api/regiments/${regiment.id}/edit`,
      editBody({ bannerImageUrl: 'https://img.example/b.webp' }),
    );
    expect(foreignImage.statusCode).toBe(400);
    expect(foreignImage.json().message).toBe(M.imageUrlInvalid);
    expect((await admin.client.write('PATCH', '/api/regiments/999999/edit', editBody({ name: 'Nobody' }))).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/regiments/:id', () => {
  it('removes the regiment, its officers, their reviews, votes and flags, and its officer registrations', async () => {
    const { owner, regiment } = await ownedRegiment('Louisiana Tigers');
    const neighbour = await createRegiment(ctx.db, { name: 'Washington Artillery', sideId: 2 });
    const first = await createOfficer(ctx.db, { regimentId: regiment.id });
    const second = await createOfficer(ctx.db, { regimentId: regiment.id });
    const kept = await createOfficer(ctx.db, { regimentId: neighbour.id });
    const authors = [await createUser(ctx.db), await createUser(ctx.db)];
    const doomed = [
      await createReview(ctx.db, { userId: authors[0]!.id, officerId: first.id, rating: 4 }),
      await createReview(ctx.db, { userId: authors[1]!.id, officerId: first.id, rating: 2 }),
      await createReview(ctx.db, { userId: authors[0]!.id, officerId: second.id, rating: 5 }),
    ];
    const keptReview = await createReview(ctx.db, { userId: authors[1]!.id, officerId: kept.id, rating: 3 });

    const linked = await signedInClient(ctx);
    await ctx.db.update(users).set({ isOfficer: true, officerId: second.id }).where(eq(users.id, linked.userId));
    const voter = await signedInClient(ctx);
    await voter.client.post(`/api/reviews/${doomed[0]!.id}/vote`, { value: 1 });
    await voter.client.post(`/api/reviews/${doomed[2]!.id}/flag`, { reason: 'This review is off topic.' });
    await ctx.db.insert(officerRegistrations).values([
      { userId: voter.userId, name: 'Hopeful', rank: 'Lt.', regimentId: regiment.id },
      { userId: voter.userId, name: 'Elsewhere', rank: 'Lt.', regimentId: neighbour.id },
    ]);
    const [history] = await ctx.db
      .insert(regimentRegistrations)
      .values({ userId: owner.userId, name: 'Louisiana Tigers', sideId: 2, status: 'approved' })
      .returning({ id: regimentRegistrations.id });

    const response = await admin.client.write('DELETE', `/api/admin/regiments/${regiment.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: MSG.manage.regimentDeleted,
      deletedOfficerCount: 2,
      deletedReviewCount: 3,
      deletedOfficerRegistrationCount: 1,
    });

    expect((await ctx.app.inject({ method: 'GET', url: `/api/regiments/${regiment.id}` })).statusCode).toBe(404);
    expect(
      await ctx.db
        .select()
        .from(officers)
        .where(inArray(officers.id, [first.id, second.id])),
    ).toEqual([]);
    const doomedIds = doomed.map((r) => r.id);
    expect(await ctx.db.select().from(reviews).where(inArray(reviews.id, doomedIds))).toEqual([]);
    expect(await ctx.db.select().from(reviewVotes).where(inArray(reviewVotes.reviewId, doomedIds))).toEqual([]);
    expect(await ctx.db.select().from(reviewFlags).where(inArray(reviewFlags.reviewId, doomedIds))).toEqual([]);
    expect(await ctx.db.select({ name: officerRegistrations.name }).from(officerRegistrations)).toEqual([{ name: 'Elsewhere' }]);
    expect(await ctx.db.select({ id: regimentRegistrations.id }).from(regimentRegistrations)).toEqual([{ id: history!.id }]);

    const [account] = await ctx.db.select({ isOfficer: users.isOfficer, officerId: users.officerId }).from(users).where(eq(users.id, linked.userId));
    expect(account).toEqual({ isOfficer: false, officerId: null });
    expect(await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, owner.userId))).toEqual([{ id: owner.userId }]);

    const neighbourOfficers = (await ctx.app.inject({ method: 'GET', url: `/api/officers/regiment/${neighbour.id}` })).json<Officer[]>();
    expect(neighbourOfficers.map((o) => o.id)).toEqual([kept.id]);
    expect(await ctx.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, keptReview.id))).toEqual([{ id: keptReview.id }]);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
    expect(await auditRows('regiment.delete', regiment.id)).toEqual([
      { adminId: admin.userId, targetType: 'regiment', summary: expect.stringContaining('Louisiana Tigers') },
    ]);
  });

  it('is for admins only: the owner gets 403; unknown regiments 404', async () => {
    const { owner, regiment } = await ownedRegiment('Bucktails');
    expect((await owner.client.write('DELETE', `/api/admin/regiments/${regiment.id}`)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/regiments/${regiment.id}` })).statusCode).toBe(200);
    expect((await admin.client.write('DELETE', '/api/admin/regiments/999999')).statusCode).toBe(404);
  });

  it('deletes a regiment without officers', async () => {
    const empty = await createRegiment(ctx.db, { name: 'Empty Ranks', sideId: 1 });
    const response = await admin.client.write('DELETE', `/api/admin/regiments/${empty.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ deletedOfficerCount: 0, deletedReviewCount: 0, deletedOfficerRegistrationCount: 0 });
  });
});
