/**
 * The orders of the officer search (spec section 2, /search, and issue 15's relevance), as the
 * catalogue sorts its matches: the chosen key, then the tie-breakers name and id, so equal ratings
 * never swap places between requests and every officer has exactly one place. The sort of both
 * search calls, the "after this cursor" condition and the cursor's key all come from these terms, so
 * they cannot disagree (docs/decisions/0019-search-paging.md). A new leading term goes here, with its
 * value's schema, and pages follow it.
 */
import { z } from 'zod';
import { LIMITS, MAX_INT4, RATING_MAX } from '#core/constants.js';
import type { SortBy, SortOrder } from '#core/search.js';
import { compareNames } from '#core/names.js';
import type { OfficerRecord } from './catalogue-source.js';

/** An officer that matched a search, with how well (0 without text), its rank score and its place in name order. */
export interface Match {
  readonly officer: OfficerRecord;
  readonly score: number;
  /** The Bayesian average the rating orders follow (rankScoreOf), null without reviews. */
  readonly rankScore: number | null;
  /** Equal names have equal places (compareNames); the catalogue works them out once per change of names. */
  readonly nameRank: number;
}

export type SortKeyValue = string | number | boolean;

export interface SortTerm {
  direction: SortOrder;
  /** The match's value of this term, as the cursor carries it. */
  valueOf: (match: Match) => SortKeyValue;
  /** A number that orders matches as valueOf does, cheaper to compare (a name's place instead of the name). */
  rankOf?: (match: Match) => number;
  /** What a cursor may carry for it: a value of the right kind and range, anything else a 400. */
  schema: z.ZodType<SortKeyValue>;
}

/** Names are at most 60 characters; a little room for any stored before the limit. */
const nameValue = z
  .string()
  .max(LIMITS.officerNameMax * 4)
  .refine((name) => !name.includes('\0'));
const count = z.number().int().min(0).max(MAX_INT4);

const name: Omit<SortTerm, 'direction'> = { valueOf: (m) => m.officer.name, rankOf: (m) => m.nameRank, schema: nameValue };
const id: Omit<SortTerm, 'direction'> = { valueOf: (m) => m.officer.id, schema: z.number().int().min(1).max(MAX_INT4) };
const reviewCount: Omit<SortTerm, 'direction'> = { valueOf: (m) => m.officer.reviewCount, schema: count };
/**
 * The rating orders follow the rank score, the Bayesian average (issue 16, item 3): thirty reviews
 * averaging 4.7 rank above one 5.0. Officers without a review show 0.0, which is no rating, not the
 * worst one: both orders put them after every rated officer (issue 13), as a -1 descending and a 6
 * ascending (outside the scores' 0 to 5).
 */
function rankScoreUnratedLast(direction: SortOrder): SortTerm {
  const unrated = direction === 'desc' ? -1 : RATING_MAX + 1;
  return {
    direction,
    valueOf: (m) => m.rankScore ?? unrated,
    schema: z
      .number()
      .min(-1)
      .max(RATING_MAX + 1),
  };
}
const relevance: SortTerm = { direction: 'desc', valueOf: (m) => m.score, schema: z.number().min(0).max(Number.MAX_VALUE) };

const ratingDesc = rankScoreUnratedLast('desc');
/** Made once: a term holds a schema, which costs more to build than a search to sort. */
const rating: Readonly<Record<SortOrder, SortTerm>> = { desc: ratingDesc, asc: rankScoreUnratedLast('asc') };

/**
 * The top lists (spec section 2, 'Top Rated Officers'): the best rank score first, then the more
 * reviewed, then the lower id, as the list was ordered by its plain average before.
 */
export const topOrder: readonly SortTerm[] = [ratingDesc, { ...reviewCount, direction: 'desc' }, { ...id, direction: 'asc' }];

/** The terms of each order, made once: a search sorts by the same few, and compares by their comparator (comparatorOf). */
const searchOrders = new Map<string, readonly SortTerm[]>();

export function searchOrder(sortBy: SortBy, sortOrder: SortOrder): readonly SortTerm[] {
  const key = `${sortBy} ${sortOrder}`;
  let terms = searchOrders.get(key);
  if (!terms) {
    terms = termsOf(sortBy, sortOrder);
    searchOrders.set(key, terms);
  }
  return terms;
}

function termsOf(sortBy: SortBy, sortOrder: SortOrder): SortTerm[] {
  const byNameThenId: SortTerm[] = [
    { ...name, direction: 'asc' },
    { ...id, direction: 'asc' },
  ];
  switch (sortBy) {
    case 'rating':
      return [rating[sortOrder], ...byNameThenId];
    case 'name':
      return [
        { ...name, direction: sortOrder },
        { ...id, direction: 'asc' },
      ];
    case 'reviews':
      return [{ ...reviewCount, direction: sortOrder }, ...byNameThenId];
    case 'relevance':
      // Best match first whatever the order asked; among equal matches, the better rated.
      return [relevance, ratingDesc, ...byNameThenId];
  }
}

function compareValues(a: SortKeyValue, b: SortKeyValue): number {
  // Numbers first, as most terms are: Number() of a number still went through V8's conversion
  // builtin, 1.5 % of a computed typed search's CPU (perf, long-tail typed search, cache off).
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return compareNames(a, b);
  return Number(a) - Number(b);
}

/** Compares a match with a cursor's key in this order: negative when the match comes first. */
export function compareWithKey(terms: readonly SortTerm[], match: Match, key: readonly SortKeyValue[]): number {
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i]!;
    const difference = compareValues(term.valueOf(match), key[i]!);
    if (difference !== 0) return term.direction === 'asc' ? difference : -difference;
  }
  return 0;
}

type Comparator = (a: Match, b: Match) => number;

/** Compares two matches by one term, in its direction. */
function termComparator(term: SortTerm): Comparator {
  const sign = term.direction === 'asc' ? 1 : -1;
  const { rankOf, valueOf } = term;
  if (rankOf) return (a, b) => sign * (rankOf(a) - rankOf(b));
  return (a, b) => sign * compareValues(valueOf(a), valueOf(b));
}

const comparators = new WeakMap<readonly SortTerm[], Comparator>();

/**
 * Compares two matches in this order: negative when `a` comes first. Made once per order (a sort
 * compares hundreds of times; walking the terms for each comparison was a third of a search's sort).
 */
export function comparatorOf(terms: readonly SortTerm[]): Comparator {
  let compare = comparators.get(terms);
  if (!compare) {
    compare = terms.map(termComparator).reduceRight<Comparator>(
      (rest, first) => (a, b) => first(a, b) || rest(a, b),
      () => 0,
    );
    comparators.set(terms, compare);
  }
  return compare;
}

/** The key a cursor carries for this match: its value of each term, in order. */
export function sortKeyOf(terms: readonly SortTerm[], match: Match): SortKeyValue[] {
  return terms.map((term) => term.valueOf(match));
}

/** The first `count` matches in this order, sorted (firstOf). */
export function firstInOrder(terms: readonly SortTerm[], matches: readonly Match[], count: number): Match[] {
  return firstOf(matches, count, comparatorOf(terms));
}

/**
 * The first `count` items in the order of `compare`, sorted, without sorting them all: a page of 24
 * out of 19,000 officers keeps a heap of 24 (the latest on top) and looks at each item once.
 */
export function firstOf<T>(items: readonly T[], count: number, compare: (a: T, b: T) => number): T[] {
  if (count <= 0) return [];
  const heap: T[] = [];
  const siftDown = (from: number) => {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let latest = i;
      if (left < heap.length && compare(heap[left]!, heap[latest]!) > 0) latest = left;
      if (right < heap.length && compare(heap[right]!, heap[latest]!) > 0) latest = right;
      if (latest === i) return;
      [heap[i], heap[latest]] = [heap[latest]!, heap[i]!];
      i = latest;
    }
  };
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (compare(heap[i]!, heap[parent]!) <= 0) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (compare(heap[0]!, item) > 0) {
      heap[0] = item;
      siftDown(0);
    }
  }
  return heap.sort(compare);
}
