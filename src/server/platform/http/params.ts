/**
 * Reusable schemas for numbers that arrive as text in paths and query strings. Ids are `serial`
 * columns (PostgreSQL int4), so anything outside 1..MAX_INT4 can only be a bad request: refusing
 * it here keeps `abc`, `-1`, `1.5` and `99999999999` from ever reaching SQL as a 500.
 */
import { z } from 'zod';
import { MAX_INT4 } from '#core/constants.js';

/** Digits only (no sign, decimal point, exponent or hex), then range-checked as a number. */
export function positiveIntString(label: string, max: number = MAX_INT4) {
  const message = `${label} must be a whole number from 1 to ${max}`;
  return z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message));
}

export const idParam = positiveIntString('id');

/** An image named by an id, `{id}.png` (the link-preview cards): the id, range-checked as any id. */
export const cardFileParam = z
  .string()
  .regex(/^\d{1,10}\.png$/, 'The card must be named {id}.png')
  .transform((file) => file.slice(0, -'.png'.length))
  .pipe(idParam);

/** Params of a `/:id` route. */
export const idParamsSchema = z.object({ id: idParam });

/**
 * An optional id filter of a query string: absent, empty or the literal `all` (what the search
 * form's "All Sides" / "All Regiments" choices send) mean no filter.
 */
export function optionalIdFilter(label: string) {
  return z
    .string()
    .transform((value) => (value === '' || value === 'all' ? undefined : value))
    .pipe(positiveIntString(label).optional())
    .optional();
}
