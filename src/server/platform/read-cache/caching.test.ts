import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#server/test/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('HTTP caching of public reads', () => {
  it('answers an ETag, and 304 Not Modified when the client has the same body', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/sides' });
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await ctx.app.inject({ method: 'GET', url: '/api/sides', headers: { 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps private answers out of shared caches', async () => {
    const status = await ctx.app.inject({ method: 'GET', url: '/api/auth/status' });
    expect(status.headers['cache-control']).toBe('no-store');
  });
});
