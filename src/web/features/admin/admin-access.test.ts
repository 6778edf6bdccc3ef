import { describe, expect, it } from 'vitest';
import type { AuthUser } from '#core/api';
import { decideAdminAccess } from './admin-access';

const user = (isAdmin: boolean): AuthUser => ({
  id: 1,
  username: 'meade',
  role: isAdmin ? 'admin' : 'user',
  isAdmin,
  isOfficer: false,
  officerId: null,
  steamId: null,
});

describe('decideAdminAccess', () => {
  it('decides nothing while the auth status loads, whoever it will turn out to be', () => {
    expect(decideAdminAccess({ user: null, isAuthLoading: true })).toBe('checking');
    expect(decideAdminAccess({ user: user(true), isAuthLoading: true })).toBe('checking');
  });

  it('denies visitors and signed-in users who are not admins', () => {
    expect(decideAdminAccess({ user: null, isAuthLoading: false })).toBe('denied');
    expect(decideAdminAccess({ user: user(false), isAuthLoading: false })).toBe('denied');
  });

  it('lets admins in', () => {
    expect(decideAdminAccess({ user: user(true), isAuthLoading: false })).toBe('allowed');
  });

  it('lets a moderator into the staff screens only (issue 33)', () => {
    const moderator: AuthUser = { ...user(false), role: 'moderator' };
    expect(decideAdminAccess({ user: moderator, isAuthLoading: false })).toBe('denied');
    expect(decideAdminAccess({ user: moderator, isAuthLoading: false, audience: 'staff' })).toBe('allowed');
    expect(decideAdminAccess({ user: user(true), isAuthLoading: false, audience: 'staff' })).toBe('allowed');
    expect(decideAdminAccess({ user: user(false), isAuthLoading: false, audience: 'staff' })).toBe('denied');
    expect(decideAdminAccess({ user: null, isAuthLoading: false, audience: 'staff' })).toBe('denied');
  });

  it('asks staff without a second factor to enrol, once their role lets them in (issue 34, item 4)', () => {
    const unenrolled = (account: AuthUser): AuthUser => ({ ...account, secondFactor: { enrolled: false, methods: [] } });
    const moderator: AuthUser = { ...user(false), role: 'moderator' };
    expect(decideAdminAccess({ user: unenrolled(user(true)), isAuthLoading: false })).toBe('enrol');
    expect(decideAdminAccess({ user: unenrolled(moderator), isAuthLoading: false, audience: 'staff' })).toBe('enrol');
    // Not staff at all: denied, whatever their factors.
    expect(decideAdminAccess({ user: unenrolled(moderator), isAuthLoading: false })).toBe('denied');
    expect(decideAdminAccess({ user: unenrolled(user(false)), isAuthLoading: false, audience: 'staff' })).toBe('denied');
    expect(decideAdminAccess({ user: { ...user(true), secondFactor: { enrolled: true, methods: ['totp'] } }, isAuthLoading: false })).toBe('allowed');
  });
});
