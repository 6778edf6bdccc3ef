import { describe, expect, it } from 'vitest';
import { formatActivityTime } from './activity-time';

describe('formatActivityTime', () => {
  it("shows 'Month D, YYYY' and the time, in UTC", () => {
    expect(formatActivityTime('2025-04-10T14:05:00.000Z')).toBe('April 10, 2025, 2:05 PM UTC');
    expect(formatActivityTime('2025-01-01T00:30:00.000Z')).toBe('January 1, 2025, 12:30 AM UTC');
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatActivityTime('not a date')).toBe('');
  });
});
