import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical-url.js';

describe('canonicalUrl', () => {
  it('leaves a path already in normal form as it is, query string included', () => {
    for (const url of ['/', '/api/officers/12', '/api/officers/search?q=a%2Fb&sortBy=name', '/.well-known/x', '/officer/3/']) {
      expect(canonicalUrl(url)).toBe(url);
    }
  });

  it('decodes percent-encoded unreserved characters, and only those', () => {
    expect(canonicalUrl('/%61pi/auth/logout')).toBe('/api/auth/logout');
    expect(canonicalUrl('/api/officers/%31%32')).toBe('/api/officers/12');
    expect(canonicalUrl('/api/x%7e%2D%5f')).toBe('/api/x~-_');
    // An encoded slash is not a separator; other escapes keep their meaning, in upper-case hex.
    expect(canonicalUrl('/api%2fofficers/1')).toBe('/api%2Fofficers/1');
    expect(canonicalUrl('/api/auth/verify-email/a%00b')).toBe('/api/auth/verify-email/a%00b');
    expect(canonicalUrl('/api/images/%e2%9c%93.webp')).toBe('/api/images/%E2%9C%93.webp');
  });

  it('collapses doubled slashes and resolves dot segments, never above the root', () => {
    expect(canonicalUrl('//api//officers///1')).toBe('/api/officers/1');
    expect(canonicalUrl('/api/./officers/1')).toBe('/api/officers/1');
    expect(canonicalUrl('/x/../api/officers/1?x=1')).toBe('/api/officers/1?x=1');
    expect(canonicalUrl('/../../api/auth/status')).toBe('/api/auth/status');
    expect(canonicalUrl('/api/%2e%2e/api/auth/status')).toBe('/api/auth/status');
    expect(canonicalUrl('/api/officers/..')).toBe('/api/');
  });

  it('leaves the query string alone, even with slashes and dots in it', () => {
    expect(canonicalUrl('//api/officers/search?q=../..//x')).toBe('/api/officers/search?q=../..//x');
  });
});
