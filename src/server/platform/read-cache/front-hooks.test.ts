import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#server/test/app.js';
import { FRONT_HOOK_DECISIONS, frontHookProblems, registeredRequestHooks } from './front-hooks.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The root and every scope an API route is registered in (the API's own and its features'). */
function scopesOf(app: TestContext['app']): object[] {
  const scopes = new Set<object>([app]);
  for (const route of app.routeList) if (route.url.startsWith('/api/') && route.scope) scopes.add(route.scope);
  return [...scopes];
}

describe('the hooks the front server does not run', () => {
  it('are each recorded with whether the front server honours them, and every record is a registered hook', () => {
    const registered = registeredRequestHooks(scopesOf(ctx.app));
    // The hooks are really read: the root's and the API's own are there.
    expect(registered).toContainEqual({ hook: 'onRequest', name: 'setSecurityHeaders' });
    expect(registered).toContainEqual({ hook: 'preValidation', name: 'readSessionAndCheckCsrf' });
    expect(frontHookProblems(registered)).toEqual([]);
  });

  it('fails on a hook added without a decision, and on a decision about a hook that is gone', async () => {
    const app = Fastify();
    // The scopes as app.ts records them: `this` in onRoute is the scope a route is registered in.
    const scopes = new Set<object>([app]);
    app.addHook('onRoute', function recordScope() {
      scopes.add(this);
    });
    await app.register(async (api) => {
      api.addHook('preHandler', async function checkSomethingNew() {});
      api.addHook('onSend', async (_request, _reply, payload) => payload);
      api.get('/api/thing', async () => ({}));
    });
    await app.ready();
    const registered = registeredRequestHooks(scopes);
    expect(
      frontHookProblems(registered, [{ hook: 'onResponse', name: 'countAnswer', owner: 'http/metrics.ts', front: 'front honours: its own counter' }]),
    ).toEqual([
      'preHandler checkSomethingNew: registered, but no decision on whether the front server honours it (read-cache/front-hooks.ts)',
      'onSend (anonymous): registered, but no decision on whether the front server honours it (read-cache/front-hooks.ts)',
      'onResponse countAnswer: decided on, but no longer registered',
    ]);
    await app.close();
  });

  it('says for each one either why the front may skip it or how the front does its work', () => {
    for (const decision of FRONT_HOOK_DECISIONS) expect(decision.front).toMatch(/^front (skips|honours): \S/);
  });
});
