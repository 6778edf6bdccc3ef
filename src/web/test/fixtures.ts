/**
 * Builders for the API answers the web tests serve, shaped like src/core/api.ts. Each builder has
 * quiet defaults (no ratings, no images); a test or a feature's fixture file overrides what it asserts.
 */
import { waitFor, within } from '@testing-library/react';
import type {
  AuthStatus,
  AuthUser,
  Officer,
  OfficerDetail,
  RankedOfficer,
  RankedRegiment,
  Regiment,
  RegimentDetail,
  Review,
  ReviewAuthor,
  Side,
} from '#core/api';
import { RANK_PRIOR_WEIGHT } from '#core/constants';
import { distributionOf, rankScoreOf } from '#core/rating-math';

export const UNION: Side = { id: 1, name: 'Union', code: 'USA' };
export const CONFEDERATE: Side = { id: 2, name: 'Confederate', code: 'CSA' };

/** The prior the builders' rank scores rest on: a community mean of 3.5 and the default weight. */
const TEST_RANK_PRIOR = { communityMean: 3.5, priorWeight: RANK_PRIOR_WEIGHT };

/** The rank score the server would send for these figures, unless the test gives its own. */
function withRankScore<T extends { averageRating: number | null; reviewCount: number }>(
  item: T,
  rankScore?: number | null,
): T & { rankScore: number | null } {
  return { ...item, rankScore: rankScore !== undefined ? rankScore : rankScoreOf(item.averageRating ?? 0, item.reviewCount, TEST_RANK_PRIOR) };
}

/**
 * A Union regiment unless `sideId` names the Confederacy, as a list by side and an edit answer it;
 * `side` and `sideName` follow `sideId`.
 */
export function makeRegiment(overrides: Partial<Regiment> = {}): Regiment {
  const side = overrides.sideId === CONFEDERATE.id ? CONFEDERATE : UNION;
  return {
    id: 3,
    name: '5th Wisconsin',
    description: null,
    sideId: side.id,
    averageRating: 0,
    reviewCount: 0,
    officerCount: 0,
    bannerImageUrl: null,
    iconImageUrl: null,
    isActive: true,
    userId: null,
    side: { name: side.name, code: side.code },
    sideName: side.name,
    submitterUsername: null,
    region: null,
    timeZone: null,
    languages: [],
    schedule: [],
    minimumAge: null,
    recruiting: null,
    discordInvite: null,
    ...overrides,
  };
}

/** The regiment as a ranking lists it (GET /api/regiments, the featured regiments): with its rank score. */
export function makeRankedRegiment({ rankScore, ...overrides }: Partial<RankedRegiment> = {}): RankedRegiment {
  return withRankScore(makeRegiment(overrides), rankScore);
}

/**
 * The regiment as GET /api/regiments/{id} answers it, with the star distribution of its reviews: by
 * default every review in the star of its average (all zeros without a review).
 */
export function makeRegimentDetail({ distribution, ...overrides }: Partial<RegimentDetail> = {}): RegimentDetail {
  const regiment = makeRegiment(overrides);
  return { ...regiment, distribution: distribution ?? { overall: distributionOf(Array<number>(regiment.reviewCount).fill(regiment.averageRating)) } };
}

/** Major Winfield Hancock (officer 7) of the 5th Wisconsin (regiment 3), not yet rated, as lists and edits answer him. */
export function makeOfficer(overrides: Partial<Officer> = {}): Officer {
  return {
    id: 7,
    name: 'Winfield Hancock',
    rank: 'Major',
    regimentId: 3,
    averageRating: 0,
    leadershipRating: 0,
    tacticsRating: 0,
    communicationRating: 0,
    fairnessRating: 0,
    reviewCount: 0,
    profileImageUrl: null,
    isActive: true,
    side: UNION,
    regiment: { id: 3, name: '5th Wisconsin', description: null, bannerImageUrl: null },
    regimentName: '5th Wisconsin',
    linkedUsername: null,
    linkedSteamId: null,
    ...overrides,
  };
}

/** The officer as a ranking lists him (the top officers, search): with his rank score. */
export function makeRankedOfficer({ rankScore, ...overrides }: Partial<RankedOfficer> = {}): RankedOfficer {
  return withRankScore(makeOfficer(overrides), rankScore);
}

/**
 * Officer 7 as GET /api/officers/{id} answers it, with its star distributions: by default every
 * review in the star of the matching average (all zeros without a review).
 */
export function makeOfficerDetail(overrides: Partial<OfficerDetail> = {}): OfficerDetail {
  const { distribution, recent, openWave, wouldServeAgain, ...fields } = overrides;
  const officer = makeOfficer(fields);
  const allAt = (rating: number | null) => distributionOf(Array<number>(officer.reviewCount).fill(rating ?? 0));
  return {
    ...officer,
    distribution: distribution ?? {
      overall: allAt(officer.averageRating),
      leadership: allAt(officer.leadershipRating),
      tactics: allAt(officer.tacticsRating),
      communication: allAt(officer.communicationRating),
      fairness: allAt(officer.fairnessRating),
    },
    // No recent reviews unless a test gives some: the page then shows the all-time figures alone.
    recent: recent ?? { reviewCount: 0, averageRating: null, leadership: null, tactics: null, communication: null, fairness: null },
    openWave: openWave ?? null,
    // No answers to "Would you serve under this officer again?" unless a test gives some.
    wouldServeAgain: wouldServeAgain ?? { yes: 0, no: 0 },
  };
}

/** An officer of the 20th Maine (regiment 1) rated 4 everywhere, as Home and Search list them. */
export const ratedOfficerOf20thMaine = {
  regimentId: 1,
  averageRating: 4,
  leadershipRating: 4,
  tacticsRating: 4,
  communicationRating: 4,
  fairnessRating: 4,
  reviewCount: 2,
  regiment: { id: 1, name: '20th Maine', description: null, bannerImageUrl: null },
  regimentName: '20th Maine',
} satisfies Partial<RankedOfficer>;

/** Review `id` of officer 7, by `soldier{id}` (user 100 + id), 4 in every category. */
export function makeReview(id: number, overrides: Partial<Review> = {}): Review {
  return {
    id,
    userId: 100 + id,
    officerId: 7,
    text: `Review number ${id} of this officer.`,
    leadership: 4,
    tactics: 4,
    communication: 4,
    fairness: 4,
    overallRating: 4,
    wouldServeAgain: null,
    score: 0,
    upvotes: 0,
    downvotes: 0,
    held: false,
    reply: null,
    resolved: false,
    createdAt: '2025-03-02T12:00:00.000Z',
    updatedAt: '2025-03-02T12:00:00.000Z',
    editedAt: null,
    revisionCount: 0,
    officer: { id: 7, name: 'Winfield Hancock', rank: 'Major' },
    regiment: { id: 3, name: '5th Wisconsin' },
    user: makeReviewAuthor({ id: 100 + id, username: `soldier${id}` }),
    ...overrides,
  };
}

/** A review's author (user 101): no Steam figures unless told otherwise, one review, a member since January 2024. */
export function makeReviewAuthor(overrides: Partial<ReviewAuthor> = {}): ReviewAuthor {
  return {
    id: 101,
    username: null,
    steamId: null,
    level: null,
    totalGames: null,
    reviewCount: 1,
    memberSince: '2024-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/** User 1 ('meade'): no admin, no officer profile, no Steam account unless told otherwise. */
function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  const isAdmin = overrides.isAdmin ?? overrides.role === 'admin';
  return { id: 1, username: 'meade', role: isAdmin ? 'admin' : 'user', isAdmin, isOfficer: false, officerId: null, steamId: null, ...overrides };
}

/** The auth status of a signed-in `makeUser(overrides)`. */
export function signedInStatus(overrides: Partial<AuthUser> = {}): AuthStatus {
  return { authenticated: true, user: makeUser(overrides) };
}

export const SIGNED_OUT: AuthStatus = { authenticated: false, user: null };

/** What the home page asks for, so a redirect home lands on a quiet page. */
export function homeApi({ sides = [], regiments = [] }: { sides?: Side[]; regiments?: RankedRegiment[] } = {}) {
  return { '/api/sides': sides, '/api/regiments': regiments, '/api/officers/top': [], '/api/reviews/recent': [] };
}

/**
 * The toast (a list item of the notifications region) whose title is `title`. Found by its label
 * rather than its accessible name: while a modal dialog is open the region is aria-hidden, and on
 * pages with a live region Radix hides the toast region itself, which leaves it without a name.
 */
export function findToast(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const region = document.querySelector<HTMLElement>('[role="region"][aria-label^="Notifications"]');
    if (!region) throw new Error('The notifications region is not there.');
    return within(region).getByText(title).closest('li')!;
  });
}
