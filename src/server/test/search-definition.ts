/**
 * What the officer search matches, written for the tests independently of the engine
 * (src/server/features/search): every word typed is the start of a word of the officer's name,
 * rank or regiment name, or from three letters anywhere inside one, case aside. Words are runs of
 * letters and digits. Typos and the other
 * written forms of a rank are the engine's extras, tested on their own with terms that this
 * definition leaves without a match.
 */
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export function matchesTypedWords(q: string, texts: readonly string[]): boolean {
  const wanted = words(q);
  const present = texts.flatMap(words);
  return wanted.every((word) => present.some((candidate) => candidate.startsWith(word) || (word.length >= 3 && candidate.includes(word))));
}
