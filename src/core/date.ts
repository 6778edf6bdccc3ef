const formatter = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Dates display as 'Month D, YYYY' (spec section 2). UTC, so every reader sees the same day. */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return formatter.format(date);
}

const monthYearFormatter = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 'Mon YYYY' (a reviewer's 'Member since', issue 16), in UTC like formatDate. */
export function formatMonthYear(value: string): string {
  return monthYearFormatter.format(new Date(value));
}

const monthFormatters = {
  long: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  short: new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
};

/** A trend month ('2026-11') as people read it: 'November 2026', or 'Nov 2026' where room is short. */
export function formatMonth(month: string, width: 'long' | 'short' = 'long'): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  return monthFormatters[width].format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}
