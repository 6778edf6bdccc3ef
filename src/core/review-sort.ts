/**
 * The orders of an officer's review list (issue 16, item 2: GET /api/reviews/officer/{id}?sort=) and
 * the helpful-vote tallies each review carries. Shared by the server (validation, queries) and the web
 * (the sort control, the optimistic vote). docs/decisions/0027-review-helpfulness.md.
 */
export const REVIEW_SORTS = ['newest', 'oldest', 'helpful', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** The order the list had before it could be sorted (spec section 9: newest first). */
export const DEFAULT_REVIEW_SORT: ReviewSort = 'newest';

export interface HelpfulVotes {
  upvotes: number;
  downvotes: number;
}

/**
 * The tallies once one voter's vote goes from `previous` to `next` (each -1, 0 or 1), as the server
 * moves them: the voter's old vote leaves its column and the new one joins its own.
 */
export function helpfulVotesAfter({ upvotes, downvotes }: HelpfulVotes, previous: number, next: number): HelpfulVotes {
  const up = (vote: number) => (vote === 1 ? 1 : 0);
  const down = (vote: number) => (vote === -1 ? 1 : 0);
  return { upvotes: upvotes - up(previous) + up(next), downvotes: downvotes - down(previous) + down(next) };
}
