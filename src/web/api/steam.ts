import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '#core/api-paths';
import type { SteamStatsResult } from '#core/steam';
import { api } from '#web/lib/api-client';
import { PERSONAL } from './personal';

/**
 * Where the browser goes to link a Steam account (a navigation, not a fetch): the server starts the
 * Steam OpenID sign-in and comes back to `redirect`, or to the officer page for `officerId`, with
 * `?steamLinked=1` or `?steamError=<code>` (spec section 7, Authentication).
 */
export function steamSignInHref(target: { officerId: number } | { redirect: string }): string {
  return apiPaths.steamSignIn(target);
}

export const steamStatsKeys = {
  mine: (userId: number, steamId: string) => ['steam-stats', 'me', userId, steamId] as const,
  ofOfficer: (officerId: number) => ['steam-stats', 'officer', officerId] as const,
};

/**
 * The signed-in user's game statistics. The key carries the user and their Steam id, so linking an
 * account (a new steamId in the auth status) asks again instead of showing the old answer.
 */
export const mySteamStatsQueryOptions = (userId: number, steamId: string) =>
  queryOptions({
    queryKey: steamStatsKeys.mine(userId, steamId),
    queryFn: () => api.get<SteamStatsResult>(apiPaths.mySteamStats),
    ...PERSONAL,
  });

export const officerSteamStatsQueryOptions = (officerId: number) =>
  queryOptions({
    queryKey: steamStatsKeys.ofOfficer(officerId),
    queryFn: () => api.get<SteamStatsResult>(apiPaths.officerSteamStats(officerId)),
  });
