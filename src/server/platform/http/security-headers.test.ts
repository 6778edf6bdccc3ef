import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_BOOT_SCRIPT } from '#core/theme.js';
import { createTestContext, type TestContext } from '#server/test/app.js';
import { securityHeadersOf } from './security-headers.js';

describe('security headers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('are on every answer: a read, a refusal, a not-found', async () => {
    for (const [url, status] of [
      ['/api/sides', 200],
      ['/api/reviews/my', 401],
      ['/api/no-such-thing', 404],
    ] as const) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Plain HTTP here: HSTS only when the site is served over HTTPS.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('are worked out once, so a policy that would depend on the request is refused at start-up', () => {
    expect(securityHeadersOf({ strictTransportSecurity: true })['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(() =>
      securityHeadersOf({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", (request) => `'nonce-${String(request.headers.host)}'`] } } }),
    ).toThrow(/must not depend on the request/);
  });

  it("allow the theme's inline script by its hash, and no other inline script", async () => {
    const policy = String((await ctx.app.inject({ url: '/api/sides' })).headers['content-security-policy']);
    const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src'));
    const hash = createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64');
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
  });
});
