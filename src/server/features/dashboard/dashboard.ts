/** The admin dashboard's figures and the live system status (spec section 2, /admin). */
import { eq, sql } from 'drizzle-orm';
import type { AdminDashboard, AdminStatus, ModerationSummary } from '#core/api.js';
import type { Config } from '#server/platform/config.js';
import type { Executor } from '#server/platform/db/client.js';
import { appeals, officerRegistrations, regimentRegistrations, reviewFlags, reviewWaves } from '#server/platform/db/schema.js';
import { listRecentAdminActions } from '#server/domain/audit-log.js';

/** The dashboard keeps its own small counts: the areas' own queries are theirs to change. */
export async function getAdminDashboard(db: Executor): Promise<AdminDashboard> {
  const openWaves = await countOpenWaves(db);
  const [regimentCount] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(regimentRegistrations)
    .where(eq(regimentRegistrations.status, 'pending'));
  const [officerCount] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(officerRegistrations)
    .where(eq(officerRegistrations.status, 'pending'));
  return {
    pendingRegimentRegistrations: regimentCount?.n ?? 0,
    pendingOfficerRegistrations: officerCount?.n ?? 0,
    openReviewWaves: openWaves,
    recentActivity: await listRecentAdminActions(db),
  };
}

async function countOpenWaves(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewWaves)
    .where(eq(reviewWaves.status, 'open'));
  return row?.n ?? 0;
}

/** What waits for a moderator (issue 33): flagged reviews and replies (one each, however many flags), open waves and appeals. */
export async function getModerationSummary(db: Executor): Promise<ModerationSummary> {
  const [flagged] = await db
    .select({ n: sql<number>`count(distinct (${reviewFlags.reviewId}, coalesce(${reviewFlags.replyId}, 0)))::int` })
    .from(reviewFlags)
    .where(eq(reviewFlags.status, 'pending'));
  const [appealsOpen] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appeals)
    .where(eq(appeals.status, 'open'));
  return { flaggedItems: flagged?.n ?? 0, openReviewWaves: await countOpenWaves(db), openAppeals: appealsOpen?.n ?? 0 };
}

/**
 * Checks made at each request instead of the spec's static text, so the tab tells the truth:
 * a timed `select 1`, and what the Steam sign-in is configured to use. Sign-in with email and
 * password is built into this server (no hosted identity service).
 */
export async function checkSystemStatus(db: Executor, config: Config, log: { warn(obj: unknown, msg: string): void }): Promise<AdminStatus> {
  const started = performance.now();
  let database: AdminStatus['database'];
  try {
    await db.execute(sql`select 1`);
    database = { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch (error) {
    log.warn({ err: error }, 'database status check failed');
    database = { ok: false, latencyMs: null };
  }
  return {
    database,
    steam: { openIdUrl: config.steam.openIdUrl, apiConfigured: config.steam.apiKey !== null, fake: config.steam.fake === true },
    identityProvider: config.identityProvider === 'firebase' ? 'firebase' : 'built-in',
    serverTime: new Date().toISOString(),
  };
}
