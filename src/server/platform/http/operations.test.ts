/**
 * What an operator relies on (docs/operations.md): health checks for the load balancer, metrics on
 * their own port, and a start-up that names a database it cannot open in one line.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/platform/db/client.js';
import { createTestContext, type TestContext } from '#server/test/app.js';
import { tsxCommand } from '#server/test/tsx-command.js';
import { startMetricsServer } from './metrics.js';

describe('health checks', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers /healthz and /readyz without a session, never cached', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const answer = await ctx.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('is not ready while a migration this build knows is missing, nor while draining', async () => {
    const [latest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      ctx.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${latest!.id}`);
    try {
      const pending = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toEqual({ status: 'not ready', problem: 'migrations pending' });
      // Alive all the same: a restart would not help.
      expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${latest!.id}, ${latest!.hash}, ${latest!.created_at})`,
      );
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    ctx.app.lifecycle.draining = true;
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'not ready', problem: 'draining' });
    } finally {
      ctx.app.lifecycle.draining = false;
    }
  });
});

describe('metrics', () => {
  let ctx: TestContext;
  let server: Awaited<ReturnType<typeof startMetricsServer>>;
  beforeAll(async () => {
    ctx = await createTestContext({ maxInFlight: 1 });
    server = await startMetricsServer(ctx.app.metrics, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await server.close();
    await ctx.close();
  });

  const scrape = async () => {
    const answer = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    return answer.text();
  };

  it('counts requests by route pattern and status, cache hits and misses, and refusals, on their own port only', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/officers/999' });
    await ctx.app.inject({ method: 'GET', url: '/api/officers/998' });
    await ctx.app.inject({ method: 'GET', url: '/api/sides' });
    await ctx.app.inject({ method: 'GET', url: '/api/sides' });
    // One slot: of two uncached requests at once, one is refused.
    const both = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/auth/status' }),
      ctx.app.inject({ method: 'GET', url: '/api/auth/status' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 503]);

    const text = await scrape();
    // One series for every officer id: labels are route patterns, not URLs.
    expect(text).toContain('http_requests_total{route="/api/officers/:id",method="GET",status="404"} 2');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",route="\/api\/sides",method="GET",status="200"\} \d/);
    expect(text).toContain('response_cache_lookups_total{result="hit"} 1');
    expect(text).toMatch(/response_cache_lookups_total\{result="miss"\} [1-9]/);
    expect(text).toContain('http_requests_shed_total 1');
    expect(text).toContain('http_requests_in_flight 0');

    // Not on the public port, and nothing else on this one.
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
  });
});

describe('start-up with a database it cannot open', () => {
  const run = promisify(execFile);
  it('stops with one line naming the database and the reason, not a stack trace', async () => {
    const env = {
      ...process.env,
      DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/wor_missing',
      SESSION_SECRET: 'a-session-secret-a-session-secret-0123',
      LOG_LEVEL: 'silent',
    };
    const failure = await run(...tsxCommand('src/server/main.ts'), { env }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    const lines = failure!.stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual(['Cannot open PostgreSQL at 127.0.0.1:1/wor_missing (DATABASE_URL): nothing is listening there (is PostgreSQL running?)']);
    expect(failure!.stderr).not.toContain('hunter2');
  });
});
