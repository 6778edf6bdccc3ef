import type { steamLinkErrorsMessages } from '#core/messages/steam-link-errors.js';

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

/** Why a Steam link failed, as a code carried back to the page in `?steamError=` (its text: steamLinkErrorsMessages). */
export type SteamLinkErrorCode = keyof typeof steamLinkErrorsMessages;
