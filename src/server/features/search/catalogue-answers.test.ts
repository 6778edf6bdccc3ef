/**
 * The search lists answer with JSON put together from each officer's kept head
 * (SearchCatalogue.officerAnswersJson): it must be the value of officerAnswer, whatever changed since
 * the head was made.
 */
import { describe, expect, it } from 'vitest';
import type { OfficerRecord, RegimentRecord } from './catalogue-source.js';
import { SearchCatalogue } from './catalogue.js';

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
