import { describe, expect, it } from 'vitest';
import type { PermissionUser } from './permissions';
import { canDeleteReply, canFlagReply, canReplyToReview, canResolveReview } from './reply-permissions';

const user = (fields: Partial<PermissionUser> = {}): PermissionUser => ({
  id: 1,
  role: 'user',
  isAdmin: false,
  isOfficer: false,
  officerId: null,
  steamId: null,
  isBanned: false,
  ...fields,
});
// Review by user 2 of officer 7.
const review = { userId: 2, officerId: 7, reply: null };
const replied = { ...review, reply: { text: 'Thanks.' } };
const officer = user({ isOfficer: true, officerId: 7 });
const reviewer = user({ id: 2 });
const admin = user({ id: 3, role: 'admin', isAdmin: true });

describe('reply permissions (issue 18, item 1)', () => {
  it("the officer's linked account replies and deletes; an admin only deletes", () => {
    expect([null, user(), reviewer, admin, officer].map((u) => canReplyToReview(u, review))).toEqual([false, false, false, false, true]);
    expect(canReplyToReview({ ...officer, isBanned: true }, review)).toBe(false);
    expect([null, user(), reviewer, admin, officer].map((u) => canDeleteReply(u, review))).toEqual([false, false, false, true, true]);
    const bannedOfficer: PermissionUser = { ...officer, isBanned: true };
    expect(canDeleteReply(bannedOfficer, review)).toBe(true);
  });

  it('only the reviewer resolves, and only a replied review', () => {
    expect([null, user(), officer, admin, reviewer].map((u) => canResolveReview(u, replied))).toEqual([false, false, false, false, true]);
    expect(canResolveReview(reviewer, review)).toBe(false);
    expect(canResolveReview({ ...reviewer, isBanned: true }, replied)).toBe(false);
  });

  it('anyone signed in but the officer flags a reply', () => {
    expect([null, user(), reviewer, admin, officer].map((u) => canFlagReply(u, review))).toEqual([false, true, true, true, false]);
    expect(canFlagReply(user({ isBanned: true }), review)).toBe(false);
  });
});
