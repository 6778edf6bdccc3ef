import { describe, expect, it } from 'vitest';
import { formatDate, formatMonth, formatMonthYear } from './date.js';

describe('formatMonth', () => {
  it('names a trend month in full or short, in UTC', () => {
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatMonth('2025-01', 'short')).toBe('Jan 2025');
  });
});

describe('formatDate', () => {
  it("shows 'Month D, YYYY'", () => {
    expect(formatDate('2025-04-10T12:00:00Z')).toBe('April 10, 2025');
    expect(formatDate('2024-12-01T00:00:00.000Z')).toBe('December 1, 2024');
    expect(formatDate(new Date(Date.UTC(2025, 0, 5)))).toBe('January 5, 2025');
  });

  it('uses the UTC day, so every reader sees the same date', () => {
    expect(formatDate('2025-04-10T23:59:59Z')).toBe('April 10, 2025');
    expect(formatDate('2025-04-11T00:00:00Z')).toBe('April 11, 2025');
    expect(formatDate('2025-04-10T23:30:00-02:00')).toBe('April 11, 2025');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('the written-out formats', () => {
  it('match what en-US Intl gives, every day of the years around now and the edges of the range', () => {
    const intl = {
      day: new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
      monthYear: new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
      month: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    };
    for (let day = Date.UTC(2023, 0, 1); day < Date.UTC(2029, 0, 1); day += 86_400_000 + 3_600_000 * 7) {
      const date = new Date(day);
      expect(formatDate(date)).toBe(intl.day.format(date));
      expect(formatMonthYear(date.toISOString())).toBe(intl.monthYear.format(date));
      const month = date.toISOString().slice(0, 7);
      expect(formatMonth(month)).toBe(intl.month.format(date));
      expect(formatMonth(month, 'short')).toBe(intl.monthYear.format(date));
    }
  });

  it('leave what is not a date or a month as it came, or empty', () => {
    expect(formatMonthYear('soon')).toBe('');
    expect(formatMonth('2026-13')).toBe('2026-13');
    expect(formatMonth('later')).toBe('later');
  });
});
