import { describe, expect, it } from 'vitest';
import { wouldServePercent } from './would-serve.js';

describe('wouldServePercent (issue 36, item 4)', () => {
  it('says nothing below five answers, whatever they are', () => {
    expect(wouldServePercent({ yes: 0, no: 0 })).toBeNull();
    expect(wouldServePercent({ yes: 4, no: 0 })).toBeNull();
    expect(wouldServePercent({ yes: 1, no: 3 })).toBeNull();
  });

  it('gives the whole percent of yes from five answers on', () => {
    expect(wouldServePercent({ yes: 5, no: 0 })).toBe(100);
    expect(wouldServePercent({ yes: 0, no: 5 })).toBe(0);
    expect(wouldServePercent({ yes: 9, no: 2 })).toBe(82);
    expect(wouldServePercent({ yes: 2, no: 3 })).toBe(40);
  });
});
