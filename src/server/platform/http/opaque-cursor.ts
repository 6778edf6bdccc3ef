/**
 * The opaque page cursors of the paged lists (search, 0019; an officer's reviews, 0027): a JSON array
 * in base64url that clients pass back untouched. Each list says what its array holds; this module
 * writes and reads the envelope, and turns the query parameter into a decoded cursor or a 400.
 */
import { z } from 'zod';

/** The array as cursor text. */
export function encodeCursorArray(values: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/** The array a cursor's text carries, or null when the text is not a cursor at all. */
export function decodeCursorArray(text: string): unknown[] | null {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  return Array.isArray(decoded) ? (decoded as unknown[]) : null;
}

/**
 * A cursor query parameter: base64url text of at most `maxLength` characters that `decode` accepts,
 * or a 400 with `message` (which says what to do instead), never an error deeper down.
 */
export function cursorParamSchema<T>(decode: (text: string) => T | null, message: string, maxLength: number) {
  return z
    .string()
    .max(maxLength, message)
    .regex(/^[A-Za-z0-9_-]+$/, message)
    .transform((text, ctx) => {
      const cursor = decode(text);
      if (cursor) return cursor;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
}
