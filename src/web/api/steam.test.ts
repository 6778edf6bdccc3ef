import { describe, expect, it } from 'vitest';
import { steamSignInHref } from './steam';

describe('steamSignInHref', () => {
  it('returns to an officer page by id', () => {
    expect(steamSignInHref({ officerId: 7 })).toBe('/api/auth/steam?officerId=7');
  });

  it('returns to a path, keeping its slashes readable', () => {
    expect(steamSignInHref({ redirect: '/my-stats' })).toBe('/api/auth/steam?redirect=/my-stats');
  });

  it('still encodes what would break the query string', () => {
    expect(steamSignInHref({ redirect: '/a?b=1&c=2' })).toBe('/api/auth/steam?redirect=/a%3Fb%3D1%26c%3D2');
  });
});
