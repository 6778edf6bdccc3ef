import { describe, expect, it } from 'vitest';
import { parsePositiveId } from './parse-id.js';

describe('parsePositiveId', () => {
  it('reads a positive whole number', () => {
    expect(parsePositiveId('7')).toBe(7);
    expect(parsePositiveId('007')).toBe(7);
    expect(parsePositiveId('2147483647')).toBe(2_147_483_647);
  });

  it.each([undefined, '', 'abc', '0', '-1', '1.5', '1e3', '0x10', ' 7', '7 ', '+7', '2147483648', '99999999999'])('refuses %j', (raw) => {
    expect(parsePositiveId(raw)).toBeNull();
  });
});
