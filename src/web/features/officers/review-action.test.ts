import { describe, expect, it } from 'vitest';
import type { AuthUser } from '#core/api';
import { chooseReviewAction } from './review-action';

const user: AuthUser = { id: 3, username: 'hancock', role: 'user', isAdmin: false, isOfficer: false, officerId: null, steamId: null };

describe('chooseReviewAction', () => {
  it('waits for the auth status before choosing', () => {
    expect(chooseReviewAction({ officerId: 7, user: null, isLoading: true, ownReviewId: null })).toEqual({ kind: 'pending' });
  });

  it('asks a visitor to log in, coming back to this officer afterwards', () => {
    expect(chooseReviewAction({ officerId: 7, user: null, isLoading: false, ownReviewId: null })).toEqual({
      kind: 'login',
      label: 'Login to write a review',
      to: '/login?next=%2Fofficer%2F7',
    });
  });

  it('shows a suspended account its suspension instead of any review button', () => {
    const banned = { ...user, steamId: '7656', isBanned: true };
    expect(chooseReviewAction({ officerId: 7, user: banned, isLoading: false, ownReviewId: null })).toEqual({ kind: 'suspended' });
    // Editing is refused too (the server checks the ban on every review write).
    expect(chooseReviewAction({ officerId: 7, user: banned, isLoading: false, ownReviewId: 41 })).toEqual({ kind: 'suspended' });
    expect(chooseReviewAction({ officerId: 7, user: { ...banned, steamId: null }, isLoading: false, ownReviewId: null })).toEqual({
      kind: 'suspended',
    });
  });

  it('treats an account the server did not mark as banned as not suspended', () => {
    expect(chooseReviewAction({ officerId: 7, user: { ...user, steamId: '7656', isBanned: false }, isLoading: false, ownReviewId: null }).kind).toBe(
      'write',
    );
  });

  it('sends a user without a Steam account to the Steam sign-in, carrying the officer id', () => {
    expect(chooseReviewAction({ officerId: 7, user, isLoading: false, ownReviewId: null })).toEqual({
      kind: 'connect-steam',
      label: 'Connect Steam to Review',
      href: '/api/auth/steam?officerId=7',
    });
  });

  it('lets a user with a Steam account write a review', () => {
    expect(chooseReviewAction({ officerId: 7, user: { ...user, steamId: '7656' }, isLoading: false, ownReviewId: null })).toEqual({
      kind: 'write',
      label: 'Write a Review',
      to: '/create-review/7',
    });
  });

  it('sends a user who already reviewed this officer to My Reviews, with that review open for editing', () => {
    expect(chooseReviewAction({ officerId: 7, user: { ...user, steamId: '7656' }, isLoading: false, ownReviewId: 41 })).toEqual({
      kind: 'edit',
      label: 'Edit Your Review',
      to: '/my-reviews?edit=41',
    });
  });

  it('offers the officer himself no review button: nobody reviews their own profile', () => {
    const officerSelf = { ...user, steamId: '7656', isOfficer: true, officerId: 7 };
    expect(chooseReviewAction({ officerId: 7, user: officerSelf, isLoading: false, ownReviewId: null })).toEqual({ kind: 'none' });
    // Another officer's page is reviewable as usual.
    expect(chooseReviewAction({ officerId: 8, user: officerSelf, isLoading: false, ownReviewId: null })).toMatchObject({ kind: 'write' });
  });
});
