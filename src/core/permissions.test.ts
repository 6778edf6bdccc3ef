import { describe, expect, it } from 'vitest';
import {
  canAdminister,
  canBanUser,
  canChangeReview,
  canModerate,
  canDeleteRegiment,
  canEditOfficerProfile,
  canEditRegiment,
  canFlagReview,
  canRegisterAsOfficer,
  canWriteReview,
  isOfficerOwner,
  isOwnOfficerProfile,
  isOwnReview,
  isRegimentOwner,
  isSuspended,
  officerManagerRole,
  ownOfficerProfileId,
  reviewWriterRefusal,
  type PermissionUser,
} from './permissions';
import { canChangeRole } from './staff-roles';

const OFFICER_ID = 7;
const OTHER_OFFICER_ID = 8;

function user(fields: Partial<PermissionUser> = {}): PermissionUser {
  return { id: 1, role: 'user', isAdmin: false, isOfficer: false, officerId: null, steamId: '76561198000000001', isBanned: false, ...fields };
}

const visitor = null;
const member = user();
const officerOwner = user({ id: 2, isOfficer: true, officerId: OFFICER_ID });
const admin = user({ id: 3, role: 'admin', isAdmin: true });
const adminOwner = user({ id: 4, role: 'admin', isAdmin: true, isOfficer: true, officerId: OFFICER_ID });
const moderator = user({ id: 10, role: 'moderator' });
const banned = user({ id: 5, isBanned: true });
const withoutSteam = user({ id: 6, steamId: null });
/** officerId set but isOfficer false: an account an old data import left half-linked. */
const halfLinked = user({ id: 9, officerId: OFFICER_ID });

describe('admin screens and calls', () => {
  it.each([
    ['a visitor', visitor, false],
    ['a member', member, false],
    ['a moderator', moderator, false],
    ['an admin', admin, true],
  ])('%s: %s', (_name, who, expected) => {
    expect(canAdminister(who)).toBe(expected);
  });
});

describe('staff roles (issue 33)', () => {
  it.each([
    ['a visitor', visitor, false],
    ['a member', member, false],
    ['a moderator', moderator, true],
    ['an admin', admin, true],
  ])('moderation is for staff: %s: %s', (_name, who, expected) => {
    expect(canModerate(who)).toBe(expected);
  });

  it("an admin changes other users' roles, never their own nor another admin's; nobody else does", () => {
    expect(canChangeRole(admin, member)).toBe(true);
    expect(canChangeRole(admin, moderator)).toBe(true);
    expect(canChangeRole(admin, admin)).toBe(false);
    expect(canChangeRole(admin, adminOwner)).toBe(false);
    expect(canChangeRole(moderator, member)).toBe(false);
    expect(canChangeRole(member, moderator)).toBe(false);
    expect(canChangeRole(visitor, member)).toBe(false);
  });

  it("a moderator deletes anyone's review, as an admin does, and edits none", () => {
    expect(canChangeReview(moderator, { userId: member.id }, 'delete')).toBe(true);
    expect(canChangeReview(moderator, { userId: member.id }, 'edit')).toBe(false);
  });
});

describe('banning users', () => {
  it('an admin bans others, never themselves; nobody else bans', () => {
    expect(canBanUser(admin, member.id)).toBe(true);
    expect(canBanUser(admin, admin.id)).toBe(false);
    expect(canBanUser(member, banned.id)).toBe(false);
    expect(canBanUser(visitor, member.id)).toBe(false);
  });
});

describe('officer profiles (spec section 6, Officer owner)', () => {
  it('the owner is isOfficer with this officerId; an admin among them is still accepted by the owner endpoints', () => {
    expect(isOfficerOwner(officerOwner, OFFICER_ID)).toBe(true);
    expect(isOfficerOwner(adminOwner, OFFICER_ID)).toBe(true);
    expect(isOfficerOwner(officerOwner, OTHER_OFFICER_ID)).toBe(false);
    expect(isOfficerOwner(halfLinked, OFFICER_ID)).toBe(false);
    expect(isOfficerOwner(visitor, OFFICER_ID)).toBe(false);
  });

  it.each([
    ['a visitor', visitor, false, null],
    ['a member', member, false, null],
    ['the owner', officerOwner, true, 'owner'],
    ['an admin', admin, false, 'admin'],
    ['an admin linked to the officer (the admin actions win)', adminOwner, false, 'admin'],
    ['isOfficer false with the officerId', halfLinked, false, null],
  ] as const)('%s: Edit My Profile %s, manages as %s', (_name, who, mayEditProfile, role) => {
    expect(canEditOfficerProfile(who, OFFICER_ID)).toBe(mayEditProfile);
    expect(officerManagerRole(who, OFFICER_ID)).toBe(role);
  });

  it('owns no other officer', () => {
    expect(canEditOfficerProfile(officerOwner, OTHER_OFFICER_ID)).toBe(false);
    expect(officerManagerRole(officerOwner, OTHER_OFFICER_ID)).toBeNull();
  });

  it("'My Profile' goes to the linked officer of an officer account only", () => {
    expect(ownOfficerProfileId(officerOwner)).toBe(OFFICER_ID);
    expect(ownOfficerProfileId(halfLinked)).toBeNull();
    expect(ownOfficerProfileId(member)).toBeNull();
    expect(ownOfficerProfileId(visitor)).toBeNull();
  });

  it("'Register as Officer' is for signed-in users without an officerId", () => {
    expect(canRegisterAsOfficer(member)).toBe(true);
    expect(canRegisterAsOfficer(officerOwner)).toBe(false);
    expect(canRegisterAsOfficer(halfLinked)).toBe(false);
    expect(canRegisterAsOfficer(visitor)).toBe(false);
  });
});

describe('regiments (spec section 6, Regiment owner and Admin)', () => {
  const owned = { userId: member.id };
  const ownerless = { userId: null };

  it.each([
    ['a visitor', visitor, owned, false],
    ['the owner', member, owned, true],
    ['another member', withoutSteam, owned, false],
    ['an admin', admin, owned, true],
    ['an admin, of a regiment without owner', admin, ownerless, true],
    ['a member, of a regiment without owner', member, ownerless, false],
  ])('%s edits: %s', (_name, who, regiment, expected) => {
    expect(canEditRegiment(who, regiment)).toBe(expected);
  });

  it('nobody owns a regiment without a userId', () => {
    expect(isRegimentOwner(member, ownerless)).toBe(false);
  });

  it('only an admin deletes one, its owner included', () => {
    expect(canDeleteRegiment(admin)).toBe(true);
    expect(canDeleteRegiment(member)).toBe(false);
    expect(canDeleteRegiment(visitor)).toBe(false);
  });
});

describe('writing reviews (spec section 6)', () => {
  it.each([
    ['a visitor', visitor, 'signed-out'],
    ['a banned user, even with Steam', banned, 'suspended'],
    ['a banned user without Steam: the suspension first', user({ isBanned: true, steamId: null }), 'suspended'],
    ['a user without Steam', withoutSteam, 'steam-not-linked'],
    ['a user with Steam', member, null],
    ['an auth user without isBanned', { ...member, isBanned: undefined }, null],
  ] as const)('%s: %s', (_name, who, expected) => {
    expect(reviewWriterRefusal(who)).toBe(expected);
  });

  it('nobody reviews their own officer profile', () => {
    expect(isOwnOfficerProfile(officerOwner, OFFICER_ID)).toBe(true);
    expect(isOwnOfficerProfile(halfLinked, OFFICER_ID)).toBe(true);
    expect(canWriteReview(officerOwner, OFFICER_ID)).toBe(false);
    expect(canWriteReview(officerOwner, OTHER_OFFICER_ID)).toBe(true);
    expect(canWriteReview(member, OFFICER_ID)).toBe(true);
    expect(canWriteReview(banned, OFFICER_ID)).toBe(false);
    expect(canWriteReview(withoutSteam, OFFICER_ID)).toBe(false);
    expect(canWriteReview(visitor, OFFICER_ID)).toBe(false);
  });
});

describe('changing, voting on and flagging reviews', () => {
  const review = { userId: member.id };

  it('its author edits and deletes it; an admin deletes it but does not edit it', () => {
    expect(canChangeReview(member, review, 'edit')).toBe(true);
    expect(canChangeReview(member, review, 'delete')).toBe(true);
    expect(canChangeReview(admin, review, 'edit')).toBe(false);
    expect(canChangeReview(admin, review, 'delete')).toBe(true);
    expect(canChangeReview(withoutSteam, review, 'delete')).toBe(false);
    expect(canChangeReview(visitor, review, 'delete')).toBe(false);
  });

  it('knows the author', () => {
    expect(isOwnReview(member, review)).toBe(true);
    expect(isOwnReview(admin, review)).toBe(false);
    expect(isOwnReview(visitor, review)).toBe(false);
  });

  it('flags are for signed-in, unbanned users on the reviews of others', () => {
    expect(canFlagReview(withoutSteam, review)).toBe(true);
    expect(canFlagReview(member, review)).toBe(false);
    expect(canFlagReview(banned, review)).toBe(false);
    expect(canFlagReview(visitor, review)).toBe(false);
  });

  it('a missing isBanned is not a suspension', () => {
    expect(isSuspended({ isBanned: undefined })).toBe(false);
    expect(isSuspended(banned)).toBe(true);
    expect(isSuspended(visitor)).toBe(false);
  });
});
