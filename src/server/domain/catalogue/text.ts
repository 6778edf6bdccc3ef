/**
 * How the search reads text (issue 15, item 2): words, not characters. A name, a regiment or a rank
 * is split into words of letters and digits ("20th", "maine"), lower-cased and stripped of accents,
 * so "José" is found by "jose". A rank's words are indexed with their other written forms as well
 * ("Lt." also as "lieutenant", "Captain" also as "capt"), so either finds the officers of that rank.
 */

const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;
const COMBINING_MARKS = /\p{M}/gu;

/** The words of a text as the index keeps them: lower case, without accents. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .split(WORD_SEPARATOR)
    .filter((word) => word !== '');
}

/**
 * The written forms of the ranks of the period and of the game, each group one rank word. Ranks are
 * free text (players type "Capt.", "Captain", "1st Lt."), so each form finds the others.
 */
const RANK_FORMS: readonly (readonly string[])[] = [
  ['general', 'gen'],
  ['brigadier', 'brig', 'bvt'],
  ['major', 'maj'],
  ['colonel', 'col'],
  ['lieutenant', 'lt', 'lieut', 'ltn'],
  ['captain', 'capt', 'cpt'],
  ['sergeant', 'sgt', 'serg', 'sarge'],
  ['corporal', 'cpl', 'corp'],
  ['private', 'pvt', 'pte'],
  ['adjutant', 'adj'],
  ['ensign', 'ens'],
  ['quartermaster', 'qm'],
  ['surgeon', 'surg'],
  ['chaplain', 'chap'],
  ['musician', 'mus'],
  ['first', '1st'],
  ['second', '2nd'],
  ['third', '3rd'],
];

const formsOfRankWord = new Map<string, readonly string[]>(RANK_FORMS.flatMap((forms) => forms.map((form) => [form, forms] as const)));

/** A rank word with its other written forms ("lt" → lt, lieutenant, lieut, ltn); any other word alone. */
export function rankForms(word: string): readonly string[] {
  return formsOfRankWord.get(word) ?? [word];
}

/**
 * How many edits a typed word may be from an indexed one and still match, when nothing matches as
 * typed (word-index.ts tries typos only then): none for one or two letters, one up to five ("jonh"),
 * two from six ("chamberlian" is one swap from "chamberlain"; "crawfrod" one from "crawford").
 */
export function typoAllowance(word: string): number {
  if (word.length <= 2) return 0;
  return word.length <= 5 ? 1 : 2;
}
