/** The admin dashboard's counts and activity, and the live status check (spec section 2, /admin). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard, AdminStatus } from '#core/api.js';
import { officerRegistrations, regimentRegistrations } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, type TestContext } from '#server/test/app.js';
import { createRegiment, createUser } from '#server/test/fixtures.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInClient>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInClient(ctx, { isAdmin: true });
});
afterAll(() => ctx.close());

async function dashboard(): Promise<AdminDashboard> {
  const response = await admin.client.get('/api/admin/dashboard');
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toContain('no-store');
  return response.json<AdminDashboard>();
}

describe('GET /api/admin/dashboard', () => {
  it('counts pending registrations only, and lists recent admin activity newest first', async () => {
    expect(await dashboard()).toEqual({ pendingRegimentRegistrations: 0, pendingOfficerRegistrations: 0, openReviewWaves: 0, recentActivity: [] });

    const user = await createUser(ctx.db);
    const regiment = await createRegiment(ctx.db, { name: 'Dashboard Regiment' });
    await ctx.db.insert(regimentRegistrations).values([
      { userId: user.id, name: 'Pending One', sideId: 1 },
      { userId: user.id, name: 'Pending Two', sideId: 2 },
      { userId: user.id, name: 'Approved', sideId: 1, status: 'approved' },
      { userId: user.id, name: 'Rejected', sideId: 1, status: 'rejected' },
    ]);
    await ctx.db.insert(officerRegistrations).values([
      { userId: user.id, name: 'Pending Officer', rank: 'Maj.', regimentId: regiment.id },
      { userId: user.id, name: 'Rejected Officer', rank: 'Maj.', regimentId: regiment.id, status: 'rejected' },
    ]);

    const banned = await createUser(ctx.db, { username: 'Deserter' });
    expect((await admin.client.write('PATCH', `/api/admin/users/${banned.id}/ban`)).statusCode).toBe(200);
    expect((await admin.client.write('PATCH', `/api/admin/users/${banned.id}/unban`)).statusCode).toBe(200);

    const result = await dashboard();
    expect(result.pendingRegimentRegistrations).toBe(2);
    expect(result.pendingOfficerRegistrations).toBe(1);
    expect(result.recentActivity).toEqual([
      {
        id: expect.any(Number),
        action: 'user.unban',
        targetType: 'user',
        targetId: banned.id,
        summary: "Unbanned user 'Deserter'",
        createdAt: expect.any(String),
        adminUsername: admin.username,
      },
      {
        id: expect.any(Number),
        action: 'user.ban',
        targetType: 'user',
        targetId: banned.id,
        summary: "Banned user 'Deserter'",
        createdAt: expect.any(String),
        adminUsername: admin.username,
      },
    ]);
  });
});

describe('GET /api/admin/status', () => {
  it('reports a live database check and the sign-in configuration', async () => {
    const response = await admin.client.get('/api/admin/status');
    expect(response.statusCode).toBe(200);
    const status = response.json<AdminStatus>();
    expect(status).toEqual({
      database: { ok: true, latencyMs: expect.any(Number) },
      steam: { openIdUrl: ctx.app.config.steam.openIdUrl, apiConfigured: false, fake: false },
      identityProvider: 'built-in',
      serverTime: expect.any(String),
    });
    expect(status.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(Math.abs(Date.parse(status.serverTime) - Date.now())).toBeLessThan(60_000);
    // The Steam Web API key itself is never shown.
    expect(response.body).not.toContain('apiKey');
  });
});
