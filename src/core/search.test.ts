import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, SORT_OPTIONS, buildSearchUrl } from './search.js';

describe('SORT_OPTIONS', () => {
  it('are the six options of spec section 2, /search, then Best Match (issue 15), highest rating by default', () => {
    expect(SORT_OPTIONS.map((o) => [o.value, o.label])).toEqual([
      ['rating-desc', 'Highest Average Rating'],
      ['rating-asc', 'Lowest Average Rating'],
      ['name-asc', 'Alphabetical A-Z'],
      ['name-desc', 'Alphabetical Z-A'],
      ['reviews-desc', 'Most Reviews'],
      ['reviews-asc', 'Least Reviews'],
      ['relevance-desc', 'Best Match'],
    ]);
    for (const o of SORT_OPTIONS) expect(o.value).toBe(`${o.sortBy}-${o.sortOrder}`);
    expect(DEFAULT_SORT).toEqual({ sortBy: 'rating', sortOrder: 'desc' });
  });
});

describe('buildSearchUrl', () => {
  it('is /search without filters', () => {
    expect(buildSearchUrl({})).toBe('/search');
    expect(buildSearchUrl({ q: '', sideId: 'all', regimentId: 'all' })).toBe('/search');
    expect(buildSearchUrl({ q: null, sideId: null, regimentId: undefined })).toBe('/search');
  });

  it('includes only the filters that are set and not all', () => {
    expect(buildSearchUrl({ q: 'lee', sideId: 2, regimentId: 'all' })).toBe('/search?q=lee&sideId=2');
    expect(buildSearchUrl({ sideId: 'all', regimentId: '7' })).toBe('/search?regimentId=7');
    expect(buildSearchUrl({ q: 'lee', sideId: '1', regimentId: 3 })).toBe('/search?q=lee&sideId=1&regimentId=3');
  });

  it('trims, and drops text that is only spaces', () => {
    expect(buildSearchUrl({ q: '  lee  ' })).toBe('/search?q=lee');
    expect(buildSearchUrl({ q: '   ' })).toBe('/search');
    expect(buildSearchUrl({ q: ' all ' })).toBe('/search');
  });

  it('encodes the text', () => {
    const url = buildSearchUrl({ q: 'Col. A&B = 100% #1' });
    expect(url).toBe('/search?q=Col.+A%26B+%3D+100%25+%231');
    expect(new URLSearchParams(url.split('?')[1]).get('q')).toBe('Col. A&B = 100% #1');
  });

  it('keeps the text ALL, which is a search, not the All choice', () => {
    expect(buildSearchUrl({ q: 'ALL' })).toBe('/search?q=ALL');
  });
});
