import { describe, expect, it } from 'vitest';
import { computeOverallRating, displayRating, formatRating, ratingBarWidth } from './rating.js';

const overall = (leadership: number, tactics: number, communication: number, fairness: number) =>
  computeOverallRating({ leadership, tactics, communication, fairness });

describe('computeOverallRating', () => {
  it('averages the four categories, rounded to 2 decimals', () => {
    expect(overall(5, 4, 4, 4)).toBe(4.25);
    expect(overall(3, 3, 3, 4)).toBe(3.25);
    expect(overall(4.5, 3, 2, 5)).toBe(3.63); // 3.625 rounds half up
    expect(overall(5, 5, 5, 5)).toBe(5);
    expect(overall(0, 0, 0, 0)).toBe(0);
    expect(overall(1, 1, 1, 2)).toBe(1.25);
    expect(overall(1, 1, 2, 2.5)).toBe(1.63); // 1.625
    expect(overall(4, 4, 4, 4.5)).toBe(4.13); // 4.125
  });

  it('rounds half up on the decimal value, not on its binary approximation', () => {
    // Each average ends in 5 at the third decimal, but its double lies just below it.
    expect(overall(1.005, 1.005, 1.005, 1.005)).toBe(1.01);
    expect(overall(0.06, 4, 4, 4)).toBe(3.02); // 3.015
    expect(overall(1.26, 5, 5, 5)).toBe(4.07); // 4.065
    expect(overall(0.38, 3, 3, 3)).toBe(2.35); // 2.345
    expect(overall(2.675, 2.675, 2.675, 2.675)).toBe(2.68);
  });

  it('agrees with exact decimal arithmetic for every category in thousandths', () => {
    const mismatches: string[] = [];
    for (let thousandths = 0; thousandths <= 5000; thousandths++) {
      for (const other of [0, 1, 2, 3, 4, 5]) {
        const sum = thousandths + 3 * other * 1000; // in thousandths, exact
        const expected = Math.floor(sum / 40 + 0.5) / 100; // (sum / 4 / 1000) * 100, half up
        const actual = overall(thousandths / 1000, other, other, other);
        if (actual !== expected) mismatches.push(`${thousandths / 1000},${other}x3: ${actual} != ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('formatRating', () => {
  it('shows a missing rating as 0.0', () => {
    expect(formatRating(null)).toBe('0.0');
    expect(formatRating(undefined)).toBe('0.0');
    expect(formatRating(0)).toBe('0.0');
    expect(formatRating(Number.NaN)).toBe('0.0');
  });

  it('shows one decimal', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(5)).toBe('5.0');
    expect(formatRating(3.2)).toBe('3.2');
    expect(formatRating(3.24)).toBe('3.2');
    expect(formatRating(3.26)).toBe('3.3');
    expect(formatRating(4.999)).toBe('5.0');
  });

  it('rounds x.x5 half up, as written, where toFixed alone would not', () => {
    expect(formatRating(4.25)).toBe('4.3');
    // toFixed(1) gives 1.4, 4.3, 2.6 and 3.1 for these: their doubles lie just below the half.
    expect(formatRating(1.45)).toBe('1.5');
    expect(formatRating(4.35)).toBe('4.4');
    expect(formatRating(2.65)).toBe('2.7');
    expect(formatRating(3.15)).toBe('3.2');
    expect(formatRating(0.05)).toBe('0.1');
    expect(formatRating(4.95)).toBe('5.0');
  });

  it('agrees with exact decimal arithmetic for every 2-decimal rating', () => {
    const mismatches: string[] = [];
    for (let hundredths = 0; hundredths <= 500; hundredths++) {
      const expected = (Math.floor(hundredths / 10 + 0.5) / 10).toFixed(1);
      const actual = formatRating(hundredths / 100);
      if (actual !== expected) mismatches.push(`${hundredths / 100}: ${actual} != ${expected}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('displayRating', () => {
  const band = (value: number | null | undefined) => displayRating(value).band;
  const stars = (value: number | null | undefined) => displayRating(value).stars;

  // The figure, its colour and its stars all come from the value rounded to one decimal (issue 13).
  it.each([
    // value, figure shown, band, full stars, half star
    [3.95, '4.0', 'high', 4, false],
    [3.96, '4.0', 'high', 4, false],
    [3.94, '3.9', 'mid', 3, true],
    [4.45, '4.5', 'high', 4, true],
    [4.46, '4.5', 'high', 4, true],
    [4.44, '4.4', 'high', 4, false],
    [2.95, '3.0', 'mid', 3, false],
    [2.94, '2.9', 'low', 2, true],
    [0.45, '0.5', 'low', 0, true],
    [0.04, '0.0', 'none', 0, false],
    [0, '0.0', 'none', 0, false],
    [null, '0.0', 'none', 0, false],
    [undefined, '0.0', 'none', 0, false],
    [Number.NaN, '0.0', 'none', 0, false],
    [4.96, '5.0', 'high', 5, false],
  ] as const)('shows %s as %s, %s, %i stars (half: %s)', (value, text, expectedBand, full, half) => {
    const shown = displayRating(value);
    expect(shown.text).toBe(text);
    expect(shown.value).toBe(Number(text));
    expect(shown.band).toBe(expectedBand);
    expect(shown.stars).toEqual({ full, half, empty: 5 - full - (half ? 1 : 0) });
  });

  it('agrees with what it shows for every 2-decimal rating: same figure, same colour, same stars', () => {
    const mismatches: string[] = [];
    for (let hundredths = 0; hundredths <= 500; hundredths++) {
      const shown = displayRating(hundredths / 100);
      const again = displayRating(Number(shown.text));
      if (shown.band !== again.band || JSON.stringify(shown.stars) !== JSON.stringify(again.stars)) {
        mismatches.push(`${hundredths / 100} shows ${shown.text}: ${shown.band} vs ${again.band}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it.each([
    [null, 'none'],
    [undefined, 'none'],
    [0, 'none'],
    [0.5, 'low'],
    [2.9, 'low'],
    [3, 'mid'],
    [3.5, 'mid'],
    [3.9, 'mid'],
    [4, 'high'],
    [4.25, 'high'],
    [5, 'high'],
  ] as const)('bands %s as %s', (value, expected) => {
    expect(band(value)).toBe(expected);
  });

  it('shows whole stars plus a half star when the fraction is 0.5 or more', () => {
    expect(stars(3.5)).toEqual({ full: 3, half: true, empty: 1 });
    expect(stars(3.49)).toEqual({ full: 3, half: true, empty: 1 }); // shown as 3.5
    expect(stars(3.44)).toEqual({ full: 3, half: false, empty: 2 });
    expect(stars(4)).toEqual({ full: 4, half: false, empty: 1 });
    expect(stars(5)).toEqual({ full: 5, half: false, empty: 0 });
    expect(stars(0.5)).toEqual({ full: 0, half: true, empty: 4 });
  });

  it('clamps the stars to 0..5', () => {
    expect(stars(-2)).toEqual({ full: 0, half: false, empty: 5 });
    expect(stars(7.5)).toEqual({ full: 5, half: false, empty: 0 });
  });

  it('always adds up to five stars', () => {
    for (let hundredths = -100; hundredths <= 600; hundredths++) {
      const { full, half, empty } = stars(hundredths / 100);
      expect(full + (half ? 1 : 0) + empty).toBe(5);
    }
  });
});

describe('ratingBarWidth', () => {
  it('is the rating divided by 5, as a percentage', () => {
    expect(ratingBarWidth(5)).toBe('100%');
    expect(ratingBarWidth(2.5)).toBe('50%');
    expect(ratingBarWidth(4)).toBe('80%');
    expect(ratingBarWidth(0)).toBe('0%');
  });

  it('is 0% for no rating and clamps to 0..100%', () => {
    expect(ratingBarWidth(null)).toBe('0%');
    expect(ratingBarWidth(undefined)).toBe('0%');
    expect(ratingBarWidth(-1)).toBe('0%');
    expect(ratingBarWidth(6)).toBe('100%');
  });
});
