/**
 * The cursor of the paged regiment list (GET /api/regiments?limit=&cursor=, issue 38, item 2): the
 * name and id of the last regiment of the page before, e.g. ["20th Maine Infantry", 12], JSON in
 * base64url (http/opaque-cursor.ts). A key, not a position: the next page starts after that key in
 * the list's own order (name order, then id: src/core/names.ts), so a regiment added, renamed or
 * removed meanwhile moves no other one across a page boundary, and the key need not name a regiment
 * that still exists.
 *
 * It arrives as a query parameter like any other, so it is checked like one: anything that is not a
 * key this server could have given out is a 400.
 */
import { z } from 'zod';
import { LIMITS, MAX_INT4 } from '#core/constants.js';
import { MSG } from '#core/messages.js';
import { cursorParamSchema, decodeCursorArray, encodeCursorArray } from '#server/platform/http/opaque-cursor.js';

/** Where a page of the list ends: its last regiment's name and id. */
export interface RegimentKey {
  name: string;
  id: number;
}

/** Longer than any cursor given out: a name of 100 characters (the column's limit too) escaped by JSON, in base64url. */
const MAX_CURSOR_LENGTH = 1024;

const keySchema = z.tuple([
  z
    .string()
    .max(LIMITS.regimentNameMax)
    .refine((name) => !name.includes('\0')),
  z.number().int().min(1).max(MAX_INT4),
]);

export function encodeRegimentCursor(key: RegimentKey): string {
  return encodeCursorArray([key.name, key.id]);
}

/** The key in the text, or null when it is not a cursor this list gives out. */
export function decodeRegimentCursor(text: string): RegimentKey | null {
  const parsed = keySchema.safeParse(decodeCursorArray(text));
  return parsed.success ? { name: parsed.data[0], id: parsed.data[1] } : null;
}

/** The `cursor` query parameter: a key, decoded, or a 400 that says what to do instead. */
export const regimentCursorSchema = cursorParamSchema(decodeRegimentCursor, MSG.regiment.badCursor, MAX_CURSOR_LENGTH);
