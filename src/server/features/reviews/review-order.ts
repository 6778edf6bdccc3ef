/**
 * The orders of an officer's review list (issue 16, item 2) and the cursor that names a place in one
 * (docs/decisions/0027-review-helpfulness.md). Each order is a list of terms read in one direction,
 * so "after this key" is one row comparison, `(t1, t2) < (k1, k2)`, which PostgreSQL answers as a
 * range of the order's index: a page deep in the list is found like the first. The ORDER BY, that
 * condition and the cursor's key all come from these terms, so they cannot disagree.
 *
 * Ties go newest first through `position`: within one officer, position order is (created_at, id)
 * order (0008), and an integer keeps the indexes small and the cursor exact (a JavaScript Date
 * loses the microseconds of created_at).
 */
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { cursorParamSchema, decodeCursorArray, encodeCursorArray } from '#server/platform/http/opaque-cursor.js';
import { MAX_INT4, RATING_MAX } from '#core/constants.js';
import { MSG } from '#core/messages.js';
import { REVIEW_SORTS, type ReviewSort } from '#core/review-sort.js';
import { reviews } from '#server/platform/db/schema.js';

/** What a row of the list carries for the cursor of the page it ends. */
export interface ReviewKeyRow {
  position: number;
  overallRating: number;
  helpfulBound: number;
}

interface OrderTerm {
  /** The term of a row; `value` is the column side or, for the cursor's key, a placeholder. */
  expression(value: SQL): SQL;
  /** The key's value of a row, as the cursor carries it. */
  keyOf(row: ReviewKeyRow): number;
  /** What a cursor may carry for it: anything else is a 400. */
  schema: z.ZodType<number>;
  /** The SQL type of the key's placeholder. */
  cast: SQL;
}

interface ReviewOrder {
  direction: 'asc' | 'desc';
  /** The terms and what each reads from a row (the column side of `expression`). */
  terms: { term: OrderTerm; column: SQL }[];
}

const positiveInt4 = z.number().int().min(1).max(MAX_INT4);
const same = (value: SQL) => value;
const position: OrderTerm = { expression: same, keyOf: (row) => row.position, schema: positiveInt4, cast: sql`int` };
/** Lowest first, newest first among equals: position descends while the rating ascends, so the term is -position. */
const negatedPosition: OrderTerm = { expression: (value) => sql`(-${value})`, keyOf: (row) => row.position, schema: positiveInt4, cast: sql`int` };
const rating: OrderTerm = { expression: same, keyOf: (row) => row.overallRating, schema: z.number().min(0).max(RATING_MAX), cast: sql`numeric` };
const helpfulBound: OrderTerm = { expression: same, keyOf: (row) => row.helpfulBound, schema: z.number().min(0).max(1), cast: sql`double precision` };

const column = {
  position: sql`${reviews.position}`,
  rating: sql`${reviews.overallRating}`,
  helpfulBound: sql`${reviews.helpfulBound}`,
};

/** Each served by one index: the (officer_id, position) constraint, or the three of migration 0016. */
const REVIEW_ORDERS: Record<ReviewSort, ReviewOrder> = {
  newest: { direction: 'desc', terms: [{ term: position, column: column.position }] },
  oldest: { direction: 'asc', terms: [{ term: position, column: column.position }] },
  helpful: {
    direction: 'desc',
    terms: [
      { term: helpfulBound, column: column.helpfulBound },
      { term: position, column: column.position },
    ],
  },
  highest: {
    direction: 'desc',
    terms: [
      { term: rating, column: column.rating },
      { term: position, column: column.position },
    ],
  },
  lowest: {
    direction: 'asc',
    terms: [
      { term: rating, column: column.rating },
      { term: negatedPosition, column: column.position },
    ],
  },
};

export function reviewOrderBy(sort: ReviewSort): SQL[] {
  const { direction, terms } = REVIEW_ORDERS[sort];
  return terms.map(({ term, column }) => (direction === 'desc' ? desc(term.expression(column)) : asc(term.expression(column))));
}

/** The placeholder names of a cursor's key, in order: key0, key1. */
export function cursorKeyPlaceholders(sort: ReviewSort): string[] {
  return REVIEW_ORDERS[sort].terms.map((_, i) => `key${i}`);
}

/** The rows after the cursor's key: one row comparison, a range of the order's index. */
export function afterCursorKey(sort: ReviewSort): SQL {
  const { direction, terms } = REVIEW_ORDERS[sort];
  const rowTerms = sql.join(
    terms.map(({ term, column }) => term.expression(column)),
    sql`, `,
  );
  const keyTerms = sql.join(
    terms.map(({ term }, i) => term.expression(sql`${sql.placeholder(`key${i}`)}::${term.cast}`)),
    sql`, `,
  );
  return direction === 'desc' ? sql`(${rowTerms}) < (${keyTerms})` : sql`(${rowTerms}) > (${keyTerms})`;
}

export interface ReviewCursor {
  officerId: number;
  sort: ReviewSort;
  key: number[];
}

export function cursorKeyOf(sort: ReviewSort, row: ReviewKeyRow): number[] {
  return REVIEW_ORDERS[sort].terms.map(({ term }) => term.keyOf(row));
}

/** Longer than any cursor given out: [2147483647,"highest",0.2065432914738929,2147483647] is 60 characters before base64. */
const MAX_CURSOR_LENGTH = 200;

const cursorOfSort = new Map(
  REVIEW_SORTS.map((sort) => [
    sort,
    z.tuple(REVIEW_ORDERS[sort].terms.map(({ term }) => term.schema) as [z.ZodType<number>, ...z.ZodType<number>[]]),
  ]),
);

/** The officer, the sort and the key of the page's last review, JSON in base64url: opaque to clients. */
export function encodeReviewCursor(cursor: ReviewCursor): string {
  return encodeCursorArray([cursor.officerId, cursor.sort, ...cursor.key]);
}

/** The cursor in the text, or null when it is not one this server gives out. */
export function decodeReviewCursor(text: string): ReviewCursor | null {
  const decoded = decodeCursorArray(text);
  if (!decoded) return null;
  const [officerId, sort, ...key] = decoded;
  const officer = positiveInt4.safeParse(officerId);
  const keySchema = typeof sort === 'string' ? cursorOfSort.get(sort as ReviewSort) : undefined;
  const parsed = keySchema?.safeParse(key);
  if (!officer.success || !parsed?.success) return null;
  return { officerId: officer.data, sort: sort as ReviewSort, key: parsed.data };
}

/** The `cursor` query parameter: a cursor, decoded, or a 400 that says what to do instead. */
export const reviewCursorSchema = cursorParamSchema(decodeReviewCursor, MSG.reviews.badCursor, MAX_CURSOR_LENGTH);
