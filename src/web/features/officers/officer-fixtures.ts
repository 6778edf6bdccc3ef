/** Builders for the API answers the officer page reads: the shared builders with its defaults. Test-only. */
import type { AuthStatus, OfficerDetail } from '#core/api';
import type { SteamStats } from '#core/steam';
import { makeOfficerDetail, makeReview, signedInStatus } from '#web/test/fixtures';

export { makeReview as review } from '#web/test/fixtures';

/** Officer 7, rated in three categories of four, as its page reads it. */
export function officer(overrides: Partial<OfficerDetail> = {}): OfficerDetail {
  return makeOfficerDetail({
    averageRating: 4.3,
    leadershipRating: 4.3,
    tacticsRating: 3.5,
    communicationRating: 2.5,
    fairnessRating: null,
    reviewCount: 12,
    ...overrides,
  });
}

/**
 * Serves `/api/reviews/officer/7?page=1&limit=5` and the pages after it from a list of `total`
 * reviews; this fake's cursor is the next page's number.
 */
export function reviewPages(total: number) {
  const all = Array.from({ length: total }, (_, i) => makeReview(i + 1));
  return ({ url }: { url: URL }) => {
    const page = Number(url.searchParams.get('cursor') ?? url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    return { reviews: all.slice((page - 1) * limit, page * limit), totalCount: total, nextCursor: page * limit < total ? String(page + 1) : null };
  };
}

/** Signed in as user 1 ('meade'). */
export function signedIn(steamId: string | null = null): AuthStatus {
  return signedInStatus({ steamId });
}

export function steamStats(overrides: Partial<SteamStats> = {}): SteamStats {
  return {
    skirmish: 120,
    conquest: 45,
    picketPatrol: 30,
    contention: 8,
    total: 203,
    STAT_PROGRESSION_EXPERIENCE: 125_000,
    ...overrides,
  };
}
