/**
 * Every /api/admin endpoint with every role: 401 for visitors, 403 for signed-in users (banned or
 * not, officer owners included), through for admins, and for moderators through the staff endpoints
 * and 403 on the admins' (issue 33). The routes are read from
 * the running app, so a new admin route cannot be added without being walked here.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, TestClient, type TestContext } from '#server/test/app.js';
import type { App } from '#server/platform/types.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who each is for (issue 33): admins only, or staff (moderators beside admins). */
type Audience = 'admin' | 'staff';

const ADMIN_ENDPOINTS: { method: Method; url: string; audience: Audience }[] = [
  { method: 'GET', url: '/api/admin/dashboard', audience: 'admin' },
  { method: 'GET', url: '/api/admin/status', audience: 'admin' },
  { method: 'GET', url: '/api/admin/moderation', audience: 'staff' },
  { method: 'GET', url: '/api/admin/users', audience: 'admin' },
  { method: 'PATCH', url: '/api/admin/users/:id/ban', audience: 'admin' },
  { method: 'PATCH', url: '/api/admin/users/:id/unban', audience: 'admin' },
  { method: 'PUT', url: '/api/admin/users/:id/role', audience: 'admin' },
  { method: 'PATCH', url: '/api/admin/users/:id/suspend', audience: 'staff' },
  { method: 'DELETE', url: '/api/admin/users/:id/second-factor', audience: 'admin' },
  { method: 'GET', url: '/api/admin/appeals', audience: 'staff' },
  { method: 'POST', url: '/api/admin/appeals/:id/decide', audience: 'staff' },
  { method: 'GET', url: '/api/admin/cases/:type/:id', audience: 'staff' },
  { method: 'POST', url: '/api/admin/cases/:type/:id/notes', audience: 'staff' },
  { method: 'PUT', url: '/api/admin/cases/:type/:id/assignment', audience: 'staff' },
  { method: 'GET', url: '/api/admin/reviews/flagged', audience: 'staff' },
  { method: 'POST', url: '/api/admin/reviews/:id/approve', audience: 'staff' },
  { method: 'POST', url: '/api/admin/reviews/:id/reply/approve', audience: 'staff' },
  { method: 'GET', url: '/api/admin/waves', audience: 'staff' },
  { method: 'POST', url: '/api/admin/waves/:id/release', audience: 'staff' },
  { method: 'POST', url: '/api/admin/waves/:id/remove', audience: 'staff' },
  { method: 'POST', url: '/api/admin/waves/:id/reviews/:reviewId/release', audience: 'staff' },
  { method: 'POST', url: '/api/admin/waves/:id/reviews/:reviewId/remove', audience: 'staff' },
  { method: 'PATCH', url: '/api/admin/officers/:id', audience: 'admin' },
  { method: 'DELETE', url: '/api/admin/officers/:id', audience: 'admin' },
  { method: 'DELETE', url: '/api/admin/regiments/:id', audience: 'admin' },
  { method: 'PUT', url: '/api/admin/regiments/:id/owner', audience: 'admin' },
];

const REFUSAL: Record<Audience, string> = { admin: 'Admin access required.', staff: 'Moderator access required.' };

/** Registration decisions are served by the registrations feature, which tests its own guard. */
const OTHER_FEATURES = /^\/api\/admin\/registrations\//;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Method and full path of every route, read from Fastify's route tree printout. */
function registeredRoutes(app: App): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method, url: stack.join('') });
    }
  }
  return routes;
}

async function request(client: TestClient, method: Method, url: string) {
  const concrete = url.replace(/:[A-Za-z]+/g, '999999');
  return method === 'GET' ? client.get(concrete) : client.write(method, concrete);
}

describe('admin endpoints', () => {
  it('are exactly the ones walked here', () => {
    const found = registeredRoutes(ctx.app).filter((route) => route.url.startsWith('/api/admin/') && !OTHER_FEATURES.test(route.url));
    const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    expect(found.map(key).sort()).toEqual(ADMIN_ENDPOINTS.map(key).sort());
  });

  it('answer 401 to visitors (with a valid CSRF token)', async () => {
    const visitor = new TestClient(ctx.app);
    await visitor.fetchCsrfToken();
    for (const { method, url } of ADMIN_ENDPOINTS) {
      const response = await request(visitor, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('answer 403 to signed-in users who are not staff', async () => {
    const user = await signedInClient(ctx, { steamId: '76561190000000001' });
    const officerOwner = await signedInClient(ctx);
    await ctx.db.update(users).set({ isOfficer: true }).where(eq(users.id, officerOwner.userId));
    for (const client of [user.client, officerOwner.client]) {
      for (const { method, url, audience } of ADMIN_ENDPOINTS) {
        const response = await request(client, method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toEqual({ code: 'FORBIDDEN', message: REFUSAL[audience] });
      }
    }
  });

  it("let moderators through the staff endpoints only, and refuse the admins' with 403", async () => {
    const moderator = await signedInClient(ctx, { role: 'moderator' });
    for (const { method, url, audience } of ADMIN_ENDPOINTS) {
      const response = await request(moderator.client, method, url);
      if (audience === 'admin') {
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toEqual({ code: 'FORBIDDEN', message: 'Admin access required.' });
      } else {
        expect([401, 403], `${method} ${url}`).not.toContain(response.statusCode);
        expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    }
  });

  it('let admins through', async () => {
    const admin = await signedInClient(ctx, { isAdmin: true });
    for (const { method, url } of ADMIN_ENDPOINTS) {
      const response = await request(admin.client, method, url);
      expect([401, 403], `${method} ${url}`).not.toContain(response.statusCode);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
  });

  it('refuse writes without the CSRF token before anything else', async () => {
    const admin = await signedInClient(ctx, { isAdmin: true });
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${admin.userId + 1000}/ban`,
      headers: { cookie: admin.client.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('CSRF token');
  });
});
