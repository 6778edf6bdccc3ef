/**
 * Editing and deleting officers through the real API (spec sections 4, 5, 6 and 7, Registrations and
 * editing): the owner's endpoints, the admin endpoints, validation, and the figures they change.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthStatus, Officer, Regiment } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { adminAuditLog, officers, reviewFlags, reviews, reviewVotes, users } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, TestClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createReview, createUser, type OfficerRow, type RegimentRow } from '#server/test/fixtures.js';
import { findAggregateDifferences } from '#server/domain/figures/reconcile.js';

let ctx: TestContext;
let maine: RegimentRow;
let texas: RegimentRow;
let disbanded: RegimentRow;
let admin: Awaited<ReturnType<typeof signedInClient>>;
let steamCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  maine = await createRegiment(ctx.db, { name: '20th Maine', sideId: 1 });
  texas = await createRegiment(ctx.db, { name: '1st Texas', sideId: 2 });
  disbanded = await createRegiment(ctx.db, { name: 'Disbanded', sideId: 1, isActive: false });
  admin = await signedInClient(ctx, { isAdmin: true });
});
afterAll(() => ctx.close());

function nextSteamId(): string {
  steamCounter += 1;
  return '7656119' + String(steamCounter).padStart(10, '0');
}

/** A signed-in user linked to the officer, as an approved officer registration leaves them. */
async function ownerOf(officer: OfficerRow) {
  const owner = await signedInClient(ctx, { steamId: nextSteamId() });
  await ctx.db.update(users).set({ isOfficer: true, officerId: officer.id }).where(eq(users.id, owner.userId));
  return owner;
}

async function visitor(): Promise<TestClient> {
  const client = new TestClient(ctx.app);
  await client.fetchCsrfToken();
  return client;
}

function editBody(overrides: Record<string, unknown> = {}) {
  return { name: 'Joshua Chamberlain', rank: 'Col.', regimentId: maine.id, profileImageUrl: null, ...overrides };
}

async function regimentFigures(regimentId: number) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/regiments/${regimentId}` });
  expect(response.statusCode).toBe(200);
  const { officerCount, reviewCount, averageRating } = response.json<Regiment>();
  return { officerCount, reviewCount, averageRating };
}

async function auditRows(action: string, targetId: number) {
  return ctx.db
    .select({ adminId: adminAuditLog.adminId, targetType: adminAuditLog.targetType, summary: adminAuditLog.summary })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, targetId)));
}

async function reviewedOfficer(regiment: RegimentRow, ratings: number[]) {
  const officer = await createOfficer(ctx.db, { regimentId: regiment.id });
  const written = [];
  for (const rating of ratings) {
    const author = await createUser(ctx.db);
    written.push(await createReview(ctx.db, { userId: author.id, officerId: officer.id, rating }));
  }
  return { officer, reviews: written };
}

describe('PATCH /api/officers/:id/edit (owner)', () => {
  it('lets the owner change name, rank and image, and answers the updated officer', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: maine.id, name: 'Chamberlin', rank: 'Lt.' });
    const owner = await ownerOf(officer);
    const response = await owner.client.write(
      'PATCH',
      `/api/officers/${officer.id}/edit`,
      editBody({ name: '  Joshua Chamberlain ', rank: 'Col.', profileImageUrl: '/api/images/abc_DEF-123.webp' }),
    );
    expect(response.statusCode).toBe(200);
    const updated = response.json<Officer>();
    expect(updated).toMatchObject({
      id: officer.id,
      name: 'Joshua Chamberlain',
      rank: 'Col.',
      regimentId: maine.id,
      profileImageUrl: '/api/images/abc_DEF-123.webp',
      regimentName: '20th Maine',
      linkedUsername: owner.username,
    });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/officers/${officer.id}` })).json<Officer>().name).toBe('Joshua Chamberlain');
    // An owner's own edit is not an administrative action.
    expect(await auditRows('officer.update', officer.id)).toEqual([]);

    const cleared = await owner.client.write('PATCH', `/api/officers/${officer.id}/edit`, editBody({ profileImageUrl: '/api/images/other02.webp' }));
    expect(cleared.json<Officer>().profileImageUrl).toBe('/api/images/other02.webp');
    const removed = await owner.client.write('PATCH', `/api/officers/${officer.id}/edit`, editBody({ profileImageUrl: '' }));
    expect(removed.json<Officer>().profileImageUrl).toBeNull();
  });

  it('refuses visitors (401), other users (403), owners of another officer and admins (403)', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: maine.id, name: 'Untouched' });
    const other = await createOfficer(ctx.db, { regimentId: maine.id });
    const url = `/api/officers/${officer.id}/edit`;

    expect((await (await visitor()).write('PATCH', url, editBody())).statusCode).toBe(401);
    const stranger = await signedInClient(ctx);
    expect((await stranger.client.write('PATCH', url, editBody())).statusCode).toBe(403);
    const otherOwner = await ownerOf(other);
    const refused = await otherOwner.client.write('PATCH', url, editBody());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: MSG.manage.notOfficerOwner });
    // Admins edit through /api/admin/officers/{id}.
    expect((await admin.client.write('PATCH', url, editBody())).statusCode).toBe(403);
    // isOfficer false with a stale officerId is not ownership.
    const stale = await signedInClient(ctx);
    await ctx.db.update(users).set({ isOfficer: false, officerId: officer.id }).where(eq(users.id, stale.userId));
    expect((await stale.client.write('PATCH', url, editBody())).statusCode).toBe(403);

    const [row] = await ctx.db.select({ name: officers.name }).from(officers).where(eq(officers.id, officer.id));
    expect(row!.name).toBe('Untouched');
  });

  it('answers 400 with the spec messages for invalid fields', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: maine.id });
    const owner = await ownerOf(officer);
    const M = MSG.registrationForm;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, M.officerNameEmpty],
      [{ name: 'x'.repeat(61) }, M.officerNameMax],
      [{ rank: 'C' }, M.rankMin],
      [{ rank: 'x'.repeat(51) }, M.rankMax],
      [{ regimentId: undefined }, M.regimentRequired],
      [{ regimentId: 'abc' }, M.regimentInvalid],
      [{ regimentId: -3 }, M.regimentInvalid],
      [{ regimentId: disbanded.id }, M.regimentInvalid],
      [{ regimentId: 999_999 }, M.regimentInvalid],
      [{ profileImageUrl: 'javascript:alert(1)' }, M.imageUrlInvalid],
      [{ profileImageUrl: '/api/images/../../etc/passwd.webp' }, M.imageUrlInvalid],
      [{ profileImageUrl: '/uploads/x.png' }, M.imageUrlInvalid],
      [{ profileImageUrl: 'https://img.example/c.webp' }, M.imageUrlInvalid],
      [{ profileImageUrl: 'https://img.example/api/images/abc123.webp' }, M.imageUrlInvalid],
    ];
    for (const [overrides, message] of cases) {
      const response = await owner.client.write('PATCH', `/api/officers/${officer.id}/edit`, editBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message, JSON.stringify(overrides)).toBe(message);
    }
    const [row] = await ctx.db.select({ name: officers.name, regimentId: officers.regimentId }).from(officers).where(eq(officers.id, officer.id));
    expect(row).toEqual({ name: officer.name, regimentId: maine.id });
  });

  it('keeps an image from another site stored before the rule, but an edit must drop or replace it', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: maine.id, profileImageUrl: 'https://img.example/legacy.webp' });
    const owner = await ownerOf(officer);
    const url = `/api/officers/${officer.id}/edit`;
    const unchanged = await owner.client.write('PATCH', url, editBody({ profileImageUrl: 'https://img.example/legacy.webp' }));
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().message).toBe(MSG.registrationForm.imageUrlInvalid);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/officers/${officer.id}` })).json<Officer>().profileImageUrl).toBe(
      'https://img.example/legacy.webp',
    );
    const replaced = await owner.client.write('PATCH', url, editBody({ profileImageUrl: '/api/images/fresh01.webp' }));
    expect(replaced.json<Officer>().profileImageUrl).toBe('/api/images/fresh01.webp');
  });

  it('accepts the regiment id as text, as a select sends it', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: maine.id });
    const owner = await ownerOf(officer);
    const response = await owner.client.write('PATCH', `/api/officers/${officer.id}/edit`, editBody({ regimentId: String(maine.id) }));
    expect(response.statusCode).toBe(200);
  });

  it('moving to another regiment recomputes both regiments', async () => {
    const from = await createRegiment(ctx.db, { name: 'Iron Brigade', sideId: 1 });
    const to = await createRegiment(ctx.db, { name: 'Irish Brigade', sideId: 1 });
    const { officer } = await reviewedOfficer(from, [5, 4]);
    await reviewedOfficer(from, [2]);
    await reviewedOfficer(to, [3]);
    expect(await regimentFigures(from.id)).toEqual({ officerCount: 2, reviewCount: 3, averageRating: 3.67 });
    expect(await regimentFigures(to.id)).toEqual({ officerCount: 1, reviewCount: 1, averageRating: 3 });

    const owner = await ownerOf(officer);
    const response = await owner.client.write('PATCH', `/api/officers/${officer.id}/edit`, editBody({ regimentId: to.id }));
    expect(response.statusCode).toBe(200);
    expect(response.json<Officer>()).toMatchObject({ regimentId: to.id, regimentName: 'Irish Brigade', reviewCount: 2, averageRating: 4.5 });
    expect(await regimentFigures(from.id)).toEqual({ officerCount: 1, reviewCount: 1, averageRating: 2 });
    expect(await regimentFigures(to.id)).toEqual({ officerCount: 2, reviewCount: 3, averageRating: 4 });
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });
});

describe('PATCH /api/admin/officers/:id', () => {
  it('lets an admin edit any officer, with an audit row', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: maine.id, name: 'Hood' });
    const response = await admin.client.write(
      'PATCH',
      `/api/admin/officers/${officer.id}`,
      editBody({ name: 'John Bell Hood', rank: 'Gen.', regimentId: texas.id }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<Officer>()).toMatchObject({
      id: officer.id,
      name: 'John Bell Hood',
      rank: 'Gen.',
      regimentId: texas.id,
      side: { code: 'CSA' },
    });
    expect(await auditRows('officer.update', officer.id)).toEqual([
      { adminId: admin.userId, targetType: 'officer', summary: expect.stringContaining('John Bell Hood') },
    ]);
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });

  it('refuses the officer owner (403) and validates the body (400), unknown officers 404', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: maine.id });
    const owner = await ownerOf(officer);
    expect((await owner.client.write('PATCH', `/api/admin/officers/${officer.id}`, editBody())).statusCode).toBe(403);
    const invalid = await admin.client.write('PATCH', `/api/admin/officers/${officer.id}`, editBody({ rank: '' }));
    expect(invalid.statusCode).toBe(400);
    const foreignImage = await admin.client.write(
      'PATCH',
      `/api/admin/officers/${officer.id}`,
      editBody({ profileImageUrl: 'https://img.example/c.webp' }),
    );
    expect(foreignImage.statusCode).toBe(400);
    expect(foreignImage.json().message).toBe(MSG.registrationForm.imageUrlInvalid);
    expect((await admin.client.write('PATCH', '/api/admin/officers/999999', editBody())).statusCode).toBe(404);
    expect(await auditRows('officer.update', officer.id)).toEqual([]);
  });
});

describe('DELETE /api/officers/:id (self-delete)', () => {
  it('removes the profile and its reviews, keeps the account and unlinks it', async () => {
    const regiment = await createRegiment(ctx.db, { name: 'Stonewall Brigade', sideId: 2 });
    const { officer, reviews: officerReviews } = await reviewedOfficer(regiment, [5, 1]);
    await reviewedOfficer(regiment, [4]);
    const owner = await ownerOf(officer);
    // A review the owner wrote about someone else stays with the account.
    const elsewhere = await createOfficer(ctx.db, { regimentId: regiment.id });
    const ownReview = await createReview(ctx.db, { userId: owner.userId, officerId: elsewhere.id, rating: 3 });

    const response = await owner.client.write('DELETE', `/api/officers/${officer.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: MSG.manage.profileDeleted });

    expect((await ctx.app.inject({ method: 'GET', url: `/api/officers/${officer.id}` })).statusCode).toBe(404);
    expect(await ctx.db.select().from(officers).where(eq(officers.id, officer.id))).toEqual([]);
    expect(
      await ctx.db
        .select({ id: reviews.id })
        .from(reviews)
        .where(
          inArray(
            reviews.id,
            officerReviews.map((r) => r.id),
          ),
        ),
    ).toEqual([]);
    expect(await ctx.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, ownReview.id))).toEqual([{ id: ownReview.id }]);

    const [account] = await ctx.db.select({ isOfficer: users.isOfficer, officerId: users.officerId }).from(users).where(eq(users.id, owner.userId));
    expect(account).toEqual({ isOfficer: false, officerId: null });
    const status = (await owner.client.get('/api/auth/status')).json<AuthStatus>();
    expect(status.authenticated).toBe(true);
    expect(status.user).toMatchObject({ id: owner.userId, isOfficer: false, officerId: null });

    expect(await regimentFigures(regiment.id)).toEqual({ officerCount: 2, reviewCount: 2, averageRating: 3.5 });
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
    expect(await auditRows('officer.delete', officer.id)).toEqual([]);
  });

  it('refuses visitors (401), other users and admins (403)', async () => {
    const officer = await createOfficer(ctx.db, { regimentId: maine.id });
    const url = `/api/officers/${officer.id}`;
    expect((await (await visitor()).write('DELETE', url)).statusCode).toBe(401);
    expect((await (await signedInClient(ctx)).client.write('DELETE', url)).statusCode).toBe(403);
    expect((await admin.client.write('DELETE', url)).statusCode).toBe(403);
    expect(await ctx.db.select({ id: officers.id }).from(officers).where(eq(officers.id, officer.id))).toEqual([{ id: officer.id }]);
  });
});

describe('DELETE /api/admin/officers/:id', () => {
  it('removes the officer with all reviews, votes and flags, unlinks users and fixes the regiment', async () => {
    const regiment = await createRegiment(ctx.db, { name: 'Hampton Legion', sideId: 2 });
    const { officer, reviews: officerReviews } = await reviewedOfficer(regiment, [5, 3]);
    const { reviews: keptReviews } = await reviewedOfficer(regiment, [2]);
    const linked = await ownerOf(officer);

    const voter = await signedInClient(ctx);
    expect((await voter.client.post(`/api/reviews/${officerReviews[0]!.id}/vote`, { value: 1 })).statusCode).toBe(200);
    expect((await voter.client.post(`/api/reviews/${keptReviews[0]!.id}/vote`, { value: -1 })).statusCode).toBe(200);
    expect((await voter.client.post(`/api/reviews/${officerReviews[1]!.id}/flag`, { reason: 'Personal attack on the officer.' })).statusCode).toBe(
      201,
    );
    expect(await regimentFigures(regiment.id)).toEqual({ officerCount: 2, reviewCount: 3, averageRating: 3.33 });

    const response = await admin.client.write('DELETE', `/api/admin/officers/${officer.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'The officer and all associated reviews have been permanently removed from the system.',
    });

    const goneIds = officerReviews.map((r) => r.id);
    expect(await ctx.db.select().from(officers).where(eq(officers.id, officer.id))).toEqual([]);
    expect(await ctx.db.select().from(reviews).where(inArray(reviews.id, goneIds))).toEqual([]);
    expect(await ctx.db.select().from(reviewVotes).where(inArray(reviewVotes.reviewId, goneIds))).toEqual([]);
    expect(await ctx.db.select().from(reviewFlags).where(inArray(reviewFlags.reviewId, goneIds))).toEqual([]);
    expect(await ctx.db.select({ vote: reviewVotes.vote }).from(reviewVotes).where(eq(reviewVotes.reviewId, keptReviews[0]!.id))).toEqual([
      { vote: -1 },
    ]);

    const [account] = await ctx.db.select({ isOfficer: users.isOfficer, officerId: users.officerId }).from(users).where(eq(users.id, linked.userId));
    expect(account).toEqual({ isOfficer: false, officerId: null });
    expect(await regimentFigures(regiment.id)).toEqual({ officerCount: 1, reviewCount: 1, averageRating: 2 });
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
    expect(await auditRows('officer.delete', officer.id)).toEqual([
      { adminId: admin.userId, targetType: 'officer', summary: expect.stringContaining('2 review(s)') },
    ]);
  });

  it('answers 404 for an unknown officer and 403 to its owner', async () => {
    expect((await admin.client.write('DELETE', '/api/admin/officers/999999')).statusCode).toBe(404);
    const officer = await createOfficer(ctx.db, { regimentId: maine.id });
    const owner = await ownerOf(officer);
    expect((await owner.client.write('DELETE', `/api/admin/officers/${officer.id}`)).statusCode).toBe(403);
  });
});

describe('concurrent with review writes', () => {
  it('moves and deletes officers while reviews are written, without deadlocks or wrong figures', async () => {
    const from = await createRegiment(ctx.db, { name: 'Busy Regiment', sideId: 1 });
    const to = await createRegiment(ctx.db, { name: 'Quiet Regiment', sideId: 1 });
    const moving = await createOfficer(ctx.db, { regimentId: from.id });
    const doomed = await createOfficer(ctx.db, { regimentId: from.id });
    const staying = await createOfficer(ctx.db, { regimentId: from.id });
    const writers = await Promise.all(Array.from({ length: 6 }, () => signedInClient(ctx, { steamId: nextSteamId() })));
    const body = (officerId: number) => ({
      text: 'Steady under fire, fair to all.',
      leadership: 4,
      tactics: 3,
      communication: 5,
      fairness: 2,
      officerId,
    });

    const results = await Promise.all([
      ...writers.flatMap((writer) => [moving, doomed, staying].map((officer) => writer.client.post('/api/reviews', body(officer.id)))),
      admin.client.write('PATCH', `/api/admin/officers/${moving.id}`, editBody({ name: moving.name, regimentId: to.id })),
      admin.client.write('DELETE', `/api/admin/officers/${doomed.id}`),
    ]);
    for (const response of results) expect([200, 201, 404], response.body).toContain(response.statusCode);
    expect(results.at(-2)!.statusCode).toBe(200);
    expect(results.at(-1)!.statusCode).toBe(200);

    expect(await ctx.db.select().from(reviews).where(eq(reviews.officerId, doomed.id))).toEqual([]);
    expect(await regimentFigures(to.id)).toMatchObject({ officerCount: 1, reviewCount: 6 });
    expect(await regimentFigures(from.id)).toMatchObject({ officerCount: 1, reviewCount: 6 });
    expect(await findAggregateDifferences(ctx.db)).toEqual([]);
  });
});
