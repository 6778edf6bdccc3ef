/**
 * Health checks for a load balancer or an orchestrator (docs/operations.md). Both live outside the
 * API's scope: no session is looked up, no load shedding refuses them, nothing is cached.
 * - GET /healthz: the process is alive and its event loop answers. Nothing else is checked, so a
 *   database outage does not get every process restarted.
 * - GET /readyz: this process should get traffic: every migration this build knows is applied and
 *   the process is not draining for a shutdown. 503 otherwise, with the reason. A database that
 *   cannot be reached answers 200 "degraded": every process shares it, so failing them all would
 *   have the balancer answer 503 for the whole site, where the processes still serve what they
 *   have kept and tell writers when to come back (issue 37, item 2).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { isDatabaseUnreachable } from '#server/platform/db/availability.js';
import { migrationsFolder, queryRows, type Database } from '#server/platform/db/client.js';

/** Shared with main.ts's shutdown: set once the process stops taking new work. */
export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** A readiness check that takes longer than this has failed: the balancer should look elsewhere. */
const READY_CHECK_TIMEOUT_MS = 2_000;

export const healthRoutes = fp<{ db: Database; lifecycle: Lifecycle }>(async (app, { db, lifecycle }) => {
  const latestMigration = latestMigrationTime();

  app.get('/healthz', async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    const problem = lifecycle.draining ? 'draining' : await withTimeout(databaseProblem(db, latestMigration), READY_CHECK_TIMEOUT_MS);
    if (problem === null) return { status: 'ready' };
    if (problem === DATABASE_UNREACHABLE) return { status: 'degraded', problem };
    request.log.warn({ problem }, 'not ready');
    return reply.code(503).send({ status: 'not ready', problem });
  });
});

const DATABASE_UNREACHABLE = 'database unreachable';

/** Why the database cannot serve this build, or null when it can. */
async function databaseProblem(db: Database, latestMigration: number): Promise<string | null> {
  try {
    // drizzle's migrator records each migration's journal time; it is up to date when the newest is there.
    const [row] = await queryRows<{ latest: string | number | null }>(db, sql`select max(created_at) as latest from drizzle.__drizzle_migrations`);
    return Number(row?.latest ?? 0) >= latestMigration ? null : 'migrations pending';
  } catch (error) {
    return isDatabaseUnreachable(error) ? DATABASE_UNREACHABLE : 'database failed';
  }
}

function latestMigrationTime(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

async function withTimeout(check: Promise<string | null>, ms: number): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('database too slow'), ms)));
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
