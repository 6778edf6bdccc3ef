/**
 * The /search Regiments tab's finder filters in the URL (issue 36, item 5): region, language and
 * recruiting=true, beside the screen's other parameters (search-params.ts). Apart from them because
 * search-params.ts is read on the first screen and these only on the Regiments tab. As there, a
 * value that is not valid is ignored, never an error.
 */
import { LANGUAGE_CODES, REGIONS, type LanguageCode, type Region, type RegimentFactsFilter } from './regiment-facts.js';

export interface RegimentFinderState {
  region: Region | null;
  language: LanguageCode | null;
  /** Only regiments that say they recruit; false means no such filter. */
  recruiting: boolean;
}

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | null {
  return values.find((value) => value === raw) ?? null;
}

export function parseRegimentFinderParams(params: URLSearchParams): RegimentFinderState {
  return {
    region: oneOf(REGIONS, params.get('region')),
    language: oneOf(LANGUAGE_CODES, params.get('language')),
    recruiting: params.get('recruiting') === 'true',
  };
}

/** The finder's parameters added to the rest of the query string; unset filters are left out. */
export function writeRegimentFinderParams(params: URLSearchParams, state: RegimentFinderState): URLSearchParams {
  if (state.region !== null) params.set('region', state.region);
  if (state.language !== null) params.set('language', state.language);
  if (state.recruiting) params.set('recruiting', 'true');
  return params;
}

/** The filter a state asks of the regiment list: the test GET /api/regiments?region=&language=&recruiting=&sideId= applies. */
export function regimentFactsFilterOf(state: Partial<RegimentFinderState> & { sideId: number | null }): RegimentFactsFilter {
  return {
    region: state.region ?? undefined,
    language: state.language ?? undefined,
    recruiting: state.recruiting || undefined,
    sideId: state.sideId ?? undefined,
  };
}
