import { describe, expect, it } from 'vitest';
import type { AuthUser } from '#core/api';
import { chooseRegimentManagement } from './regiment-management';

const user: AuthUser = { id: 4, username: 'meade', role: 'user', isAdmin: false, isOfficer: false, officerId: null, steamId: null };

describe('chooseRegimentManagement', () => {
  it('offers nothing to a visitor or a user who does not own the regiment', () => {
    expect(chooseRegimentManagement(null, { userId: 4 })).toEqual({ canEdit: false, canDelete: false });
    expect(chooseRegimentManagement(user, { userId: 5 })).toEqual({ canEdit: false, canDelete: false });
    expect(chooseRegimentManagement(user, { userId: null })).toEqual({ canEdit: false, canDelete: false });
  });

  it('lets the owner edit but not delete', () => {
    expect(chooseRegimentManagement(user, { userId: 4 })).toEqual({ canEdit: true, canDelete: false });
  });

  it('lets an admin edit and delete any regiment', () => {
    expect(chooseRegimentManagement({ ...user, role: 'admin', isAdmin: true }, { userId: 5 })).toEqual({ canEdit: true, canDelete: true });
    expect(chooseRegimentManagement({ ...user, role: 'admin', isAdmin: true }, { userId: null })).toEqual({ canEdit: true, canDelete: true });
  });
});
