import { describe, expect, it } from 'vitest';
import { SORT_OPTIONS } from './search.js';
import { DEFAULT_SEARCH_STATE, fromSortValue, normalizeQuery, parseSearchParams, serializeSearchParams, toSortValue } from './search-params.js';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe('parseSearchParams', () => {
  it('gives the defaults for an empty query: no filters, officers tab, highest rating first', () => {
    expect(parse('')).toEqual(DEFAULT_SEARCH_STATE);
    expect(DEFAULT_SEARCH_STATE).toMatchObject({ showRegiments: false, sortBy: 'rating', sortOrder: 'desc' });
  });

  it('reads every parameter', () => {
    expect(parse('q=lee&sideId=2&regimentId=7&showRegiments=true&sortBy=name&sortOrder=asc')).toEqual({
      q: 'lee',
      sideId: 2,
      regimentId: 7,
      showRegiments: true,
      sortBy: 'name',
      sortOrder: 'asc',
    });
  });

  it.each(['all', '', 'abc', '-1', '0', '1.5', '1e3', '0x10', ' 2', '99999999999', '2147483648'])('ignores the id %j', (raw) => {
    const state = parse(`sideId=${encodeURIComponent(raw)}&regimentId=${encodeURIComponent(raw)}`);
    expect(state.sideId).toBeNull();
    expect(state.regimentId).toBeNull();
  });

  it('accepts the largest int4 id', () => {
    expect(parse('sideId=2147483647').sideId).toBe(2147483647);
  });

  it('ignores an unknown sortBy or sortOrder, each on its own', () => {
    expect(parse('sortBy=price&sortOrder=sideways')).toMatchObject({ sortBy: 'rating', sortOrder: 'desc' });
    expect(parse('sortBy=name&sortOrder=up')).toMatchObject({ sortBy: 'name', sortOrder: 'desc' });
    expect(parse('sortBy=NAME&sortOrder=asc')).toMatchObject({ sortBy: 'rating', sortOrder: 'asc' });
  });

  it('selects the Regiments tab only for showRegiments=true', () => {
    expect(parse('showRegiments=true').showRegiments).toBe(true);
    for (const raw of ['false', '1', 'TRUE', 'yes', '']) expect(parse(`showRegiments=${raw}`).showRegiments).toBe(false);
  });

  it('trims q and cuts it to the length the server accepts', () => {
    expect(parse('q=%20%20lee%20').q).toBe('lee');
    expect(parse(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });

  it('uses the first value of a repeated parameter', () => {
    expect(parse('sideId=1&sideId=2').sideId).toBe(1);
  });
});

describe('serializeSearchParams', () => {
  it('leaves every default out', () => {
    expect(serializeSearchParams(DEFAULT_SEARCH_STATE).toString()).toBe('');
  });

  it('writes the set values, with the sort as a pair', () => {
    const params = serializeSearchParams({
      q: ' Stonewall & co ',
      sideId: 2,
      regimentId: 3,
      showRegiments: true,
      sortBy: 'reviews',
      sortOrder: 'desc',
    });
    expect(Object.fromEntries(params)).toEqual({
      q: 'Stonewall & co',
      sideId: '2',
      regimentId: '3',
      showRegiments: 'true',
      sortBy: 'reviews',
      sortOrder: 'desc',
    });
  });

  it('writes both sort fields when only the order differs from the default', () => {
    expect(serializeSearchParams({ ...DEFAULT_SEARCH_STATE, sortOrder: 'asc' }).toString()).toBe('sortBy=rating&sortOrder=asc');
  });

  it('round-trips through parseSearchParams', () => {
    const state = { q: 'lee', sideId: 2, regimentId: null, showRegiments: false, sortBy: 'name', sortOrder: 'asc' } as const;
    expect(parseSearchParams(serializeSearchParams(state))).toEqual(state);
  });
});

describe('sort values', () => {
  it('maps every sort option both ways', () => {
    for (const option of SORT_OPTIONS) {
      expect(fromSortValue(option.value)).toEqual({ sortBy: option.sortBy, sortOrder: option.sortOrder });
      expect(toSortValue(option)).toBe(option.value);
    }
  });

  it('falls back to the default sort for an unknown value', () => {
    expect(fromSortValue('price-asc')).toEqual({ sortBy: 'rating', sortOrder: 'desc' });
  });
});

describe('normalizeQuery', () => {
  it('treats null, undefined and blank text as no text', () => {
    expect(normalizeQuery(null)).toBe('');
    expect(normalizeQuery(undefined)).toBe('');
    expect(normalizeQuery('   ')).toBe('');
  });
});
