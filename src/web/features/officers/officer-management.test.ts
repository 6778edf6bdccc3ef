import { describe, expect, it } from 'vitest';
import type { AuthUser } from '#core/api';
import { chooseOfficerManagement } from './officer-management';

const user: AuthUser = { id: 3, username: 'hancock', role: 'user', isAdmin: false, isOfficer: false, officerId: null, steamId: null };
const owner: AuthUser = { ...user, isOfficer: true, officerId: 7 };
const admin: AuthUser = { ...user, role: 'admin', isAdmin: true };

describe('chooseOfficerManagement', () => {
  it('offers nothing to a visitor or another user', () => {
    expect(chooseOfficerManagement(null, 7)).toBeNull();
    expect(chooseOfficerManagement(user, 7)).toBeNull();
    expect(chooseOfficerManagement({ ...owner, officerId: 8 }, 7)).toBeNull();
  });

  it("offers the owner 'Edit My Profile' and 'Delete My Profile'", () => {
    expect(chooseOfficerManagement(owner, 7)).toEqual({ role: 'owner', editLabel: 'Edit My Profile', deleteLabel: 'Delete My Profile' });
  });

  it('needs isOfficer as well as the officerId', () => {
    expect(chooseOfficerManagement({ ...owner, isOfficer: false }, 7)).toBeNull();
  });

  it("offers an admin 'Edit Officer' and 'Delete Officer', even on their own profile", () => {
    const expected = { role: 'admin', editLabel: 'Edit Officer', deleteLabel: 'Delete Officer' };
    expect(chooseOfficerManagement(admin, 7)).toEqual(expected);
    expect(chooseOfficerManagement({ ...owner, role: 'admin', isAdmin: true }, 7)).toEqual(expected);
  });
});
