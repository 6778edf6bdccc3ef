import { MAX_INT4 } from './constants.js';

/**
 * Ids are PostgreSQL `serial` (int4) values, so a path segment that is not a whole number from 1 to
 * MAX_INT4 can never name a row. Pages use this to show their not-found state without asking the
 * API (the server would answer 400 for the same input).
 *
 * The id in a route parameter such as `/officer/:id`, or null when it is not a positive integer.
 */
export function parsePositiveId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_INT4 ? id : null;
}
