/** Game statistics from the Steam Web API, cached in the database to spare the key's daily quota. */
import { eq, sql } from 'drizzle-orm';
import { MSG } from '#core/messages.js';
import { type SteamStatsResult } from '#core/steam.js';
import { fetchWarOfRightsStats } from '#server/adapters/steam/web-api.js';
import type { SteamConfig } from '#server/platform/config.js';
import type { Executor } from '#server/platform/db/client.js';
import { officers, steamStatsCache, users } from '#server/platform/db/schema.js';
import { notFound } from '#server/platform/errors.js';

const SUCCESS_TTL_MS = 10 * 60 * 1000;
const FAILURE_TTL_MS = 2 * 60 * 1000;

export async function getSteamStats(db: Executor, steam: SteamConfig, steamId: string): Promise<SteamStatsResult> {
  const [cached] = await db.select().from(steamStatsCache).where(eq(steamStatsCache.steamId, steamId)).limit(1);
  if (cached) {
    const result = cached.result as SteamStatsResult;
    const ttl = result.success ? SUCCESS_TTL_MS : FAILURE_TTL_MS;
    if (Date.now() - cached.fetchedAt.getTime() < ttl) return result;
  }
  if (!steam.apiKey) return { success: false, message: MSG.steam.notConfigured, stats: null };

  const result = await fetchWarOfRightsStats(steamId, { apiUrl: steam.apiUrl, apiKey: steam.apiKey });
  await db
    .insert(steamStatsCache)
    .values({ steamId, result, fetchedAt: new Date() })
    .onConflictDoUpdate({ target: steamStatsCache.steamId, set: { result, fetchedAt: sql`now()` } });
  return result;
}

export async function getOfficerSteamStats(db: Executor, steam: SteamConfig, officerId: number): Promise<SteamStatsResult> {
  const [row] = await db
    .select({ id: officers.id, steamId: users.steamId })
    .from(officers)
    .leftJoin(users, eq(users.officerId, officers.id))
    .where(eq(officers.id, officerId))
    .limit(1);
  if (!row) throw notFound('Officer');
  if (!row.steamId) return { success: false, message: MSG.steam.officerNoLinkedAccount, stats: null };
  return getSteamStats(db, steam, row.steamId);
}
