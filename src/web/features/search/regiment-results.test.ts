import { describe, expect, it } from 'vitest';
import { filterRegiments, selectRegimentResults, sortRegiments } from './regiment-results';
import { buildRegiment, REGIMENTS } from './search-fixtures';

const names = (list: Array<{ name: string }>) => list.map((r) => r.name);

describe('filterRegiments', () => {
  it('keeps everything without q or side', () => {
    expect(filterRegiments(REGIMENTS, { q: '', sideId: null })).toHaveLength(4);
  });

  it('matches q in the name or the description, ignoring case', () => {
    expect(names(filterRegiments(REGIMENTS, { q: 'maine', sideId: null }))).toEqual(['20th Maine', '15th Alabama']);
    expect(names(filterRegiments(REGIMENTS, { q: 'STONEWALL', sideId: null }))).toEqual(['2nd Virginia']);
  });

  it('ignores surrounding spaces in q and copes with a null description', () => {
    expect(names(filterRegiments(REGIMENTS, { q: '  minnesota ', sideId: null }))).toEqual(['1st Minnesota']);
  });

  it('keeps only the chosen side', () => {
    expect(names(filterRegiments(REGIMENTS, { q: '', sideId: 2 }))).toEqual(['2nd Virginia', '15th Alabama']);
    expect(names(filterRegiments(REGIMENTS, { q: 'maine', sideId: 2 }))).toEqual(['15th Alabama']);
  });

  it('treats q as text, not a pattern', () => {
    expect(filterRegiments(REGIMENTS, { q: '.*', sideId: null })).toEqual([]);
  });
});

describe('sortRegiments', () => {
  it('sorts by averageRating', () => {
    expect(names(sortRegiments(REGIMENTS, { sortBy: 'rating', sortOrder: 'desc' }))).toEqual([
      '20th Maine',
      '2nd Virginia',
      '1st Minnesota',
      '15th Alabama',
    ]);
    expect(names(sortRegiments(REGIMENTS, { sortBy: 'rating', sortOrder: 'asc' }))[0]).toBe('15th Alabama');
  });

  it('puts regiments without a review last in both rating orders', () => {
    const list = [
      ...REGIMENTS,
      buildRegiment({ id: 5, name: '1st Delaware', averageRating: 0, reviewCount: 0 }),
      buildRegiment({ id: 6, name: 'Alpha Unrated', averageRating: 0, reviewCount: 0 }),
    ];
    expect(names(sortRegiments(list, { sortBy: 'rating', sortOrder: 'asc' }))).toEqual([
      '15th Alabama',
      '1st Minnesota',
      '2nd Virginia',
      '20th Maine',
      '1st Delaware',
      'Alpha Unrated',
    ]);
    expect(names(sortRegiments(list, { sortBy: 'rating', sortOrder: 'desc' }))).toEqual([
      '20th Maine',
      '2nd Virginia',
      '1st Minnesota',
      '15th Alabama',
      '1st Delaware',
      'Alpha Unrated',
    ]);
    // The review sorts are about the count itself: Least Reviews starts with them.
    expect(names(sortRegiments(list, { sortBy: 'reviews', sortOrder: 'asc' })).slice(0, 2)).toEqual(['1st Delaware', 'Alpha Unrated']);
  });

  it('sorts by name, numbers by value and ignoring case', () => {
    const list = [
      buildRegiment({ id: 1, name: '20th Maine' }),
      buildRegiment({ id: 2, name: '2nd Virginia' }),
      buildRegiment({ id: 3, name: 'iron Brigade' }),
    ];
    expect(names(sortRegiments(list, { sortBy: 'name', sortOrder: 'asc' }))).toEqual(['2nd Virginia', '20th Maine', 'iron Brigade']);
    expect(names(sortRegiments(list, { sortBy: 'name', sortOrder: 'desc' }))).toEqual(['iron Brigade', '20th Maine', '2nd Virginia']);
  });

  it('sorts by reviewCount', () => {
    expect(names(sortRegiments(REGIMENTS, { sortBy: 'reviews', sortOrder: 'desc' }))).toEqual([
      '1st Minnesota',
      '15th Alabama',
      '20th Maine',
      '2nd Virginia',
    ]);
    expect(names(sortRegiments(REGIMENTS, { sortBy: 'reviews', sortOrder: 'asc' }))[0]).toBe('2nd Virginia');
  });

  it('orders ratings by rank score: thirty reviews of 4.7 above one of 5.0 (issue 16)', () => {
    const list = [
      buildRegiment({ id: 1, name: 'Lucky', averageRating: 5, reviewCount: 1 }),
      buildRegiment({ id: 2, name: 'Veteran', averageRating: 4.7, reviewCount: 30 }),
    ];
    expect(names(sortRegiments(list, { sortBy: 'rating', sortOrder: 'desc' }))).toEqual(['Veteran', 'Lucky']);
    expect(names(sortRegiments(list, { sortBy: 'rating', sortOrder: 'asc' }))).toEqual(['Lucky', 'Veteran']);
  });

  it('breaks ties by name A-Z whatever the direction', () => {
    const tied = [buildRegiment({ id: 1, name: 'B', averageRating: 4 }), buildRegiment({ id: 2, name: 'A', averageRating: 4 })];
    expect(names(sortRegiments(tied, { sortBy: 'rating', sortOrder: 'desc' }))).toEqual(['A', 'B']);
    expect(names(sortRegiments(tied, { sortBy: 'rating', sortOrder: 'asc' }))).toEqual(['A', 'B']);
  });

  it('returns a copy and leaves the input alone', () => {
    const before = names(REGIMENTS);
    sortRegiments(REGIMENTS, { sortBy: 'name', sortOrder: 'asc' });
    expect(names(REGIMENTS)).toEqual(before);
  });
});

describe('selectRegimentResults', () => {
  it('filters then sorts', () => {
    expect(names(selectRegimentResults(REGIMENTS, { q: 'maine', sideId: null, sortBy: 'name', sortOrder: 'asc' }))).toEqual([
      '15th Alabama',
      '20th Maine',
    ]);
  });
});

describe('sortRegiments by relevance (Best Match)', () => {
  const candidates = [
    buildRegiment({ id: 1, name: 'Old Guard', description: 'Guarded the Texas border', averageRating: 5, reviewCount: 9 }),
    buildRegiment({ id: 2, name: 'Lone Star Texas', averageRating: 1, reviewCount: 1 }),
    buildRegiment({ id: 3, name: '1st Texas', averageRating: 4, reviewCount: 2 }),
    buildRegiment({ id: 4, name: 'Texas Brigade', averageRating: 3, reviewCount: 4 }),
    buildRegiment({ id: 5, name: 'Westexas Rifles', averageRating: 4.5, reviewCount: 6 }),
    buildRegiment({ id: 6, name: 'Texas Rangers', averageRating: 4, reviewCount: 3 }),
  ];

  it('puts names starting with the text first, then a word starting with it, then names containing it, then description matches', () => {
    expect(names(sortRegiments(candidates, { sortBy: 'relevance', sortOrder: 'desc', q: 'texas' }))).toEqual([
      'Texas Rangers',
      'Texas Brigade',
      '1st Texas',
      'Lone Star Texas',
      'Westexas Rifles',
      'Old Guard',
    ]);
  });

  it('orders equal matches by rating, then name, and reads asc as desc (best first only)', () => {
    const asc = sortRegiments(candidates, { sortBy: 'relevance', sortOrder: 'asc', q: '  TEXAS ' });
    expect(asc).toEqual(sortRegiments(candidates, { sortBy: 'relevance', sortOrder: 'desc', q: 'texas' }));
    const tied = [buildRegiment({ id: 8, name: 'Texas B', averageRating: 3 }), buildRegiment({ id: 7, name: 'Texas A', averageRating: 3 })];
    expect(names(sortRegiments(tied, { sortBy: 'relevance', sortOrder: 'desc', q: 'tex' }))).toEqual(['Texas A', 'Texas B']);
  });

  it('is the rating order, best first, when no text is typed', () => {
    expect(names(sortRegiments(candidates, { sortBy: 'relevance', sortOrder: 'desc' }))[0]).toBe('Old Guard');
  });

  it('is what the Regiments tab shows for Best Match', () => {
    const results = selectRegimentResults(candidates, { q: 'texas', sideId: null, sortBy: 'relevance', sortOrder: 'desc' });
    expect(names(results)).toEqual(['Texas Rangers', 'Texas Brigade', '1st Texas', 'Lone Star Texas', 'Westexas Rifles', 'Old Guard']);
  });
});
