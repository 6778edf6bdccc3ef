/**
 * Admins listing and deciding registration requests through the real API (spec sections 4 and 7,
 * Administration), with the results checked through the public reads and the audit log.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthStatus, ErrorBody, Officer, OfficerRegistration, Regiment, RegimentRegistration } from '#core/api.js';
import { MSG } from '#core/messages.js';
import { adminAuditLog, officerRegistrations, officers, regimentRegistrations, regiments, users } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, TestClient, type TestContext } from '#server/test/app.js';
import { createOfficer, createRegiment, createUser, type RegimentRow } from '#server/test/fixtures.js';

let ctx: TestContext;
let admin: TestClient;
let adminId: number;
let regiment: RegimentRow;
let nameCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ client: admin, userId: adminId } = await signedInClient(ctx, { isAdmin: true }));
  regiment = await createRegiment(ctx.db, { name: 'Iron Brigade', sideId: 1 });
});
afterAll(() => ctx.close());

function uniqueName(prefix = 'Regiment'): string {
  nameCounter += 1;
  return `${prefix} ${nameCounter}`;
}

type Requester = Awaited<ReturnType<typeof signedInClient>>;

async function requestRegiment(overrides: Record<string, unknown> = {}): Promise<{ requester: Requester; registration: RegimentRegistration }> {
  const requester = await signedInClient(ctx);
  const response = await requester.client.post('/api/regiments/register', {
    name: uniqueName(),
    description: 'Mustered at Portland.',
    sideId: 1,
    bannerImageUrl: '/api/images/banner01.webp',
    iconImageUrl: '/api/images/icon01.webp',
    ...overrides,
  });
  expect(response.statusCode).toBe(201);
  return { requester, registration: response.json<{ registration: RegimentRegistration }>().registration };
}

async function requestOfficer(
  overrides: Record<string, unknown> = {},
  requester?: Requester,
): Promise<{ requester: Requester; registration: OfficerRegistration }> {
  const who = requester ?? (await signedInClient(ctx));
  const response = await who.client.post('/api/officers/register', {
    name: 'Strong Vincent',
    rank: 'Col.',
    regimentId: regiment.id,
    profileImageUrl: '/api/images/face01.webp',
    proofUrl: 'https://steamcommunity.com/groups/83rdpa',
    ...overrides,
  });
  expect(response.statusCode).toBe(201);
  return { requester: who, registration: response.json<{ registration: OfficerRegistration }>().registration };
}

function decide(kind: 'regiments' | 'officers', id: number, action: string, body?: unknown, client: TestClient = admin) {
  return client.post(`/api/admin/registrations/${kind}/${id}/${action}`, body);
}

async function auditRowsFor(targetType: string, targetId: number) {
  return ctx.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.targetType, targetType), eq(adminAuditLog.targetId, targetId)));
}

async function regimentFigures(regimentId: number) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/regiments/${regimentId}` });
  expect(response.statusCode).toBe(200);
  return response.json<Regiment>();
}

describe('who may call the admin registration endpoints', () => {
  const endpoints = [
    { method: 'GET' as const, url: '/api/admin/registrations/regiments' },
    { method: 'GET' as const, url: '/api/admin/registrations/officers' },
    { method: 'POST' as const, url: '/api/admin/registrations/regiments/1/approve' },
    { method: 'POST' as const, url: '/api/admin/registrations/regiments/1/reject' },
    { method: 'POST' as const, url: '/api/admin/registrations/officers/1/approve' },
    { method: 'POST' as const, url: '/api/admin/registrations/officers/1/reject' },
    // Refused for the caller before the path is even looked at.
    { method: 'POST' as const, url: '/api/admin/registrations/officers/abc/delete' },
  ];

  it.each(endpoints)('$method $url: visitor 401, signed-in non-admin 403', async ({ method, url }) => {
    const visitor = new TestClient(ctx.app);
    const visitorResponse = method === 'GET' ? await visitor.get(url) : await visitor.post(url, {});
    expect(visitorResponse.statusCode).toBe(401);
    expect(visitorResponse.json<ErrorBody>().message).toBe(MSG.session.authenticationRequired);

    const { client } = await signedInClient(ctx);
    const userResponse = method === 'GET' ? await client.get(url) : await client.post(url, {});
    expect(userResponse.statusCode).toBe(403);
  });

  it('changes nothing when a non-admin tries to decide', async () => {
    const { registration } = await requestRegiment();
    const { client } = await signedInClient(ctx);
    expect((await decide('regiments', registration.id, 'approve', {}, client)).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(regimentRegistrations).where(eq(regimentRegistrations.id, registration.id));
    expect(row!.status).toBe('pending');
    expect(await ctx.db.select().from(regiments).where(eq(regiments.name, registration.name))).toEqual([]);
  });
});

describe('GET /api/admin/registrations/regiments and /officers', () => {
  it('lists regiment requests with their fields: pending oldest first, then processed newest first', async () => {
    const requester = await createUser(ctx.db, { username: 'ListRequester' });
    const at = (iso: string) => new Date(iso);
    const insert = (name: string, status: string, createdAt: string, updatedAt: string) =>
      ctx.db
        .insert(regimentRegistrations)
        .values({
          userId: requester.id,
          name,
          sideId: 2,
          status,
          createdAt: at(createdAt),
          updatedAt: at(updatedAt),
          notes: status === 'pending' ? null : `${status} note`,
          description: 'A description.',
          bannerImageUrl: '/api/images/b.webp',
          iconImageUrl: '/api/images/i.webp',
        })
        .returning({ id: regimentRegistrations.id })
        .then(([row]) => row!.id);
    const pendingNew = await insert('Pending New', 'pending', '2020-01-03T00:00:00Z', '2020-01-03T00:00:00Z');
    const approvedOld = await insert('Approved Old', 'approved', '2020-01-01T00:00:00Z', '2020-01-05T00:00:00Z');
    const pendingOld = await insert('Pending Old', 'pending', '2020-01-02T00:00:00Z', '2020-01-02T00:00:00Z');
    const rejectedNew = await insert('Rejected New', 'rejected', '2020-01-01T00:00:00Z', '2020-01-09T00:00:00Z');

    const response = await admin.get('/api/admin/registrations/regiments');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const list = response.json<RegimentRegistration[]>();
    const mine = list.filter((r) => r.userId === requester.id);
    expect(mine.map((r) => r.id)).toEqual([pendingOld, pendingNew, rejectedNew, approvedOld]);
    // Across the whole list, no processed request comes before a pending one.
    const firstProcessed = list.findIndex((r) => r.status !== 'pending');
    expect(list.slice(firstProcessed).every((r) => r.status !== 'pending')).toBe(true);
    expect(mine[2]).toEqual({
      id: rejectedNew,
      userId: requester.id,
      name: 'Rejected New',
      description: 'A description.',
      sideId: 2,
      sideName: 'Confederate',
      status: 'rejected',
      createdAt: '2020-01-01T00:00:00.000Z',
      updatedAt: '2020-01-09T00:00:00.000Z',
      notes: 'rejected note',
      bannerImageUrl: '/api/images/b.webp',
      iconImageUrl: '/api/images/i.webp',
      submitterUsername: 'ListRequester',
    });
  });

  it('lists officer requests with their fields in the same order', async () => {
    const requester = await createUser(ctx.db, { username: 'OfficerListRequester' });
    const insert = (name: string, status: string, createdAt: string, updatedAt: string) =>
      ctx.db
        .insert(officerRegistrations)
        .values({
          userId: requester.id,
          name,
          rank: 'Maj.',
          regimentId: regiment.id,
          status,
          createdAt: new Date(createdAt),
          updatedAt: new Date(updatedAt),
          proofUrl: 'https://example.test/proof',
          profileImageUrl: '/api/images/p.webp',
        })
        .returning({ id: officerRegistrations.id })
        .then(([row]) => row!.id);
    const approvedNew = await insert('Approved New', 'approved', '2020-01-01T00:00:00Z', '2020-02-01T00:00:00Z');
    const pendingOld = await insert('Pending Old', 'pending', '2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z');
    const rejectedOld = await insert('Rejected Old', 'rejected', '2020-01-01T00:00:00Z', '2020-01-15T00:00:00Z');
    const pendingNew = await insert('Pending New', 'pending', '2020-01-05T00:00:00Z', '2020-01-05T00:00:00Z');

    const list = (await admin.get('/api/admin/registrations/officers')).json<OfficerRegistration[]>();
    const mine = list.filter((r) => r.userId === requester.id);
    expect(mine.map((r) => r.id)).toEqual([pendingOld, pendingNew, approvedNew, rejectedOld]);
    expect(mine[0]).toEqual({
      id: pendingOld,
      userId: requester.id,
      name: 'Pending Old',
      rank: 'Maj.',
      regimentId: regiment.id,
      regimentName: 'Iron Brigade',
      status: 'pending',
      createdAt: '2020-01-01T00:00:00.000Z',
      updatedAt: '2020-01-01T00:00:00.000Z',
      notes: null,
      proofUrl: 'https://example.test/proof',
      profileImageUrl: '/api/images/p.webp',
      submitterUsername: 'OfficerListRequester',
    });
  });

  it('never shows private user columns', async () => {
    await requestRegiment();
    for (const url of ['/api/admin/registrations/regiments', '/api/admin/registrations/officers']) {
      const body = (await admin.get(url)).body;
      expect(body).not.toContain('"email"');
      expect(body).not.toContain('passwordHash');
    }
  });
});

describe('approving a regiment request', () => {
  it('creates the regiment owned by the requester, marks the request and writes an audit row', async () => {
    const { requester, registration } = await requestRegiment({ name: '20th Maine' });
    const response = await decide('regiments', registration.id, 'approve', { notes: '  Welcome aboard.  ' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; message: string; registration: RegimentRegistration; regimentId: number }>();
    expect(body.success).toBe(true);
    expect(body.message).toBe('The regiment has been approved and created.');
    expect(body.registration).toMatchObject({ id: registration.id, status: 'approved', notes: 'Welcome aboard.' });
    expect(Date.parse(body.registration.updatedAt)).toBeGreaterThanOrEqual(Date.parse(registration.updatedAt));

    const created = await regimentFigures(body.regimentId);
    expect(created).toMatchObject({
      name: '20th Maine',
      description: 'Mustered at Portland.',
      sideId: 1,
      sideName: 'Union',
      bannerImageUrl: '/api/images/banner01.webp',
      iconImageUrl: '/api/images/icon01.webp',
      userId: requester.userId,
      submitterUsername: requester.username,
      officerCount: 0,
      isActive: true,
    });
    expect((await requester.client.get('/api/users/me/regiments/owned')).json()).toEqual([{ id: body.regimentId, name: '20th Maine' }]);

    const audit = await auditRowsFor('regiment_registration', registration.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminId,
      action: 'regiment_registration.approve',
      summary: `Approved regiment registration '20th Maine' by ${requester.username}`,
    });

    const listed = (await admin.get('/api/admin/registrations/regiments')).json<RegimentRegistration[]>();
    expect(listed.find((r) => r.id === registration.id)).toMatchObject({ status: 'approved', notes: 'Welcome aboard.' });
  });

  it('works without a body or notes', async () => {
    const { registration } = await requestRegiment();
    const response = await decide('regiments', registration.id, 'approve');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ registration: RegimentRegistration }>().registration.notes).toBeNull();
  });

  it('leaves the request pending and creates nothing when the name was taken meanwhile', async () => {
    const { registration } = await requestRegiment({ name: 'Late Lancers' });
    await createRegiment(ctx.db, { name: 'LATE LANCERS' });

    const response = await decide('regiments', registration.id, 'approve', { notes: 'ok' });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().message).toBe(MSG.registrations.regimentNameTakenOnApproval);

    const [row] = await ctx.db.select().from(regimentRegistrations).where(eq(regimentRegistrations.id, registration.id));
    expect(row).toMatchObject({ status: 'pending', notes: null });
    expect(row!.updatedAt.toISOString()).toBe(registration.updatedAt);
    const named = await ctx.db
      .select()
      .from(regiments)
      .where(inArray(regiments.name, ['Late Lancers', 'LATE LANCERS']));
    expect(named.map((r) => r.name)).toEqual(['LATE LANCERS']);
    expect(await auditRowsFor('regiment_registration', registration.id)).toEqual([]);

    // The admin can still reject it.
    expect((await decide('regiments', registration.id, 'reject', { notes: 'Name taken.' })).statusCode).toBe(200);
  });

  it('approves only once when two admins approve at the same time', async () => {
    const { registration } = await requestRegiment();
    const { client: secondAdmin } = await signedInClient(ctx, { isAdmin: true });
    await secondAdmin.fetchCsrfToken();
    const responses = await Promise.all([
      decide('regiments', registration.id, 'approve'),
      decide('regiments', registration.id, 'approve', {}, secondAdmin),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ctx.db.select().from(regiments).where(eq(regiments.name, registration.name))).toHaveLength(1);
    expect(await auditRowsFor('regiment_registration', registration.id)).toHaveLength(1);
  });
});

describe('approving an officer request', () => {
  it('creates the officer, links the requester and counts the officer in the regiment', async () => {
    const before = (await regimentFigures(regiment.id)).officerCount;
    const { requester, registration } = await requestOfficer({ name: 'Strong Vincent', rank: 'Col.' });

    const response = await decide('officers', registration.id, 'approve', { notes: 'Proof checked.' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; message: string; registration: OfficerRegistration; officerId: number }>();
    expect(body.success).toBe(true);
    expect(body.message).toBe('The officer has been approved and created.');
    expect(body.registration).toMatchObject({ status: 'approved', notes: 'Proof checked.' });

    const status = (await requester.client.get('/api/auth/status')).json<AuthStatus>();
    expect(status.user).toMatchObject({ id: requester.userId, isOfficer: true, officerId: body.officerId });

    const officer = (await ctx.app.inject({ method: 'GET', url: `/api/officers/${body.officerId}` })).json<Officer>();
    expect(officer).toMatchObject({
      name: 'Strong Vincent',
      rank: 'Col.',
      regimentId: regiment.id,
      profileImageUrl: '/api/images/face01.webp',
      linkedUsername: requester.username,
      reviewCount: 0,
    });
    expect((await regimentFigures(regiment.id)).officerCount).toBe(before + 1);

    const audit = await auditRowsFor('officer_registration', registration.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminId,
      action: 'officer_registration.approve',
      summary: `Approved officer registration 'Strong Vincent' by ${requester.username}`,
    });

    // Now an officer, the requester cannot ask for a second profile.
    const again = await requester.client.post('/api/officers/register', { name: 'Again', rank: 'Col.', regimentId: regiment.id });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().message).toBe(MSG.registrations.alreadyHasOfficer);
  });

  it('leaves the request pending and creates nothing when the regiment is no longer active', async () => {
    const doomed = await createRegiment(ctx.db, { name: uniqueName('Doomed') });
    const { requester, registration } = await requestOfficer({ regimentId: doomed.id, name: 'Lost Officer' });
    await ctx.db.update(regiments).set({ isActive: false }).where(eq(regiments.id, doomed.id));

    const response = await decide('officers', registration.id, 'approve');
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().message).toBe(MSG.registrations.regimentUnavailable);

    const [row] = await ctx.db.select().from(officerRegistrations).where(eq(officerRegistrations.id, registration.id));
    expect(row!.status).toBe('pending');
    expect(await ctx.db.select().from(officers).where(eq(officers.regimentId, doomed.id))).toEqual([]);
    const [account] = await ctx.db.select().from(users).where(eq(users.id, requester.userId));
    expect(account).toMatchObject({ isOfficer: false, officerId: null });
    expect(await auditRowsFor('officer_registration', registration.id)).toEqual([]);
  });

  it('refuses with 409 when the requester got an officer profile meanwhile, and changes nothing', async () => {
    const { requester, registration } = await requestOfficer({ name: 'Twice Linked' });
    const existing = await createOfficer(ctx.db, { regimentId: regiment.id });
    await ctx.db.update(users).set({ isOfficer: true, officerId: existing.id }).where(eq(users.id, requester.userId));
    const countBefore = (await regimentFigures(regiment.id)).officerCount;

    const response = await decide('officers', registration.id, 'approve');
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().message).toBe(MSG.registrations.requesterAlreadyOfficer);
    const [row] = await ctx.db.select().from(officerRegistrations).where(eq(officerRegistrations.id, registration.id));
    expect(row!.status).toBe('pending');
    expect(await ctx.db.select().from(officers).where(eq(officers.name, 'Twice Linked'))).toEqual([]);
    expect((await regimentFigures(regiment.id)).officerCount).toBe(countBefore);
  });
});

describe('rejecting', () => {
  it('keeps a regiment request with its notes, creates nothing, and lets the user ask again', async () => {
    const { requester, registration } = await requestRegiment({ name: 'Second Try Rifles' });
    const response = await decide('regiments', registration.id, 'reject', { notes: 'Please add a description.' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string; registration: RegimentRegistration; regimentId: number | null }>();
    expect(body.message).toBe('The registration has been rejected.');
    expect(body.regimentId).toBeNull();
    expect(body.registration).toMatchObject({ status: 'rejected', notes: 'Please add a description.' });

    const [row] = await ctx.db.select().from(regimentRegistrations).where(eq(regimentRegistrations.id, registration.id));
    expect(row).toMatchObject({ status: 'rejected', notes: 'Please add a description.' });
    expect(await ctx.db.select().from(regiments).where(eq(regiments.name, 'Second Try Rifles'))).toEqual([]);
    expect(await auditRowsFor('regiment_registration', registration.id)).toMatchObject([
      { adminId, action: 'regiment_registration.reject', summary: `Rejected regiment registration 'Second Try Rifles' by ${requester.username}` },
    ]);

    const again = await requester.client.post('/api/regiments/register', { name: 'Second Try Rifles', sideId: 1, description: 'Now described.' });
    expect(again.statusCode).toBe(201);
  });

  it('keeps an officer request with its notes, links nothing, and lets the user ask again', async () => {
    const countBefore = (await regimentFigures(regiment.id)).officerCount;
    const { requester, registration } = await requestOfficer({ name: 'Rejected Once' });
    const response = await decide('officers', registration.id, 'reject', { notes: 'No proof.' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: string; officerId: number | null }>()).toMatchObject({
      message: 'The registration has been rejected.',
      officerId: null,
    });
    const [row] = await ctx.db.select().from(officerRegistrations).where(eq(officerRegistrations.id, registration.id));
    expect(row).toMatchObject({ status: 'rejected', notes: 'No proof.' });
    expect(await ctx.db.select().from(officers).where(eq(officers.name, 'Rejected Once'))).toEqual([]);
    expect((await requester.client.get('/api/auth/status')).json<AuthStatus>().user).toMatchObject({ isOfficer: false, officerId: null });
    expect((await regimentFigures(regiment.id)).officerCount).toBe(countBefore);
    expect(await auditRowsFor('officer_registration', registration.id)).toMatchObject([{ action: 'officer_registration.reject' }]);

    await requestOfficer({ name: 'Rejected Once', proofUrl: 'https://example.test/better-proof' }, requester);
  });
});

describe('refused decisions', () => {
  it.each([
    ['approve', 'reject'],
    ['reject', 'approve'],
    ['reject', 'reject'],
  ])('a regiment request decided by %s cannot then be decided by %s (409)', async (first, second) => {
    const { registration } = await requestRegiment();
    expect((await decide('regiments', registration.id, first)).statusCode).toBe(200);
    const response = await decide('regiments', registration.id, second, { notes: 'late' });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().message).toBe('This registration has already been processed.');
    const [row] = await ctx.db.select().from(regimentRegistrations).where(eq(regimentRegistrations.id, registration.id));
    expect(row!.status).toBe(first === 'approve' ? 'approved' : 'rejected');
    expect(row!.notes).toBeNull();
    expect(await auditRowsFor('regiment_registration', registration.id)).toHaveLength(1);
  });

  it('an officer request cannot be decided twice (409)', async () => {
    const { registration } = await requestOfficer({ name: uniqueName('Officer') });
    expect((await decide('officers', registration.id, 'approve')).statusCode).toBe(200);
    const response = await decide('officers', registration.id, 'approve');
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().message).toBe(MSG.registrations.alreadyProcessed);
    expect(await ctx.db.select().from(officers).where(eq(officers.name, registration.name))).toHaveLength(1);
  });

  it.each(['regiments', 'officers'] as const)('%s: an unknown action is 400, an unknown id 404, a malformed id 400', async (kind) => {
    const { registration } = kind === 'regiments' ? await requestRegiment() : await requestOfficer();
    for (const action of ['delete', 'APPROVE', 'approve ']) {
      const response = await decide(kind, registration.id, encodeURIComponent(action));
      expect(response.statusCode).toBe(400);
    }
    const unknown = await decide(kind, 999_999, 'approve');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorBody>().message).toBe('Registration not found');
    expect((await decide(kind, 0, 'approve')).statusCode).toBe(400);
    expect((await decide(kind, Number.NaN, 'reject')).statusCode).toBe(400);
  });

  it('refuses notes over 1000 characters with 400', async () => {
    const { registration } = await requestRegiment();
    const response = await decide('regiments', registration.id, 'reject', { notes: 'n'.repeat(1001) });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toBe(MSG.registrationForm.notesMax);
    const [row] = await ctx.db.select().from(regimentRegistrations).where(eq(regimentRegistrations.id, registration.id));
    expect(row!.status).toBe('pending');
    expect((await decide('regiments', registration.id, 'reject', { notes: 'n'.repeat(1000) })).statusCode).toBe(200);
  });
});
