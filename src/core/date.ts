/**
 * The site's dates, in English and in UTC so every reader sees the same day. Written out rather than
 * through Intl.DateTimeFormat: the first formatter a page makes loads ICU's date data, 34 ms on a
 * desktop core and 135 ms at Lighthouse's 4x slowdown, in the task that draws the officer page's first
 * review (or, made as the module loaded, in the one long task evaluating the app's code). The output
 * is what en-US gives (date.test.ts compares them).
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT_MONTHS = MONTHS.map((name) => name.slice(0, 3));

/** Dates display as 'Month D, YYYY' (spec section 2). UTC, so every reader sees the same day. */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** 'Mon YYYY' (a reviewer's 'Member since', issue 16), in UTC like formatDate. */
export function formatMonthYear(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A trend month ('2026-11') as people read it: 'November 2026', or 'Nov 2026' where room is short. */
export function formatMonth(month: string, width: 'long' | 'short' = 'long'): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber || monthNumber > 12) return month;
  return `${(width === 'long' ? MONTHS : SHORT_MONTHS)[monthNumber - 1]} ${year}`;
}
