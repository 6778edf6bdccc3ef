import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#server/test/app.js';
import type { RegisteredRoute } from '#server/platform/types.js';
import { cachePolicyProblems } from './route-policy.js';
import { cacheTags } from './tags.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the cache policy of every route', () => {
  it('is declared by every GET under /api, in its route config, and by no other method', () => {
    const apiGets = ctx.app.routeList.filter((route) => route.method === 'GET' && route.url.startsWith('/api/'));
    // The walk sees the whole API: its public reads, and those never kept.
    expect(apiGets.length).toBeGreaterThan(30);
    expect(apiGets.some((route) => typeof route.config?.cache === 'object')).toBe(true);
    expect(apiGets.some((route) => route.config?.cache === 'private')).toBe(true);
    expect(cachePolicyProblems(ctx.app.routeList)).toEqual([]);
  });

  it('keeps the answers of these routes private, whatever their URL', () => {
    const policyOf = (url: string) => ctx.app.routeList.find((route) => route.method === 'GET' && route.url === url)?.config?.cache;
    for (const url of [
      '/api/auth/status',
      '/api/csrf-token',
      '/api/reviews/my',
      '/api/reviews/:id/vote',
      '/api/users/me/steam-stats',
      '/api/users/me/settings',
      '/api/users/me/follows',
      '/api/admin/users',
    ]) {
      expect(policyOf(url), url).toBe('private');
    }
  });

  it('reports a GET that declares none, and a write that declares one', () => {
    const routes: RegisteredRoute[] = [
      { method: 'GET', url: '/api/sides', config: { cache: { public: () => [cacheTags.lists] } } },
      { method: 'GET', url: '/api/new-list' },
      { method: 'GET', url: '/api/new-private', config: { cache: 'privat' as never } },
      { method: 'POST', url: '/api/new-write', config: { cache: 'private', invalidates: 'none' } },
      { method: 'PUT', url: '/api/undeclared-write' },
      { method: 'DELETE', url: '/api/declared-write', config: { invalidates: [cacheTags.lists] } },
      { method: 'PATCH', url: '/api/handler-knows', config: { invalidates: 'set-by-handler' } },
      { method: 'GET', url: '/healthz' },
    ];
    expect(cachePolicyProblems(routes)).toEqual([
      expect.stringMatching(/^GET \/api\/new-list: declare config.cache/),
      expect.stringMatching(/^GET \/api\/new-private: declare config.cache/),
      'POST /api/new-write: only a GET declares config.cache',
      expect.stringMatching(/^PUT \/api\/undeclared-write: declare config.invalidates/),
    ]);
  });

  it('sees an undeclared route registered on a Fastify app, as the app records routes', async () => {
    const app = Fastify();
    const routes: RegisteredRoute[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, config: route.config });
    });
    await app.register(
      async (api) => {
        api.get('/declared', { config: { cache: 'not-kept' } }, async () => ({}));
        api.get('/undeclared', async () => ({}));
      },
      { prefix: '/api' },
    );
    await app.ready();
    expect(cachePolicyProblems(routes)).toEqual([expect.stringMatching(/^GET \/api\/undeclared: /)]);
    await app.close();
  });
});
