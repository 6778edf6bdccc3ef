import { describe, expect, it } from 'vitest';
import { formatRatingSummary } from './rating-summary';

describe('formatRatingSummary', () => {
  it('shows the average with one decimal out of 5.0', () => {
    expect(formatRatingSummary(4.25, 3)).toBe('4.3/5.0');
    expect(formatRatingSummary(3, 1)).toBe('3.0/5.0');
    expect(formatRatingSummary(1.45)).toBe('1.5/5.0');
  });

  it("says 'No ratings' without an average or without reviews", () => {
    expect(formatRatingSummary(null, 0)).toBe('No ratings');
    expect(formatRatingSummary(undefined)).toBe('No ratings');
    expect(formatRatingSummary(0, 0)).toBe('No ratings');
    expect(formatRatingSummary(0)).toBe('No ratings');
    expect(formatRatingSummary(Number.NaN, 2)).toBe('No ratings');
    // A leftover average on an officer whose reviews are all gone is no rating.
    expect(formatRatingSummary(4, 0)).toBe('No ratings');
  });
});
