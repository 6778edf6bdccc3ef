/**
 * The long tail's draws (issue 15, item 4): typed terms are 3 to 8 letter prefixes of real names,
 * ids, sides and reviewers come from the population, and a seed gives the same sequence every time.
 */
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '#server/seed/random.js';
import { TYPED_LETTERS, longTailDraws, prefixWithLetters, type LongTailPopulation } from './long-tail.js';

const population: LongTailPopulation = {
  officers: [
    { id: 3, name: 'Orville Hunt' },
    { id: 8, name: 'J. Dix' },
    { id: 21, name: 'Amos "Muddy" Shields' },
    { id: 34, name: 'Harrison C. Young' },
    { id: 55, name: 'Calvin M. Webster' },
  ],
  sideIds: [1, 2],
  reviewerIds: [4, 9, 16, 25],
};

const letters = (s: string) => [...s].filter((c) => /\p{L}/u.test(c)).length;

describe('prefixWithLetters', () => {
  it('counts letters, not spaces or punctuation', () => {
    expect(prefixWithLetters('J. Dix', 3)).toBe('J. Di');
    expect(prefixWithLetters('Amos "Muddy" Shields', 6)).toBe('Amos "Mu');
    expect(prefixWithLetters('Orville Hunt', 3)).toBe('Orv');
    expect(prefixWithLetters('Orville Hunt', 8)).toBe('Orville H');
  });

  it('gives the whole name when it has fewer letters', () => {
    expect(prefixWithLetters('Al', 3)).toBe('Al');
  });
});

describe('longTailDraws', () => {
  const sequence = (seed: number, n: number) => {
    const draws = longTailDraws(population, new SeededRandom(seed));
    return Array.from({ length: n }, () => [draws.officerId(), draws.typedTerm(), draws.sideId()] as const);
  };

  it('types 3 to 8 letters of a real name, every length in that range', () => {
    const lengths = new Set<number>();
    for (const [, term] of sequence(7, 2000)) {
      expect(population.officers.some((o) => o.name.startsWith(term))).toBe(true);
      expect(letters(term)).toBeGreaterThanOrEqual(TYPED_LETTERS.min);
      expect(letters(term)).toBeLessThanOrEqual(TYPED_LETTERS.max);
      expect(term).toBe(term.trimEnd());
      lengths.add(letters(term));
    }
    expect([...lengths].sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('draws every officer and side of the population, and nothing else', () => {
    const drawn = sequence(11, 2000);
    expect(new Set(drawn.map(([id]) => id))).toEqual(new Set(population.officers.map((o) => o.id)));
    expect(new Set(drawn.map(([, , side]) => side))).toEqual(new Set(population.sideIds));
  });

  it('draws every reviewer of the population, and nothing else', () => {
    const draws = longTailDraws(population, new SeededRandom(13));
    const drawn = Array.from({ length: 2000 }, () => draws.reviewerId());
    expect(new Set(drawn)).toEqual(new Set(population.reviewerIds));
  });

  it('leaves the other draws as they were: a reviewer is drawn only when asked for', () => {
    // The long-tail mix shares one generator between its kinds; the reviewers must not shift them.
    const withReviewers = longTailDraws(population, new SeededRandom(1865));
    const without = longTailDraws({ ...population, reviewerIds: [1] }, new SeededRandom(1865));
    expect(Array.from({ length: 50 }, () => withReviewers.officerId())).toEqual(Array.from({ length: 50 }, () => without.officerId()));
  });

  it('gives the same sequence for a seed, another for another seed', () => {
    expect(sequence(1865, 50)).toEqual(sequence(1865, 50));
    expect(sequence(1865, 50)).not.toEqual(sequence(1866, 50));
  });

  it('refuses an empty population', () => {
    expect(() => longTailDraws({ ...population, officers: [] }, new SeededRandom(1))).toThrow(/public officers/);
    expect(() => longTailDraws({ ...population, reviewerIds: [] }, new SeededRandom(1))).toThrow(/reviewers/);
  });
});
