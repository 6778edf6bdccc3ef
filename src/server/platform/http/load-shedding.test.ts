import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '#core/messages.js';
import { toErrorResponse } from './error-handler.js';
import { loadSheddingPlugin, overloadReporter } from './load-shedding.js';
import { Metrics } from './metrics.js';

describe('the overload report', () => {
  it('counts busy refusals and warns once per interval with the count, a last short burst included', () => {
    vi.useFakeTimers();
    try {
      const warnings: string[] = [];
      const report = overloadReporter({ warn: (message) => warnings.push(message) }, 10_000);
      for (let i = 0; i < 500; i++) report.refused();
      vi.advanceTimersByTime(9_999);
      expect(warnings).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(warnings).toEqual(['Overloaded: 500 request(s) refused with 503 (busy) in 10 s']);
      // A burst that ends before the interval does is still reported, once.
      report.refused();
      report.refused();
      vi.advanceTimersByTime(60_000);
      expect(warnings).toEqual([
        'Overloaded: 500 request(s) refused with 503 (busy) in 10 s',
        'Overloaded: 2 request(s) refused with 503 (busy) in 10 s',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('load shedding', () => {
  const app = Fastify({ logger: false });
  const metrics = new Metrics();
  let release: () => void = () => undefined;
  beforeAll(async () => {
    app.setErrorHandler((error, _request, reply) => {
      const { status, body } = toErrorResponse(error as Error);
      void reply.code(status).send(body);
    });
    // Holds every request until the test lets them all go.
    let gate = new Promise<void>((resolve) => (release = resolve));
    // Registered in the API's scope, as app.ts does.
    await app.register(
      async (api) => {
        await api.register(loadSheddingPlugin, { maxInFlight: 2, metrics });
        api.get('/slow', async () => {
          await gate;
          return { ok: true };
        });
        api.get('/reset', async () => {
          gate = new Promise<void>((resolve) => (release = resolve));
          return { ok: true };
        });
      },
      { prefix: '/api' },
    );
    app.get('/elsewhere', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('refuses work beyond the limit with 503 and the busy message, and takes it again once answered', async () => {
    const held = [app.inject({ method: 'GET', url: '/api/slow' }), app.inject({ method: 'GET', url: '/api/slow' })];
    await new Promise((resolve) => setImmediate(resolve));
    const refused = await app.inject({ method: 'GET', url: '/api/slow' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: MSG.server.busy, code: 'UNAVAILABLE' });
    // Only the API is limited: the web app's files are still served.
    expect((await app.inject({ method: 'GET', url: '/elsewhere' })).statusCode).toBe(200);

    release();
    expect((await Promise.all(held)).map((r) => r.statusCode)).toEqual([200, 200]);
    const reset = await app.inject({ method: 'GET', url: '/api/reset' });
    expect(reset.statusCode).toBe(200);
    // Every slot was given back, errors and refusals included.
    const next = [app.inject({ method: 'GET', url: '/api/slow' }), app.inject({ method: 'GET', url: '/api/slow' })];
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect((await Promise.all(next)).map((r) => r.statusCode)).toEqual([200, 200]);
  });
});
