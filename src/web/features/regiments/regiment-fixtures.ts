/** Builders for the regiment page tests: the shared builders with their defaults. Test-only. */
import type { Regiment } from '#core/api';
import { makeRegiment } from '#web/test/fixtures';

/** Regiment 3, rated, submitted and owned by user 4 ('meade'). */
export function regiment(overrides: Partial<Regiment> = {}): Regiment {
  return makeRegiment({
    description: 'Skirmishers of the Iron Brigade.',
    averageRating: 3.6,
    reviewCount: 14,
    officerCount: 2,
    userId: 4,
    submitterUsername: 'meade',
    ...overrides,
  });
}
