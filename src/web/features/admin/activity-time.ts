import { formatDate } from '#core/date';
import { lazily } from '#core/lazily';

const timeFormatter = lazily(() => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }));

/**
 * When an administrative action happened: the site's date format ('Month D, YYYY', spec section 2)
 * plus the time. UTC like every date of the site, and labelled so, so admins in different time
 * zones read the same moment the same way.
 */
export function formatActivityTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)}, ${timeFormatter().format(date)} UTC`;
}
