/** Game statistics as the API returns them (spec section 3, Game statistics result). */
export interface SteamStats {
  skirmish: number | null;
  conquest: number | null;
  picketPatrol: number | null;
  contention: number | null;
  total: number | null;
  STAT_PROGRESSION_EXPERIENCE: number | null;
}

export interface SteamStatsResult {
  success: boolean;
  message: string;
  stats: SteamStats | null;
}

export const WAR_OF_RIGHTS_APP_ID = 424030;

export const STEAM_MESSAGES = {
  statsUnavailable: 'Steam stats not available or your profile might be private.',
  statsError: 'Error loading Steam stats. Please try again later.',
  statsLoaded: 'Steam stats loaded.',
  notConfigured: 'Steam statistics are not available on this site right now.',
  noLinkedAccount: 'No Steam account is linked.',
  officerNoLinkedAccount: 'This officer has not linked a Steam account.',
  linkHint: 'Link your Steam account to see your game statistics.',
} as const;

/**
 * Why a Steam link failed, as a code carried back to the page in `?steamError=`, and the text the
 * page shows for it.
 */
export const STEAM_LINK_ERRORS = {
  cancelled: 'Steam sign-in was cancelled.',
  expired: 'The Steam sign-in took too long or was already used. Please try again.',
  invalid: 'Steam could not confirm your sign-in. Please try again.',
  unreachable: 'Steam could not be reached to confirm your sign-in. Please try again later.',
  taken: 'This Steam account is already linked to another user.',
} as const;
export type SteamLinkErrorCode = keyof typeof STEAM_LINK_ERRORS;
