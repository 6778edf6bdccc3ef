/** Builders for the API answers Home reads: the shared builders with Home's defaults. Test-only. */
import type { RankedOfficer as Officer, RankedRegiment as Regiment, Review } from '#core/api';
import { makeRankedOfficer, makeRankedRegiment, makeReview, makeReviewAuthor, ratedOfficerOf20thMaine } from '#web/test/fixtures';

export { CONFEDERATE, UNION } from '#web/test/fixtures';

export function buildRegiment(overrides: Partial<Regiment> & Pick<Regiment, 'id' | 'name'>): Regiment {
  return makeRankedRegiment(overrides);
}

/** A rated Captain of the 20th Maine (regiment 1). */
export function buildOfficer(overrides: Partial<Officer> & Pick<Officer, 'id' | 'name'>): Officer {
  return makeRankedOfficer({ rank: 'Captain', ...ratedOfficerOf20thMaine, ...overrides });
}

export function buildReview(overrides: Partial<Review> & Pick<Review, 'id'>): Review {
  return makeReview(overrides.id, {
    userId: 1,
    officerId: 1,
    text: 'Kept the line together under heavy fire.',
    createdAt: '2025-04-10T12:00:00.000Z',
    updatedAt: '2025-04-10T12:00:00.000Z',
    officer: { id: 1, name: 'Joshua Chamberlain', rank: 'Colonel' },
    regiment: { id: 1, name: '20th Maine' },
    user: makeReviewAuthor({ username: 'reviewer' }),
    ...overrides,
  });
}
