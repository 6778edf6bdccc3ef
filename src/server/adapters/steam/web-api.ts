/**
 * Steam Web API: ISteamUserStats/GetUserStatsForGame/v2 for War of Rights, mapped to the spec's
 * statistics. Every failure becomes { success: false, message } — never an exception.
 */
import { MSG } from '#core/messages.js';
import { WAR_OF_RIGHTS_APP_ID, type SteamStats, type SteamStatsResult } from '#core/steam.js';

const TIMEOUT_MS = 5_000;

const STAT_NAMES = {
  skirmish: 'STAT_GAMES_PLAYED_SKIRMISH',
  conquest: 'STAT_GAMES_PLAYED_CONQUEST',
  picketPatrol: 'STAT_GAMES_PLAYED_PICKETPATROL',
  contention: 'STAT_GAMES_PLAYED_CONTENTION',
} as const;

interface PlayerStatsBody {
  playerstats?: { stats?: Array<{ name?: unknown; value?: unknown }>; error?: unknown };
}

export interface SteamApiOptions {
  apiUrl: string;
  apiKey: string;
  fetchImpl?: typeof fetch;
}

export async function fetchWarOfRightsStats(steamId: string, options: SteamApiOptions): Promise<SteamStatsResult> {
  const url = new URL(`${options.apiUrl}/ISteamUserStats/GetUserStatsForGame/v2/`);
  url.searchParams.set('appid', String(WAR_OF_RIGHTS_APP_ID));
  url.searchParams.set('steamid', steamId);
  url.searchParams.set('key', options.apiKey);

  let response: Response;
  try {
    response = await (options.fetchImpl ?? fetch)(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    return { success: false, message: MSG.steam.statsError, stats: null };
  }
  // Steam answers 400/403 for private profiles and accounts without the game.
  if (response.status === 400 || response.status === 403) {
    return { success: false, message: MSG.steam.statsUnavailable, stats: null };
  }
  if (!response.ok) return { success: false, message: MSG.steam.statsError, stats: null };

  let body: PlayerStatsBody;
  try {
    body = (await response.json()) as PlayerStatsBody;
  } catch {
    return { success: false, message: MSG.steam.statsError, stats: null };
  }
  const list = body.playerstats?.stats;
  if (!Array.isArray(list) || list.length === 0) {
    return { success: false, message: MSG.steam.statsUnavailable, stats: null };
  }
  return { success: true, message: MSG.steam.statsLoaded, stats: mapStats(list) };
}

export function mapStats(list: Array<{ name?: unknown; value?: unknown }>): SteamStats {
  const values = new Map<string, number>();
  for (const { name, value } of list) {
    if (typeof name === 'string' && typeof value === 'number' && Number.isFinite(value)) values.set(name, value);
  }
  const pick = (name: string) => values.get(name) ?? null;
  const played = {
    skirmish: pick(STAT_NAMES.skirmish),
    conquest: pick(STAT_NAMES.conquest),
    picketPatrol: pick(STAT_NAMES.picketPatrol),
    contention: pick(STAT_NAMES.contention),
  };
  const known = Object.values(played).filter((v): v is number => v !== null);
  return {
    ...played,
    total: known.length > 0 ? known.reduce((a, b) => a + b, 0) : null,
    STAT_PROGRESSION_EXPERIENCE: pick('STAT_PROGRESSION_EXPERIENCE'),
  };
}
