/** Business constants of spec section 9, in one place for the server and the web app. */

export const SIDES = [
  { id: 1, name: 'Union', code: 'USA' },
  { id: 2, name: 'Confederate', code: 'CSA' },
] as const;
export type SideCode = (typeof SIDES)[number]['code'];

export const RATING_CATEGORIES = ['leadership', 'tactics', 'communication', 'fairness'] as const;
export type RatingCategory = (typeof RATING_CATEGORIES)[number];
export const RATING_CATEGORY_LABELS: Record<RatingCategory, string> = {
  leadership: 'Leadership',
  tactics: 'Tactics',
  communication: 'Communication',
  fairness: 'Fairness',
};

/**
 * The largest PostgreSQL int4: ids are `serial` columns and counts int4, so a number beyond it can
 * never name a row or be stored (spec section 3).
 */
export const MAX_INT4 = 2_147_483_647;

export const RATING_MAX = 5;
export const REVIEW_PAGE_SIZE = 5;
export const REVIEW_PAGE_SIZE_MAX = 50;
/** Top-officer lists require more than this many reviews. */
export const TOP_OFFICERS_MIN_REVIEWS_EXCLUSIVE = 1;
export const TOP_OFFICERS_LIMIT = 10;
export const RECENT_REVIEWS_LIMIT = 10;
/**
 * Rankings (top lists, the rating orders of search and the Regiments tab) order by a Bayesian average
 * that starts every item with this many reviews' worth of the community mean (issue 16, item 3;
 * docs/decisions/0030-bayesian-ranking.md says how it was chosen). The server's RANK_PRIOR_WEIGHT
 * overrides it.
 */
export const RANK_PRIOR_WEIGHT = 5;
/** Ratings resting on fewer reviews than this carry a "Few reviews" mark wherever lists show them. */
export const FEW_REVIEWS_BELOW = 5;

/**
 * Officers per page of the paged search (GET /api/search/officers), and regiments per step of the
 * Regiments tab: eight rows of the three-column grid (docs/decisions/0019-search-paging.md).
 */
export const SEARCH_PAGE_SIZE = 24;
export const SEARCH_PAGE_SIZE_MAX = 100;
/** The most regiments one page of GET /api/regiments?limit= may ask for (issue 38, item 2: the public API's paging). */
export const REGIMENT_PAGE_SIZE_MAX = 200;
/** How many suggestions the search boxes show while a person types (issue 15). */
export const SUGGESTIONS_LIMIT = 8;
/** The regiment choices a searchable selector shows at once, and the most one request may ask for. */
export const REGIMENT_CHOICES_LIMIT = 20;
export const REGIMENT_CHOICES_LIMIT_MAX = 50;

export const LIMITS = {
  reviewTextMax: 500,
  reviewTextMinNonSpace: 10,
  regimentNameMax: 100,
  regimentDescriptionMax: 250,
  officerNameMax: 60,
  rankMin: 2,
  flagReasonMin: 10,
  usernameMin: 3,
  usernameMax: 50,
  passwordMin: 8,
  searchQueryMax: 100,
  /**
   * Registration requests one user may have awaiting an administrator at once (issue 12: one account
   * filed 40 regiment requests in a row). Approved and rejected requests do not count.
   */
  pendingRegimentRegistrationsPerUser: 3,
  pendingOfficerRegistrationsPerUser: 1,
} as const;

/** Client data freshness (spec section 9), in milliseconds. */
export const FRESHNESS = {
  default: 30_000,
  sides: 5 * 60_000,
  regiments: 60_000,
  topOfficers: 30_000,
  recentReviews: 15_000,
  authStatusRefetch: 10_000,
  myReviewsRefetch: 5_000,
  userManagementStale: 5 * 60_000,
  gcTime: 5 * 60_000,
} as const;

export const TOAST = {
  defaultDurationMs: 5_000,
  verificationDurationMs: 10_000,
  limit: 1,
  removeDelayMs: 1_000_000,
  swipeThresholdPx: 50,
} as const;

export const LEGAL_LAST_UPDATED = 'April 10, 2025';
export const GAME_SITE_URL = 'https://warofrights.com/';
export const GAME_STORE_URL = 'https://store.steampowered.com/app/424030/War_of_Rights/';
export const STEAM_PROFILE_URL = 'https://steamcommunity.com/profiles/';

/** After a verified email, the verification screen moves on to /login (spec section 9). */
export const VERIFIED_REDIRECT_DELAY_MS = 3_000;
