import { describe, expect, it } from 'vitest';
import type { AuthUser } from '#core/api';
import { requireOfficerRegistrant, requireRegimentRegistrant } from './registration-access';

const user: AuthUser = { id: 3, username: 'hancock', role: 'user', isAdmin: false, isOfficer: false, officerId: null, steamId: null };
const officer: AuthUser = { ...user, isOfficer: true, officerId: 12 };

describe('requireRegimentRegistrant', () => {
  it('waits for the auth status', () => {
    expect(requireRegimentRegistrant({ user: null, isAuthLoading: true })).toEqual({ kind: 'pending' });
  });

  it('sends a visitor home: Authentication Required, offering a login back here', () => {
    expect(requireRegimentRegistrant({ user: null, isAuthLoading: false })).toEqual({
      kind: 'redirect',
      to: '/',
      title: 'Authentication Required',
      description: 'You need to login with Steam to register a regiment.',
      offersLogin: true,
    });
  });

  it('lets any signed-in user in, officers too', () => {
    expect(requireRegimentRegistrant({ user, isAuthLoading: false })).toEqual({ kind: 'allowed', user });
    expect(requireRegimentRegistrant({ user: officer, isAuthLoading: false })).toEqual({ kind: 'allowed', user: officer });
  });
});

describe('requireOfficerRegistrant', () => {
  it('waits for the auth status', () => {
    expect(requireOfficerRegistrant({ user: officer, isAuthLoading: true })).toEqual({ kind: 'pending' });
  });

  it('sends a visitor home: Authentication Required, offering a login back here', () => {
    expect(requireOfficerRegistrant({ user: null, isAuthLoading: false })).toEqual({
      kind: 'redirect',
      to: '/',
      title: 'Authentication Required',
      description: 'You need to login with Steam to register as an officer.',
      offersLogin: true,
    });
  });

  it('points a user with an officerId to their profile', () => {
    expect(requireOfficerRegistrant({ user: officer, isAuthLoading: false })).toEqual({ kind: 'already-officer', profilePath: '/officer/12' });
  });

  it('lets a user without an officerId in', () => {
    expect(requireOfficerRegistrant({ user, isAuthLoading: false })).toEqual({ kind: 'allowed', user });
  });
});
