import { steamLinkErrorsMessages } from '#core/messages/steam-link-errors';
import type { SteamLinkErrorCode } from '#core/steam';

/** The query parameters the Steam link callback adds to the page it returns to. */
const STEAM_LINK_PARAMS = ['steamLinked', 'steamError'] as const;

type SteamLinkResult = { kind: 'linked' } | { kind: 'failed'; message: string };

function isSteamLinkErrorCode(code: string): code is SteamLinkErrorCode {
  return Object.hasOwn(steamLinkErrorsMessages, code);
}

/**
 * What the return from a Steam sign-in says: `?steamLinked=1` or `?steamError=<code>`; null when
 * the page was not reached from there. An unknown code gets the generic 'could not confirm' text.
 */
export function readSteamLinkResult(params: URLSearchParams): SteamLinkResult | null {
  const error = params.get('steamError');
  if (error !== null) {
    return { kind: 'failed', message: isSteamLinkErrorCode(error) ? steamLinkErrorsMessages[error] : steamLinkErrorsMessages.invalid };
  }
  if (params.get('steamLinked') === '1') return { kind: 'linked' };
  return null;
}

/** The same parameters without the Steam link ones, so a reload does not toast again. */
export function withoutSteamLinkParams(params: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(params);
  for (const name of STEAM_LINK_PARAMS) rest.delete(name);
  return rest;
}
