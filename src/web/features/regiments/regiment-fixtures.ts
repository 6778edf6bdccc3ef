/** Builders for the regiment page tests: the shared builders with their defaults. Test-only. */
import type { RegimentDetail } from '#core/api';
import { makeRegimentDetail } from '#web/test/fixtures';

/** Regiment 3, rated, submitted and owned by user 4 ('meade'), as GET /api/regiments/3 answers it. */
export function regiment(overrides: Partial<RegimentDetail> = {}): RegimentDetail {
  return makeRegimentDetail({
    description: 'Skirmishers of the Iron Brigade.',
    averageRating: 3.6,
    reviewCount: 14,
    officerCount: 2,
    userId: 4,
    submitterUsername: 'meade',
    ...overrides,
  });
}
