/** Builders for the review pages' tests: the shared builders with their defaults. Test-only. */
import type { AuthStatus, OfficerDetail, Review } from '#core/api';
import { homeApi, makeOfficerDetail, makeReview, makeReviewAuthor, signedInStatus } from './fixtures';

export { findToast } from './fixtures';

/** Officer 7, rated in every category, as GET /api/officers/7 answers it. */
export function buildOfficer(overrides: Partial<OfficerDetail> = {}): OfficerDetail {
  return makeOfficerDetail({
    averageRating: 4.3,
    leadershipRating: 4.3,
    tacticsRating: 3.5,
    communicationRating: 2.5,
    fairnessRating: 4,
    reviewCount: 12,
    ...overrides,
  });
}

/** Review `id` by user 1 ('meade', with Steam linked). */
export function buildReview(id: number, overrides: Partial<Review> = {}): Review {
  return makeReview(id, {
    userId: 1,
    text: `Review number ${id}: steady under fire.`,
    tactics: 3.5,
    communication: 3,
    fairness: 4.5,
    overallRating: 3.75,
    score: 2,
    user: makeReviewAuthor({ username: 'meade', steamId: '76561198000000000' }),
    ...overrides,
  });
}

export function signedIn(steamId: string | null): AuthStatus {
  return signedInStatus({ steamId });
}

export const HOME_API = homeApi();
