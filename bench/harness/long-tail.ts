/**
 * The long tail (issue 15, item 4): real visitors each open a different officer and type a different
 * term, so most of their requests are not the URL the previous visitor asked for. The long-tail
 * scenarios draw every request afresh, uniformly over all public officers of the dataset (or all
 * reviewers with a public profile), from a seeded generator, so a run is reproducible while the
 * cache sees what a crowd would send.
 */
import type { SeededRandom } from '#server/seed/random.js';

/** What a visitor types into the search: a prefix of a real name holding this many letters. */
export const TYPED_LETTERS = { min: 3, max: 8 } as const;

export interface LongTailPopulation {
  /** Every public officer (active, in an active regiment), with or without reviews. */
  officers: ReadonlyArray<{ id: number; name: string }>;
  /** The sides a search can be narrowed to. */
  sideIds: readonly number[];
  /**
   * Every account with a public reviewer profile and a review that counts on it (issue 36, item 3):
   * not banned or suspended, at least one review not held, of a public officer. In id order.
   */
  reviewerIds: readonly number[];
}

const LETTER = /\p{L}/u;

/**
 * The shortest prefix of `name` holding `letters` letters, or the whole name when it has fewer.
 * Letters, not characters: "J. Dix" typed to three letters is "J. Di", never "J. " (which the
 * server trims to "J.", a term too short for the trigram indexes that a real three-letter term uses).
 */
export function prefixWithLetters(name: string, letters: number): string {
  let seen = 0;
  let length = 0;
  for (const character of name) {
    length += character.length;
    if (LETTER.test(character) && ++seen === letters) return name.slice(0, length);
  }
  return name;
}

/** Draws from one generator, so the sequence depends on its seed alone. */
export interface LongTailDraws {
  /** A uniformly random public officer's id. */
  officerId(): number;
  /** A uniformly random public officer's name, typed to 3 to 8 letters (uniform). */
  typedTerm(): string;
  /** A uniformly random side. */
  sideId(): number;
  /** A uniformly random reviewer's id. */
  reviewerId(): number;
}

export function longTailDraws(population: LongTailPopulation, random: SeededRandom): LongTailDraws {
  if (population.officers.length === 0) throw new Error('The long tail needs public officers.');
  if (population.sideIds.length === 0) throw new Error('The long tail needs sides.');
  if (population.reviewerIds.length === 0) throw new Error('The long tail needs reviewers with a public profile.');
  return {
    officerId: () => random.pick(population.officers).id,
    typedTerm: () => {
      const { name } = random.pick(population.officers);
      return prefixWithLetters(name, random.int(TYPED_LETTERS.min, TYPED_LETTERS.max));
    },
    sideId: () => random.pick(population.sideIds),
    reviewerId: () => random.pick(population.reviewerIds),
  };
}
