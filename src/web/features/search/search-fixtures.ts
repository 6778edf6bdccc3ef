/** Builders for the API answers /search reads: the shared builders with Search's defaults. Test-only. */
import type { RankedOfficer as Officer, RankedRegiment as Regiment } from '#core/api';
import { makeRankedOfficer, makeRankedRegiment, ratedOfficerOf20thMaine } from '#web/test/fixtures';

export { CONFEDERATE, UNION } from '#web/test/fixtures';

export function buildRegiment(overrides: Partial<Regiment> & Pick<Regiment, 'id' | 'name'>): Regiment {
  return makeRankedRegiment(overrides);
}

export function buildOfficer(overrides: Partial<Officer> & Pick<Officer, 'id' | 'name'>): Officer {
  return makeRankedOfficer({ rank: 'Col.', ...ratedOfficerOf20thMaine, ...overrides });
}

export const REGIMENTS: Regiment[] = [
  buildRegiment({ id: 1, name: '20th Maine', sideId: 1, averageRating: 4.5, reviewCount: 10, description: 'Little Round Top' }),
  buildRegiment({ id: 2, name: '1st Minnesota', sideId: 1, averageRating: 3.2, reviewCount: 30 }),
  buildRegiment({ id: 3, name: '2nd Virginia', sideId: 2, averageRating: 4.1, reviewCount: 5, description: 'Stonewall Brigade' }),
  buildRegiment({ id: 4, name: '15th Alabama', sideId: 2, averageRating: 2.8, reviewCount: 20, description: 'Faced the MAINE line' }),
];
