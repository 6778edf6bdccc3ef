/**
 * The search lists answer with JSON put together from each officer's kept head
 * (SearchCatalogue.officerAnswersJson): it must be the value of officerAnswer, whatever changed since
 * the head was made.
 */
import { describe, expect, it } from 'vitest';
import type { OfficerRecord, RegimentRecord } from './catalogue-source.js';
import { SearchCatalogue } from './catalogue.js';
import { searchOfficerList } from './officer-search.js';

const regiment = (id: number, changes: Partial<RegimentRecord> = {}): RegimentRecord => ({
  id,
  name: `${id}th Maine Infantry – Tigers [${id}ME]`,
  description: `Drill "Wednesdays" at 8 \\ EST ${id}`,
  bannerImageUrl: null,
  sideId: 1,
  isActive: true,
  officerCount: 2,
  averageRating: 4.1,
  reviewCount: 9,
  ...changes,
});

const officer = (id: number, regimentId: number, changes: Partial<OfficerRecord> = {}): OfficerRecord => ({
  id,
  name: `Joshua "Lion" Chamberlain ${id}`,
  rank: 'Col.',
  regimentId,
  averageRating: 4.25,
  leadershipRating: 4.5,
  tacticsRating: 4,
  communicationRating: 4.25,
  fairnessRating: 4.25,
  reviewCount: id,
  profileImageUrl: id % 2 ? '/api/images/abc.webp' : null,
  isActive: true,
  linkedUsername: id % 2 ? 'Tozier' : null,
  linkedSteamId: id % 2 ? '76561198000000042' : null,
  ...changes,
});

function catalogueOf(officers: OfficerRecord[]) {
  return new SearchCatalogue(
    {
      communityMean: 3.9,
      sides: [
        { id: 1, name: 'Union', code: 'USA' },
        { id: 2, name: 'Confederacy', code: 'CSA' },
      ],
      regiments: [regiment(20), regiment(21, { bannerImageUrl: '/api/images/flag.webp', description: null })],
      officers,
    },
    5,
  );
}

/** What the answers must be: JSON.stringify of officerAnswer, read back. */
const expected = (catalogue: SearchCatalogue, officers: OfficerRecord[]) => officers.map((o) => catalogue.officerAnswer(o));
const answered = (catalogue: SearchCatalogue, officers: OfficerRecord[]) => JSON.parse(catalogue.officerAnswersJson(officers).toString('utf8'));

describe('SearchCatalogue.officerAnswersJson', () => {
  it('is the JSON of each officer answer, in order, and [] for none', () => {
    const officers = [officer(1, 20), officer(2, 21), officer(3, 20, { reviewCount: 0, averageRating: 0 })];
    const catalogue = catalogueOf(officers);
    expect(answered(catalogue, [])).toEqual([]);
    // Made, then kept: both times the same value.
    for (let i = 0; i < 2; i++)
      expect(answered(catalogue, [officers[2]!, officers[0]!, officers[1]!])).toEqual(
        expected(catalogue, [officers[2]!, officers[0]!, officers[1]!]),
      );
    expect(answered(catalogue, officers)[0]).toMatchObject({ regiment: { name: '20th Maine Infantry – Tigers [20ME]' }, side: { code: 'USA' } });
  });

  it('follows a changed officer, a changed regiment and a new community mean', () => {
    const officers = [officer(1, 20), officer(2, 21)];
    const catalogue = catalogueOf(officers);
    answered(catalogue, officers);

    const renamed = officer(1, 21, { name: 'Adelbert Ames', averageRating: 3.5 });
    catalogue.applyOfficers([1], [renamed]);
    catalogue.applyRegiments([21], [regiment(21, { description: 'Now recruiting', sideId: 2 })]);
    catalogue.applyCommunityMean(4.6);
    const now = [renamed, officers[1]!];
    expect(answered(catalogue, now)).toEqual(expected(catalogue, now));
    expect(answered(catalogue, now)[0]).toMatchObject({ name: 'Adelbert Ames', regiment: { description: 'Now recruiting' }, side: { code: 'CSA' } });
  });
});

describe('the order of a search, from the matches each officer keeps', () => {
  const listed = (catalogue: SearchCatalogue, sortBy: 'name' | 'rating', sortOrder: 'asc' | 'desc') =>
    searchOfficerList(catalogue, { q: 'Chamberlain', sortBy, sortOrder }).ids;

  it('follows a rename, a new rating and a new community mean', () => {
    const officers = [
      officer(1, 20, { name: 'Chamberlain Able', averageRating: 5, reviewCount: 2 }),
      officer(2, 20, { name: 'Chamberlain Baker', averageRating: 4.2, reviewCount: 40 }),
      officer(3, 21, { name: 'Chamberlain Cole', averageRating: 3, reviewCount: 10 }),
    ];
    const catalogue = catalogueOf(officers);
    expect(listed(catalogue, 'name', 'asc')).toEqual([1, 2, 3]);
    // Against the mean of 3.9 (weight 5): two reviews of 5 rank 4.21, forty of 4.2 rank 4.17.
    expect(listed(catalogue, 'rating', 'desc')).toEqual([1, 2, 3]);

    catalogue.applyOfficers([1], [{ ...officers[0]!, name: 'Chamberlain Zane' }]);
    expect(listed(catalogue, 'name', 'asc')).toEqual([2, 3, 1]);

    // Ninety reviews of 5 rank 4.94.
    catalogue.applyOfficers([3], [{ ...officers[2]!, averageRating: 5, reviewCount: 90 }]);
    expect(listed(catalogue, 'rating', 'desc')).toEqual([3, 1, 2]);

    // Against a mean of 1: two reviews of 5 rank 2.14, forty of 4.2 rank 3.84.
    catalogue.applyCommunityMean(1);
    expect(listed(catalogue, 'rating', 'desc')).toEqual([3, 2, 1]);
    expect(listed(catalogue, 'rating', 'asc')).toEqual([1, 2, 3]);
  });
});
