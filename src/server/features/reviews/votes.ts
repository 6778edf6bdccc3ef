/**
 * Votes on reviews: 1, -1, or 0 to clear (spec section 4: pressing the same direction again sends 0).
 * The review's score, and its up and down votes (docs/decisions/0027-review-helpfulness.md), move by
 * the difference in one atomic statement, so simultaneous voters never overwrite each other.
 */
import { MSG } from '#core/messages.js';
import { isOwnOfficerProfile, isOwnReview, isSuspended } from '#core/permissions.js';
import type { HelpfulVotes } from '#core/review-sort.js';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/platform/db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '#server/platform/db/errors.js';
import { runPrepared } from '#server/platform/db/prepared.js';
import { AppError, notFound } from '#server/platform/errors.js';
import type { SessionUser } from '#server/domain/identity/sessions.js';

/** The vote as the voter sees it, the review's new figures, and who shows them: the reviewed officer's pages and the author's profile. */
export interface CastVote extends HelpfulVotes {
  value: number;
  score: number;
  officerId: number;
  /** Null once the author's account is gone. */
  authorId: number | null;
}

export async function castVote(db: Database, user: SessionUser, reviewId: number, value: -1 | 0 | 1): Promise<CastVote> {
  // Not the review message ('cannot submit reviews'): a suspended account is told what it cannot do.
  if (isSuspended(user)) throw new AppError('FORBIDDEN', MSG.account.suspended);
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeVote(db, user, reviewId, value);
    } catch (error) {
      // The same user's vote added twice at once: the later insert fails, and its statement run again
      // sees the other's vote as the one to replace. Once is not always enough: with several of one
      // user's votes in flight, a clear may delete that vote before the retry and another add win
      // again. Each conflict means another of this user's votes was written, so a few tries end it.
      if (isUniqueViolation(error, 'review_votes_user_review_idx') && attempt < SAME_USER_VOTE_ATTEMPTS) continue;
      // The review's lock (writeVote) keeps a delete from passing the vote; should one still, the
      // vote is of a review that no longer exists, like any other.
      if (isForeignKeyViolation(error)) throw notFound('Review');
      throw error;
    }
  }
}

/** Tries of one vote that loses the race to add the same user's vote on the same review (castVote). */
const SAME_USER_VOTE_ATTEMPTS = 5;

interface VoteRow {
  user_id: number | null;
  officer_id: number;
  score: number | null;
  upvotes: number | null;
  downvotes: number | null;
}

const p = (name: string) => sql.placeholder(name);

/**
 * The whole vote in one statement, so one round trip with the session's and the cache bus's news
 * after it (issue 38; it was seven):
 * PostgreSQL runs a single statement atomically without BEGIN and COMMIT. It reads the review (its
 * key share lock held until the end: a delete of the review waits for this vote, or went first and
 * this finds nothing) and the voter's previous vote (locked), changes the vote and moves the
 * review's score and up and down votes by the difference (never by values read here: another
 * voter's vote may land in between).
 *
 * It writes only when the voter may vote: not on their own review, and not on a review of the
 * officer their account is linked to (issue 32: their votes would steer which reviews of them read
 * as "most helpful"). castVote then reads the same two facts from the answer to say which refusal.
 * The difference in up and down votes is helpfulVotesAfter's (src/core/review-sort.ts) in SQL.
 */
function voteStatement() {
  const own = sql`user_id = ${p('userId')} and review_id = ${p('reviewId')}`;
  const value = sql`${p('value')}::int`;
  const previous = sql`coalesce((select vote from previous), 0)`;
  return sql`
    with target as (
      select id, user_id, officer_id from reviews where id = ${p('reviewId')} for key share
    ),
    previous as (select vote from review_votes where ${own} for update),
    allowed as (
      select id from target
      where user_id is distinct from ${p('userId')}::int and officer_id is distinct from ${p('userOfficerId')}::int
    ),
    removed as (delete from review_votes where ${own} and ${value} = 0 and exists (select 1 from allowed) returning 1),
    changed as (update review_votes set vote = ${value} where ${own} and ${value} <> 0 and exists (select 1 from allowed) returning 1),
    added as (
      insert into review_votes (user_id, review_id, vote)
      select ${p('userId')}, ${p('reviewId')}, ${value}
      where ${value} <> 0 and not exists (select 1 from previous) and exists (select 1 from allowed)
      returning 1
    ),
    moved as (
      update reviews set
        score = score + (${value} - ${previous}),
        upvotes = upvotes + ((${value} = 1)::int - (${previous} = 1)::int),
        downvotes = downvotes + ((${value} = -1)::int - (${previous} = -1)::int)
      where id = ${p('reviewId')} and exists (select 1 from allowed)
      returning officer_id, score, upvotes, downvotes
    )
    -- removed, changed and added are run by PostgreSQL whether or not this reads them.
    select t.user_id, t.officer_id, m.score, m.upvotes, m.downvotes
    from target t left join moved m on true`;
}

async function writeVote(db: Database, user: SessionUser, reviewId: number, value: -1 | 0 | 1): Promise<CastVote> {
  const [row] = await runPrepared<VoteRow>(db, 'vote_write', voteStatement, {
    reviewId,
    userId: user.id,
    userOfficerId: user.officerId,
    value,
  });
  if (!row) throw notFound('Review');
  if (isOwnReview(user, { userId: row.user_id })) throw new AppError('FORBIDDEN', MSG.reviewActions.ownReviewVote);
  if (isOwnOfficerProfile(user, row.officer_id)) throw new AppError('FORBIDDEN', MSG.reviewActions.ownOfficerVote);
  // The statement's own rule and the two checks above are the same: a vote it refused is refused here.
  if (row.score === null) throw new Error(`vote on review ${reviewId} was not written`);
  return {
    value,
    score: Number(row.score),
    upvotes: Number(row.upvotes),
    downvotes: Number(row.downvotes),
    officerId: row.officer_id,
    authorId: row.user_id,
  };
}
