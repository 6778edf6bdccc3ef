/** Builders and helpers for the registration page tests: the shared builders. Test-only. */
import type { AuthStatus } from '#core/api';
import type { MyRegistration } from '#core/schemas/notifications';
import { CONFEDERATE, UNION, homeApi, makeRankedRegiment, signedInStatus } from '#web/test/fixtures';

export { findToast } from '#web/test/fixtures';

const REGIMENTS = [
  makeRankedRegiment({ id: 3, name: '5th Wisconsin' }),
  makeRankedRegiment({ id: 4, name: '1st Texas', sideId: CONFEDERATE.id }),
  makeRankedRegiment({ id: 5, name: '20th Maine' }),
];

/** Signed in as user 1 ('meade'), without an officer profile unless `officerId` is given. */
export function signedIn(officerId: number | null = null): AuthStatus {
  return signedInStatus({ isOfficer: officerId !== null, officerId });
}

export const HOME_API = homeApi({ sides: [UNION, CONFEDERATE], regiments: REGIMENTS });

/** A request as My Registrations lists it (GET /api/registrations/mine): a pending regiment unless told otherwise. */
export function makeMyRegistration(overrides: Partial<MyRegistration>): MyRegistration {
  return {
    type: 'regiment',
    id: 1,
    name: '20th Maine',
    status: 'pending',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    notes: null,
    linkId: null,
    sideId: null,
    description: null,
    bannerImageUrl: null,
    iconImageUrl: null,
    rank: null,
    regimentId: null,
    profileImageUrl: null,
    ...overrides,
  };
}
