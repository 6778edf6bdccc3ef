import { describe, expect, it } from 'vitest';
import { CONFEDERATE, UNION, buildRegiment } from './home-fixtures';
import { selectFeaturedRegiments } from './select-featured-regiments';

describe('selectFeaturedRegiments', () => {
  it('picks the best-rated regiment of each side, Union first', () => {
    const regiments = [
      buildRegiment({ id: 1, name: '5th Alabama', sideId: CONFEDERATE.id, averageRating: 4.1 }),
      buildRegiment({ id: 2, name: '20th Maine', sideId: UNION.id, averageRating: 3.2 }),
      buildRegiment({ id: 3, name: '1st Texas', sideId: CONFEDERATE.id, averageRating: 4.6 }),
      buildRegiment({ id: 4, name: '69th New York', sideId: UNION.id, averageRating: 4.9 }),
    ];
    expect(selectFeaturedRegiments(regiments).map((r) => r.id)).toEqual([4, 3]);
  });

  it('ignores regiments without a rating, so a side may have no featured regiment', () => {
    const regiments = [
      buildRegiment({ id: 1, name: '5th Alabama', sideId: CONFEDERATE.id, averageRating: 0 }),
      buildRegiment({ id: 2, name: '20th Maine', sideId: UNION.id, averageRating: 2.5 }),
    ];
    expect(selectFeaturedRegiments(regiments).map((r) => r.id)).toEqual([2]);
    expect(selectFeaturedRegiments([])).toEqual([]);
  });

  it('breaks ties by review count, then by name', () => {
    const regiments = [
      buildRegiment({ id: 1, name: 'B Company', averageRating: 4, reviewCount: 3 }),
      buildRegiment({ id: 2, name: 'C Company', averageRating: 4, reviewCount: 9 }),
      buildRegiment({ id: 3, name: 'A Company', averageRating: 4, reviewCount: 9 }),
    ];
    expect(selectFeaturedRegiments(regiments).map((r) => r.id)).toEqual([3]);
  });
});
