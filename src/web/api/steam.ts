import { queryOptions } from '@tanstack/react-query';
import type { SteamStatsResult } from '../../core/steam';
import { api } from '../lib/api-client';

/**
 * Where the browser goes to link a Steam account (a navigation, not a fetch): the server starts the
 * Steam OpenID sign-in and comes back to `redirect`, or to the officer page for `officerId`, with
 * `?steamLinked=1` or `?steamError=<code>` (spec section 7, Authentication).
 */
export function steamSignInHref(target: { officerId: number } | { redirect: string }): string {
  const query = new URLSearchParams('officerId' in target ? { officerId: String(target.officerId) } : { redirect: target.redirect });
  // Slashes are legal in a query string; keeping them makes the link readable (/my-stats).
  return `/api/auth/steam?${query.toString().replaceAll('%2F', '/')}`;
}

/**
 * The signed-in user's game statistics. The key carries the user and their Steam id, so linking an
 * account (a new steamId in the auth status) asks again instead of showing the old answer.
 */
export const mySteamStatsQueryOptions = (userId: number, steamId: string) =>
  queryOptions({
    queryKey: ['steam-stats', 'me', userId, steamId],
    queryFn: () => api.get<SteamStatsResult>('/api/users/me/steam-stats'),
  });

export const officerSteamStatsQueryOptions = (officerId: number) =>
  queryOptions({
    queryKey: ['steam-stats', 'officer', officerId],
    queryFn: () => api.get<SteamStatsResult>(`/api/officers/${officerId}/steam-stats`),
  });
