import { describe, expect, it } from 'vitest';
import type { AuthUser } from '#core/api';
import { ApiError } from '#web/lib/api-client';
import { isSignedOutError, requireReviewWriter, requireSignedInForMyReviews } from './review-access';

const user: AuthUser = { id: 3, username: 'hancock', role: 'user', isAdmin: false, isOfficer: false, officerId: null, steamId: null };
const steamUser: AuthUser = { ...user, steamId: '76561198000000000' };

describe('requireReviewWriter', () => {
  it('waits for the auth status', () => {
    expect(requireReviewWriter({ user: null, isAuthLoading: true })).toEqual({ kind: 'pending' });
    expect(requireReviewWriter({ user: steamUser, isAuthLoading: true })).toEqual({ kind: 'pending' });
  });

  it('sends a visitor home: Authentication Required, offering a login back here', () => {
    expect(requireReviewWriter({ user: null, isAuthLoading: false })).toEqual({
      kind: 'redirect',
      to: '/',
      title: 'Authentication Required',
      description: 'You must be logged in to write a review.',
      offersLogin: true,
    });
  });

  it('shows a suspended account its suspension, with or without Steam', () => {
    expect(requireReviewWriter({ user: { ...steamUser, isBanned: true }, isAuthLoading: false })).toEqual({ kind: 'suspended' });
    expect(requireReviewWriter({ user: { ...user, isBanned: true }, isAuthLoading: false })).toEqual({ kind: 'suspended' });
  });

  it('sends a user without a linked Steam account home: Steam Required', () => {
    expect(requireReviewWriter({ user, isAuthLoading: false })).toEqual({
      kind: 'redirect',
      to: '/',
      title: 'Steam Required',
      description: 'Please connect your Steam account to write reviews.',
    });
  });

  it('lets a user with a linked Steam account in', () => {
    expect(requireReviewWriter({ user: steamUser, isAuthLoading: false })).toEqual({ kind: 'allowed', user: steamUser });
  });
});

describe('requireSignedInForMyReviews', () => {
  it('waits for the auth status', () => {
    expect(requireSignedInForMyReviews({ user: null, isAuthLoading: true })).toEqual({ kind: 'pending' });
  });

  it('sends a visitor home: Authentication Required', () => {
    expect(requireSignedInForMyReviews({ user: null, isAuthLoading: false })).toEqual({
      kind: 'redirect',
      to: '/',
      title: 'Authentication Required',
      description: 'You must be logged in to view your reviews.',
      offersLogin: true,
    });
  });

  it('lets any signed-in user in, with or without Steam', () => {
    expect(requireSignedInForMyReviews({ user, isAuthLoading: false })).toEqual({ kind: 'allowed', user });
  });
});

describe('isSignedOutError', () => {
  it("recognises the API client's answer to a 401", () => {
    expect(isSignedOutError(new Error('Authentication required'))).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isSignedOutError(new ApiError(500, '{"message":"Authentication required"}', 'Error'))).toBe(false);
    expect(isSignedOutError(new Error('Network down'))).toBe(false);
    expect(isSignedOutError(null)).toBe(false);
  });
});
