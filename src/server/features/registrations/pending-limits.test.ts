/**
 * How many registration requests one user may have awaiting approval (issue 12: one account filed
 * 40 regiment requests in a row). On PGlite (one connection) the simultaneous submissions below
 * serialize; on PostgreSQL (TEST_DATABASE_URL) they really race, which is what the user-row lock in
 * submit-registration.ts is for.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegimentRegistration } from '#core/api.js';
import { LIMITS } from '#core/constants.js';
import { MSG } from '#core/messages.js';
import { officerRegistrations, regimentRegistrations } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, type TestClient, type TestContext } from '#server/test/app.js';
import { createRegiment, type RegimentRow } from '#server/test/fixtures.js';

const REGIMENT_LIMIT = LIMITS.pendingRegimentRegistrationsPerUser;

let ctx: TestContext;
let admin: TestClient;
let regiment: RegimentRow;
let nameCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ client: admin } = await signedInClient(ctx, { isAdmin: true }));
  regiment = await createRegiment(ctx.db, { name: 'Iron Brigade', sideId: 1 });
});
afterAll(() => ctx.close());

function submitRegiment(client: TestClient) {
  nameCounter += 1;
  return client.post('/api/regiments/register', { name: `Limited Regiment ${nameCounter}`, sideId: 1 });
}

function submitOfficer(client: TestClient, name = 'Joshua Chamberlain') {
  return client.post('/api/officers/register', { name, rank: 'Col.', regimentId: regiment.id });
}

async function pendingRegimentRequestsOf(userId: number) {
  return ctx.db
    .select({ id: regimentRegistrations.id })
    .from(regimentRegistrations)
    .where(and(eq(regimentRegistrations.userId, userId), eq(regimentRegistrations.status, 'pending')));
}

async function submitUpToTheLimit(client: TestClient): Promise<RegimentRegistration[]> {
  const accepted: RegimentRegistration[] = [];
  for (let i = 0; i < REGIMENT_LIMIT; i += 1) {
    const response = await submitRegiment(client);
    expect(response.statusCode).toBe(201);
    accepted.push(response.json<{ registration: RegimentRegistration }>().registration);
  }
  return accepted;
}

function expectLimitRefusal(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(409);
  expect(response.json()).toMatchObject({ code: 'CONFLICT', message: MSG.registrations.regimentPendingLimit });
}

describe('pending regiment registrations per user', () => {
  it('is a limit of 3, refused with a message a person understands', () => {
    expect(REGIMENT_LIMIT).toBe(3);
    expect(MSG.registrations.regimentPendingLimit).toBe(
      'You already have 3 regiment registrations awaiting approval. Please wait for an administrator to decide on them before submitting another.',
    );
  });

  it('refuses the 4th pending request with 409 and stores nothing', async () => {
    const { client, userId } = await signedInClient(ctx);
    await submitUpToTheLimit(client);
    expectLimitRefusal(await submitRegiment(client));
    expect(await pendingRegimentRequestsOf(userId)).toHaveLength(REGIMENT_LIMIT);
  });

  it('counts only the requests of the user: another user still may submit', async () => {
    const { client } = await signedInClient(ctx);
    await submitUpToTheLimit(client);
    const other = await signedInClient(ctx);
    expect((await submitRegiment(other.client)).statusCode).toBe(201);
  });

  it('accepts a new request once an admin has rejected or approved one of the pending ones', async () => {
    const { client, userId } = await signedInClient(ctx);
    const [first, second] = await submitUpToTheLimit(client);
    expectLimitRefusal(await submitRegiment(client));

    expect((await admin.post(`/api/admin/registrations/regiments/${first!.id}/reject`, { notes: 'Too many requests.' })).statusCode).toBe(200);
    expect((await submitRegiment(client)).statusCode).toBe(201);
    expectLimitRefusal(await submitRegiment(client));

    expect((await admin.post(`/api/admin/registrations/regiments/${second!.id}/approve`)).statusCode).toBe(200);
    expect((await submitRegiment(client)).statusCode).toBe(201);
    expectLimitRefusal(await submitRegiment(client));
    expect(await pendingRegimentRequestsOf(userId)).toHaveLength(REGIMENT_LIMIT);
  });

  it('does not stop the same user from asking to become an officer (a separate limit)', async () => {
    const { client } = await signedInClient(ctx);
    await submitUpToTheLimit(client);
    expect((await submitOfficer(client)).statusCode).toBe(201);
  });

  it('lets at most 3 of 10 simultaneous requests of one user through', async () => {
    const { client, userId } = await signedInClient(ctx);
    await client.fetchCsrfToken();
    const responses = await Promise.all(Array.from({ length: 10 }, () => submitRegiment(client)));
    const accepted = responses.filter((r) => r.statusCode === 201);
    expect(accepted).toHaveLength(REGIMENT_LIMIT);
    for (const response of responses.filter((r) => r.statusCode !== 201)) expectLimitRefusal(response);
    expect(await pendingRegimentRequestsOf(userId)).toHaveLength(REGIMENT_LIMIT);
  });

  it('still lets at most 3 through when some are already pending', async () => {
    const { client, userId } = await signedInClient(ctx);
    expect((await submitRegiment(client)).statusCode).toBe(201);
    await client.fetchCsrfToken();
    const responses = await Promise.all(Array.from({ length: 6 }, () => submitRegiment(client)));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(REGIMENT_LIMIT - 1);
    expect(await pendingRegimentRequestsOf(userId)).toHaveLength(REGIMENT_LIMIT);
  });
});

describe('pending officer registrations per user', () => {
  it('is a limit of 1', () => {
    expect(LIMITS.pendingOfficerRegistrationsPerUser).toBe(1);
  });

  it('lets exactly one of 5 simultaneous requests of one user through', async () => {
    const { client, userId } = await signedInClient(ctx);
    await client.fetchCsrfToken();
    const responses = await Promise.all(Array.from({ length: 5 }, (_, i) => submitOfficer(client, `Officer Click ${i}`)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toMatchObject({ code: 'CONFLICT', message: MSG.registrations.officerPending });
    }
    const pending = await ctx.db
      .select({ id: officerRegistrations.id })
      .from(officerRegistrations)
      .where(and(eq(officerRegistrations.userId, userId), eq(officerRegistrations.status, 'pending')));
    expect(pending).toHaveLength(1);
  });
});
