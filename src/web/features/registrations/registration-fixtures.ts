/** Builders and helpers for the registration page tests: the shared builders. Test-only. */
import type { AuthStatus } from '#core/api';
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
