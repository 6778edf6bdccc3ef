/**
 * The six sort orders of the officer search (spec section 2, /search) as the database orders them:
 * the chosen column, then the tie-breakers name and id, so equal ratings never swap places between
 * requests and every officer has exactly one place. The ORDER BY of both search calls, the keyset
 * condition of a page after a cursor and the cursor's key all come from these terms, so they cannot
 * disagree (docs/decisions/0019-search-paging.md). A new leading term (such as one putting unrated
 * officers last) goes here, with its value's schema, and pages follow it.
 */
import { and, asc, desc, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Officer } from '#core/api.js';
import { LIMITS, RATING_MAX } from '#core/constants.js';
import type { SortBy, SortOrder } from '#core/search.js';
import { officers } from '#server/db/schema.js';
import { MAX_INT4 } from '#core/constants.js';

/**
 * Officers without a review come last in every rating sort, both directions (issue 13: 0.0 is no
 * rating, not the worst one). Ascending, they sort as if rated above the maximum, 5: this
 * expression, which officers_rating_unrated_last_idx indexes as written (the 6 stays a literal: a
 * parameter would not match the index). Descending needs no such key: unrated officers have
 * average_rating 0 (the aggregates keep it so), and rated ones with an average of 0 (every
 * category 0) go first among those by the next key.
 */
export const unratedLastRating = sql`(case when ${officers.reviewCount} = 0 then 6 else ${officers.averageRating} end)`;
export const isUnrated = sql`(${officers.reviewCount} = 0)`;

export type SortKeyValue = string | number | boolean;

export interface SortTerm {
  /** A column, or an expression an index covers as written (unratedLastRating). */
  column: AnyPgColumn | SQL;
  direction: SortOrder;
  /** The officer's value of this term, as the cursor carries it. */
  valueOf(officer: Officer): SortKeyValue;
  /** What a cursor may carry for it: a value the column can be compared with, never one that fails in SQL. */
  schema: z.ZodType<SortKeyValue>;
}

/** Names are at most 60 characters; a little room for any stored before the limit. NUL cannot reach SQL text. */
const nameValue = z
  .string()
  .max(LIMITS.officerNameMax * 4)
  .refine((name) => !name.includes('\0'));
const name: Omit<SortTerm, 'direction'> = { column: officers.name, valueOf: (o) => o.name, schema: nameValue };
const id: Omit<SortTerm, 'direction'> = { column: officers.id, valueOf: (o) => o.id, schema: z.number().int().min(1).max(MAX_INT4) };
const primaryTerms: Record<SortBy, Omit<SortTerm, 'direction'>> = {
  // numeric(4,2): a finite number in range compares exactly as the text JSON gives it.
  rating: { column: officers.averageRating, valueOf: (o) => o.averageRating ?? 0, schema: z.number().min(0).max(RATING_MAX) },
  name,
  reviews: { column: officers.reviewCount, valueOf: (o) => o.reviewCount, schema: z.number().int().min(0).max(MAX_INT4) },
};

/** Rating ascending: unrated officers sort as a 6, after every real rating (see unratedLastRating). */
const ratingUnratedLast: Omit<SortTerm, 'direction'> = {
  column: unratedLastRating,
  valueOf: (o) => (o.reviewCount === 0 ? 6 : (o.averageRating ?? 0)),
  schema: z.number().min(0).max(6),
};
/** Rating descending: among average 0, rated officers before unrated ones. */
const unratedAfterRated: SortTerm = { column: isUnrated, direction: 'asc', valueOf: (o) => o.reviewCount === 0, schema: z.boolean() };

export function searchOrder(sortBy: SortBy, sortOrder: SortOrder): SortTerm[] {
  const tieBreakers: SortTerm[] =
    sortBy === 'name'
      ? [{ ...id, direction: 'asc' }]
      : [
          { ...name, direction: 'asc' },
          { ...id, direction: 'asc' },
        ];
  if (sortBy === 'rating') {
    return sortOrder === 'asc'
      ? [{ ...ratingUnratedLast, direction: 'asc' }, ...tieBreakers]
      : [{ ...primaryTerms.rating, direction: 'desc' }, unratedAfterRated, ...tieBreakers];
  }
  return [{ ...primaryTerms[sortBy], direction: sortOrder }, ...tieBreakers];
}

export function orderByTerms(terms: readonly SortTerm[]): SQL[] {
  return terms.map((term) => (term.direction === 'asc' ? asc(term.column) : desc(term.column)));
}

/** The key a cursor carries for this officer: its value of each term, in order. */
export function sortKeyOf(terms: readonly SortTerm[], officer: Officer): SortKeyValue[] {
  return terms.map((term) => term.valueOf(officer));
}

/**
 * Rows that come after `key` in this order: beyond it on the first term, or equal on the first
 * terms and beyond it on the next. The directions are mixed (rating desc, then name asc), so a row
 * comparison `(a, b) > (x, y)` cannot say it. The first term's own bound (`<=` or `>=`), implied by
 * the rest, is the part an index scan on that column can start from, so a deep page costs what the
 * first does (keyset paging: no OFFSET, nothing before the cursor is read).
 */
export function afterKey(terms: readonly SortTerm[], key: readonly SortKeyValue[]): SQL {
  // Written as SQL, not drizzle's gt/eq: a term may be an expression (unratedLastRating), not a column.
  const beyond = (term: SortTerm, value: SortKeyValue) =>
    term.direction === 'asc' ? sql`${term.column} > ${value}` : sql`${term.column} < ${value}`;
  const alternatives = terms.map((term, i) =>
    and(...terms.slice(0, i).map((earlier, j) => sql`${earlier.column} = ${key[j]}`), beyond(term, key[i]!)),
  );
  const [first] = terms;
  const reach = first!.direction === 'asc' ? sql`${first!.column} >= ${key[0]}` : sql`${first!.column} <= ${key[0]}`;
  return and(reach, or(...alternatives))!;
}
