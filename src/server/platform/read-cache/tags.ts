/**
 * The invalidation policy of the response cache (store.ts): what a kept answer shows (its tags) and
 * what a write changes (its invalidation). Routes name their tags through `cacheTags`, so the
 * reasoning behind each choice is written once, here (docs/decisions/0009-response-cache.md).
 */

/**
 * What a cached answer shows, so a write can forget just that: one officer, one officer's review
 * pages, the recent reviews, or any list of officers and regiments (their figures, order and search
 * results move with every rating).
 */
export type CacheTag =
  | 'lists'
  | 'ratings'
  | 'prior'
  | 'recent-reviews'
  | 'scores'
  | `officer:${number}`
  | `officer-reviews:${number}`
  | `review-history:${number}`
  | `reviewer:${number}`;
/** What a write changes: some tags, everything public ('all'), or nothing public ('none'). */
export type Invalidation = readonly CacheTag[] | 'all' | 'none';

/** The profiles of these authors (a review's author is null once the account is gone: it has no profile). */
function reviewerTags(authorIds: ReadonlyArray<number | null>): CacheTag[] {
  return authorIds.filter((id): id is number => id !== null).map((id): CacheTag => `reviewer:${id}`);
}

export const cacheTags = {
  lists: 'lists',
  /** A list of officers or regiments with their ratings: tags 'lists' and 'ratings'. */
  ratedList: ['lists', 'ratings'],
  /**
   * A ranking (rank scores: the top lists, search, the regiment lists): a rated list that also moves
   * when the published community mean does ('prior', src/server/domain/ranking-prior.ts).
   */
  rankedList: ['lists', 'ratings', 'prior'],
  /** What a newly published community mean changes: every rank score. */
  priorMoved: ['prior'],
  /** The recent reviews: tags 'recent-reviews' and 'scores' (their vote scores). */
  recentReviews: ['recent-reviews', 'scores'],
  officer: (id: number) => `officer:${id}`,
  officerReviews: (id: number) => `officer-reviews:${id}`,
  /**
   * One review's edit history (GET /api/reviews/{id}/revisions): its text and ratings, version by
   * version, and whether its officer is public. Only edits and deletions change it, and those (like
   * every change to officers and regiments) forget everything; a vote, a reply or a new review of the
   * same officer leaves it kept.
   */
  reviewHistory: (reviewId: number) => `review-history:${reviewId}`,
  /**
   * A search answer's tags. One with fewer than the limit holds every matching officer: only a
   * change to one of them can change it (a new review moves no officer into or out of a text match),
   * so it is tagged with those officers and forgotten exactly when one of them changes, or when the
   * community mean its rank scores rest on moves ('prior'). A full answer could gain an officer
   * whose rating rises: it carries the lists' lagging 'ratings'.
   */
  searchAnswer: (officerIds: readonly number[], limit: number): CacheTag[] =>
    officerIds.length < limit ? ['lists', 'prior', ...officerIds.map((id): CacheTag => `officer:${id}`)] : ['lists', 'ratings', 'prior'],
  /**
   * A page of the paged search (GET /api/search/officers), by the same reasoning. Which officers a
   * page holds moves with the ratings only when it is ordered by rating or review count and is not
   * the whole answer (a first page without a next one): those carry the lists' lagging 'ratings'. A
   * page in name order, or the whole answer, changes only when one of its officers does (its figures)
   * or through 'lists' (officers and regiments added, renamed or removed); its total never moves
   * with a review.
   */
  searchPage: (
    officerIds: readonly number[],
    { isOrderedByName, isWholeAnswer }: { isOrderedByName: boolean; isWholeAnswer: boolean },
  ): CacheTag[] =>
    isOrderedByName || isWholeAnswer ? ['lists', 'prior', ...officerIds.map((id): CacheTag => `officer:${id}`)] : ['lists', 'ratings', 'prior'],
  /** What a new review of this officer changes: its pages at once, the lists' ratings within the lag. */
  reviewOf: (officerId: number): CacheTag[] => [`officer:${officerId}`, `officer-reviews:${officerId}`, 'recent-reviews', 'ratings'],
  /**
   * What a change to a reviewer's signals changes (their review count, Steam figures or hidden level,
   * docs/decisions/0029-reviewer-signals.md): the review pages of every officer they reviewed, and
   * the recent reviews, and their profile (issue 36), at once. Nothing wider: no list or officer answer shows them.
   */
  reviewerSignals: (userId: number, reviewedOfficerIds: readonly number[]): CacheTag[] => [
    ...reviewedOfficerIds.map((id): CacheTag => `officer-reviews:${id}`),
    'recent-reviews',
    `reviewer:${userId}`,
  ],
  /**
   * A reviewer's profile (GET /api/reviewers/{userId}, issue 36, item 3): their own tag, and nothing
   * else. What changes one of their reviews as shown names its author: their new reviews and setting
   * changes (reviewerSignals above), their edits, a vote on or a reply to one of their reviews
   * (voteOnReviewOf, replyOn below), a wave that holds one (review-create.ts, review-edit.ts). Bans,
   * deletions, moderators' decisions and officer or regiment changes forget everything. Not the
   * review pages of every officer they reviewed, as it was: a profile under a dozen tags cost the
   * cache's tag index a tenth of the profile's time (docs/performance.md).
   */
  reviewer: (userId: number): CacheTag => `reviewer:${userId}`,
  /** The profiles of these authors: those of the reviews a wave held, say. */
  reviewers: reviewerTags,
  /**
   * What a reply to a review of this officer, or its resolution, changes (issue 18, item 1): the
   * review as shown in the officer's pages, its author's profile and the recent reviews, at once. No
   * figure, no list.
   */
  replyOn: (officerId: number, authorId: number | null): CacheTag[] => [
    `officer-reviews:${officerId}`,
    'recent-reviews',
    ...reviewerTags([authorId]),
  ],
  /**
   * What a vote on a review of this officer changes: its score, in the officer's review pages and its
   * author's profile at once, and in the recent reviews within the lag.
   */
  voteOnReviewOf: (officerId: number, authorId: number | null): CacheTag[] => [`officer-reviews:${officerId}`, 'scores', ...reviewerTags([authorId])],
} as const satisfies Record<string, CacheTag | readonly CacheTag[] | ((...args: never[]) => CacheTag | CacheTag[])>;
