/**
 * Name order, one definition for the server and the web app (issue 39, item 1): as a reader expects,
 * numbers by their value ("1st, 2nd, 3rd ... 18th, 21st", not "18th, 1st, 21st"), "de Vries" with the
 * Ds; and total, never 0 for two different names, so a sort is the same on every engine and run.
 */
import { lazily } from './lazily.js';

// Made on first use (lazily.ts says why).
const nameCollator = lazily(() => new Intl.Collator('en', { sensitivity: 'variant', numeric: true }));

export function compareNames(a: string, b: string): number {
  return nameCollator().compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Regiments (or anything named) in name order; the id orders equal names. */
export function byNameThenId(a: { name: string; id: number }, b: { name: string; id: number }): number {
  return compareNames(a.name, b.name) || a.id - b.id;
}
