import { describe, expect, it } from 'vitest';
import { parseRegimentFinderParams, regimentFactsFilterOf, writeRegimentFinderParams } from './regiment-finder-params.js';

const parse = (query: string) => parseRegimentFinderParams(new URLSearchParams(query));

describe('the regiment finder in the /search URL', () => {
  it('reads region, language and recruiting', () => {
    expect(parse('region=EU&language=de&recruiting=true')).toEqual({ region: 'EU', language: 'de', recruiting: true });
    expect(parse('')).toEqual({ region: null, language: null, recruiting: false });
  });

  it('ignores a region, language or recruiting the finder does not offer', () => {
    expect(parse('region=Mars&language=klingon&recruiting=yes')).toEqual({ region: null, language: null, recruiting: false });
    expect(parse('region=eu&language=DE')).toEqual({ region: null, language: null, recruiting: false });
  });

  it('writes only the set filters, and round-trips', () => {
    expect(writeRegimentFinderParams(new URLSearchParams('q=x'), { region: null, language: null, recruiting: false }).toString()).toBe('q=x');
    const state = { region: 'OCE', language: 'fr', recruiting: true } as const;
    expect(parseRegimentFinderParams(writeRegimentFinderParams(new URLSearchParams(), state))).toEqual(state);
  });

  it('asks the list for the filters that are set, with the side', () => {
    expect(regimentFactsFilterOf({ region: 'NA', language: null, recruiting: false, sideId: 2 })).toEqual({
      region: 'NA',
      language: undefined,
      recruiting: undefined,
      sideId: 2,
    });
  });
});
