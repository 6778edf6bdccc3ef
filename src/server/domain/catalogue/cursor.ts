/**
 * The cursor of the paged officer search (GET /api/search/officers): where the previous page ended,
 * as the sort and the key of its last officer (order.ts), e.g. ["rating-desc", 4.37, "Amos
 * Shields", 1234], JSON in base64url. Clients pass it back untouched as `after`; it is opaque to them,
 * and it names no position (no offset), so a deep page is found through the index like the first
 * (docs/decisions/0019-search-paging.md).
 *
 * It arrives from the address bar like any query parameter, so it is checked like one: anything
 * that is not a key this server could have given out for that sort is a 400, never SQL.
 */
import { z } from 'zod';
import { cursorParamSchema, decodeCursorArray, encodeCursorArray } from '#server/platform/http/opaque-cursor.js';
import { MSG } from '#core/messages.js';
import { SORT_OPTIONS, type SortBy, type SortOrder } from '#core/search.js';
import { searchOrder, type SortKeyValue } from './order.js';

export interface SearchCursor {
  sortBy: SortBy;
  sortOrder: SortOrder;
  key: SortKeyValue[];
}

/** Longer than any cursor given out (a 60-character name of 4-byte characters is 320 of them). */
const MAX_CURSOR_LENGTH = 512;

const cursorOfSort = new Map(
  SORT_OPTIONS.map((option) => [
    option.value,
    z.tuple(searchOrder(option.sortBy, option.sortOrder).map((term) => term.schema) as [z.ZodType<SortKeyValue>, ...z.ZodType<SortKeyValue>[]]),
  ]),
);

export function encodeSearchCursor(cursor: SearchCursor): string {
  return encodeCursorArray([`${cursor.sortBy}-${cursor.sortOrder}`, ...cursor.key]);
}

/** The cursor in the text, or null when it is not one this server gives out. */
export function decodeSearchCursor(text: string): SearchCursor | null {
  const decoded = decodeCursorArray(text);
  if (!decoded) return null;
  const [sort, ...key] = decoded;
  const option = SORT_OPTIONS.find((o) => o.value === sort);
  const parsed = option && cursorOfSort.get(option.value)!.safeParse(key);
  if (!option || !parsed?.success) return null;
  return { sortBy: option.sortBy, sortOrder: option.sortOrder, key: parsed.data };
}

/** The `after` query parameter: a cursor, decoded, or a 400 that says what to do instead. */
export const searchCursorSchema = cursorParamSchema(decodeSearchCursor, MSG.search.badCursor, MAX_CURSOR_LENGTH);
