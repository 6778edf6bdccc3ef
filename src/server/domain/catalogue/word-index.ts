/**
 * Words to documents, for a search that matches typed words from their start (docs/decisions/0025-search-catalogue.md).
 *
 * Written for this workload rather than taken from a library: MiniSearch, tried first, scores every
 * document of every word a short prefix reaches ("Calvin M" walks all the words starting with "m"),
 * 20 ms a search on the benchmark's 20,000 officers. Here the candidates come from the typed word
 * that reaches the fewest documents (counted from the sorted vocabulary, not expanded), and each
 * candidate is checked against its own dozen words for the other typed words: "Calvin M" costs the
 * 33 Calvins, not every M.
 *
 * A typed word matches the start of a word, or, from three letters, its inside ("son" in "Johnson",
 * as the search always has). A document's fields are weighted (an officer's name counts more than
 * its regiment); a word typed whole counts more than one typed as its start, which counts more than a
 * near-miss or a match inside (typos are only tried when nothing matches as typed: see match).
 */
import { typoAllowance, wordsOf } from './text.js';

/** A document's fields, each as its words (already normalized by wordsOf and expanded by the caller), with the field's weight. */
export type DocumentFields = ReadonlyArray<{ words: readonly string[]; weight: number }>;

interface DocumentWords {
  words: string[];
  weights: number[];
}

/** The documents a search matched, and with `scored` their scores (same order). */
export interface WordMatches {
  ids: ArrayLike<number>;
  scores: ArrayLike<number> | null;
}

/** The documents a typed word reaches (ascending ids), and its score in each once asked for (same order). */
interface Reached {
  version: number;
  documents: Int32Array;
  scores: Float64Array | null;
}

/** How a typed word may match a document's word. */
type WordMatcher = { typed: string; nearMisses: ReadonlySet<string> | null };

const PREFIX_MATCH = 0.5;
const NEAR_MISS = 0.4;
const INSIDE_MATCH = 0.3;
/** A typed word this long also matches inside a word ("ford" in "Hillsford", "son" in "Johnson"); shorter would match nearly everything. */
const INSIDE_MATCH_MIN_LENGTH = 3;
/** Typed words whose inside matches are remembered until the vocabulary changes (the long tail repeats the short ones). */
const INSIDE_MATCHES_KEPT = 4096;
/** At most this many document ids remembered for typed words in all (4 bytes each, 12 with their scores): 12 MB. */
const REACHED_IDS_KEPT = 1_000_000;

export class WordIndex {
  private readonly documents = new Map<number, DocumentWords>();
  private readonly postings = new Map<string, Set<number>>();
  /** The vocabulary, sorted, for prefix ranges; rebuilt when a word appears or disappears. */
  private vocabulary: string[] | null = null;
  /** For a typed word, the vocabulary words containing it but not starting with it; cleared with the vocabulary. */
  private readonly insideMatches = new Map<string, string[]>();
  /** Bumped by every document added or removed: what `reached` remembers is for one version. */
  private version = 0;
  /** For a typed word, the documents it reaches (documentsReachedBy), and how many ids that holds in all. */
  private readonly reached = new Map<string, Reached>();
  private reachedIds = 0;
  /** For a typed word, its near-misses in the vocabulary; cleared with the vocabulary. */
  private readonly nearMisses = new Map<string, ReadonlySet<string>>();
  /** Each three-letter piece of the vocabulary's words, to the words holding it: where a match inside is looked for. */
  private trigrams: Map<string, string[]> | null = null;

  has(id: number): boolean {
    return this.documents.has(id);
  }

  add(id: number, fields: DocumentFields): void {
    if (this.documents.has(id)) this.remove(id);
    this.version++;
    const document: DocumentWords = { words: [], weights: [] };
    for (const field of fields) {
      for (const word of field.words) {
        document.words.push(word);
        document.weights.push(field.weight);
        let posting = this.postings.get(word);
        if (!posting) {
          posting = new Set();
          this.postings.set(word, posting);
          this.vocabulary = null;
        }
        posting.add(id);
      }
    }
    this.documents.set(id, document);
  }

  remove(id: number): void {
    const document = this.documents.get(id);
    if (!document) return;
    this.version++;
    this.documents.delete(id);
    for (const word of document.words) {
      const posting = this.postings.get(word);
      if (!posting) continue;
      posting.delete(id);
      if (posting.size === 0) {
        this.postings.delete(word);
        this.vocabulary = null;
      }
    }
  }

  /**
   * The documents every typed word matches (the start of one of their words, or its inside). With
   * `scored`, each with a score: for each typed word its best match in the document, weighted by
   * field and by how whole it is (only the relevance order and the suggestions need it: the other
   * orders ask for the matches alone, which for one typed word are what it reaches, remembered).
   * With `typos`, each word may also be a near-miss of a document's word (text.ts, typoAllowance):
   * callers ask for that only when nothing matched as typed, so one slip does not empty the answer
   * while precise searches stay precise.
   */
  match(text: string, { typos = false, scored = false }: { typos?: boolean; scored?: boolean } = {}): WordMatches {
    const typed = [...new Set(wordsOf(text))];
    if (typed.length === 0) return { ids: [], scores: scored ? [] : null };
    const matchers = typed.map((word) => ({ typed: word, nearMisses: typos ? this.nearMissesOf(word) : null }));
    // The candidates: the documents of the matcher that reaches the fewest. A document matches a
    // typed word exactly when that word reaches it, so the others are checked by looking the
    // candidate up in what they reach (sorted ids); a document's score is the sum of each typed
    // word's, in the order typed, each remembered with what the word reaches.
    const reachedBy = matchers.map((matcher) => this.documentsReachedBy(matcher));
    let fewest = 0;
    for (let m = 0; m < reachedBy.length; m++) {
      if (reachedBy[m]!.documents.length === 0) return { ids: [], scores: scored ? [] : null };
      if (reachedBy[m]!.documents.length < reachedBy[fewest]!.documents.length) fewest = m;
    }
    const wordScores = scored ? reachedBy.map((reached, m) => this.scoresOf(reached, matchers[m]!)) : null;
    const reached = reachedBy[fewest]!.documents;
    if (reachedBy.length === 1) return { ids: reached, scores: wordScores?.[0] ?? null };
    const ids: number[] = [];
    const scores: number[] | null = scored ? [] : null;
    const places = new Array<number>(reachedBy.length);
    for (let i = 0; i < reached.length; i++) {
      const id = reached[i]!;
      let matchesAll = true;
      for (let m = 0; m < reachedBy.length && matchesAll; m++) {
        places[m] = m === fewest ? i : sortedIndexOf(reachedBy[m]!.documents, id);
        matchesAll = places[m]! >= 0;
      }
      if (!matchesAll) continue;
      ids.push(id);
      if (scores) {
        let score = 0;
        for (let m = 0; m < reachedBy.length; m++) score += wordScores![m]![places[m]!]!;
        scores.push(score);
      }
    }
    return { ids, scores };
  }

  /**
   * The documents a typed word reaches, each once, in ascending order. Remembered per typed word
   * until a document is added or removed (a rating changes no words), as the long tail types the
   * same beginnings again; with the word's score in each, once a scored match asked for them.
   */
  private documentsReachedBy(matcher: WordMatcher): Reached {
    const remembered = matcher.nearMisses ? undefined : this.reached.get(matcher.typed);
    if (remembered?.version === this.version) return remembered;
    const documents = new Set<number>();
    for (const word of this.wordsReachedBy(matcher)) for (const id of this.postings.get(word)!) documents.add(id);
    const reached: Reached = { version: this.version, documents: Int32Array.from(documents).sort(), scores: null };
    if (!matcher.nearMisses) {
      if (this.reached.size >= INSIDE_MATCHES_KEPT || this.reachedIds + reached.documents.length > REACHED_IDS_KEPT) {
        this.reached.clear();
        this.reachedIds = 0;
      }
      this.reachedIds += reached.documents.length - (this.reached.get(matcher.typed)?.documents.length ?? 0);
      this.reached.set(matcher.typed, reached);
    }
    return reached;
  }

  /** The typed word's score in each document it reaches (bestMatch), worked out once. */
  private scoresOf(reached: Reached, matcher: WordMatcher): Float64Array {
    if (!reached.scores) {
      reached.scores = new Float64Array(reached.documents.length);
      for (let i = 0; i < reached.documents.length; i++) reached.scores[i] = bestMatch(this.documents.get(reached.documents[i]!)!, matcher);
    }
    return reached.scores;
  }

  /** The vocabulary words a typed word reaches: those it starts, those it is inside of, and its near-misses when allowed. */
  private wordsReachedBy(matcher: WordMatcher): string[] {
    const vocabulary = this.sortedVocabulary();
    const { typed } = matcher;
    const words: string[] = [];
    for (let i = lowerBound(vocabulary, typed); i < vocabulary.length && vocabulary[i]!.startsWith(typed); i++) words.push(vocabulary[i]!);
    const inside = this.insideMatchesOf(typed);
    words.push(...inside);
    if (matcher.nearMisses) for (const word of matcher.nearMisses) if (!word.includes(typed)) words.push(word);
    return words;
  }

  private insideMatchesOf(typed: string): string[] {
    if (typed.length < INSIDE_MATCH_MIN_LENGTH) return [];
    let words = this.insideMatches.get(typed);
    if (!words) {
      // Only the words holding the typed word's rarest three-letter piece can hold the whole of it.
      const trigrams = this.trigramsNow();
      let fewest: string[] = [];
      for (let i = 0; i + 3 <= typed.length; i++) {
        const holders = trigrams.get(typed.slice(i, i + 3)) ?? [];
        if (i === 0 || holders.length < fewest.length) fewest = holders;
        if (fewest.length === 0) break;
      }
      words = fewest.filter((word) => word.includes(typed, 1));
      if (this.insideMatches.size >= INSIDE_MATCHES_KEPT) this.insideMatches.clear();
      this.insideMatches.set(typed, words);
    }
    return words;
  }

  /** Words of the vocabulary within the typo allowance of `typed`, whole or as the start of a longer word. */
  private nearMissesOf(typed: string): ReadonlySet<string> {
    const vocabulary = this.sortedVocabulary();
    let near = this.nearMisses.get(typed);
    if (near) return near;
    const found = new Set<string>();
    const allowance = typoAllowance(typed);
    if (allowance > 0) {
      for (const word of vocabulary) {
        if (word.length + allowance < typed.length) continue;
        // The whole word, or its start as long as what was typed (a slip in a word still being typed).
        const whole = editDistance(typed, word, allowance) <= allowance;
        if (whole || (word.length > typed.length && editDistance(typed, word.slice(0, typed.length), allowance) <= allowance)) found.add(word);
      }
    }
    if (this.nearMisses.size >= INSIDE_MATCHES_KEPT) this.nearMisses.clear();
    near = found;
    this.nearMisses.set(typed, near);
    return near;
  }

  private sortedVocabulary(): string[] {
    if (!this.vocabulary) {
      this.vocabulary = [...this.postings.keys()].sort();
      this.insideMatches.clear();
      this.nearMisses.clear();
      this.trigrams = null;
    }
    return this.vocabulary;
  }

  private trigramsNow(): Map<string, string[]> {
    const vocabulary = this.sortedVocabulary();
    if (!this.trigrams) {
      this.trigrams = new Map();
      for (const word of vocabulary) {
        const seen = new Set<string>();
        for (let i = 0; i + 3 <= word.length; i++) {
          const trigram = word.slice(i, i + 3);
          if (seen.has(trigram)) continue;
          seen.add(trigram);
          const holders = this.trigrams.get(trigram);
          if (holders) holders.push(word);
          else this.trigrams.set(trigram, [word]);
        }
      }
    }
    return this.trigrams;
  }
}

/** The best a typed word does in a document: whole word, start of a word, near-miss; 0 for none. */
function bestMatch(document: DocumentWords, matcher: WordMatcher): number {
  let best = 0;
  const { typed, nearMisses } = matcher;
  for (let i = 0; i < document.words.length; i++) {
    const word = document.words[i]!;
    let quality = 0;
    if (word === typed) quality = 1;
    else if (word.startsWith(typed)) quality = PREFIX_MATCH + (PREFIX_MATCH * typed.length) / word.length;
    else if (nearMisses?.has(word)) quality = NEAR_MISS;
    else if (typed.length >= INSIDE_MATCH_MIN_LENGTH && word.includes(typed, 1)) quality = INSIDE_MATCH;
    const weighted = quality * document.weights[i]!;
    if (weighted > best) best = weighted;
  }
  return best;
}

/**
 * Where ascending `sorted` holds `id`, or -1. Its own loop rather than lowerBound's: it runs for every
 * candidate of a search, and one binary search over both ids and words measured slower (its
 * comparisons no longer specialise to numbers).
 */
function sortedIndexOf(sorted: Int32Array, id: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < id) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low] === id ? low : -1;
}

/** The first index whose word is not before `word` (the sorted vocabulary's prefix range starts there). */
function lowerBound(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`, or more than `limit`
 * as soon as that is certain. A swap counts once: "crawfrod" is one edit from "crawford".
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1);
      current.push(value);
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}
