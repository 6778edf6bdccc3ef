import { describe, expect, it } from 'vitest';
import { formatDate, formatMonth } from './date.js';

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
