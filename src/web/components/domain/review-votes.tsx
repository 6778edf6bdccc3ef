import { useQuery } from '@tanstack/react-query';
import { ArrowBigDown, ArrowBigUp } from 'lucide-react';
import { useId } from 'react';
import type { Review } from '#core/api';
import { accountMessages } from '#core/messages/account';
import { sessionMessages } from '#core/messages/session';
import { reviewActionsMessages } from '#core/messages/review-actions';
import { reviewCardMessages } from '#core/messages/review-card';
import { isOwnOfficerProfile, isOwnReview, isSuspended } from '#core/permissions';
import { useAuth } from '#web/api/auth';
import { nextVoteValue, reviewViewerStateQueryOptions, useCastReviewVote, type VoteDirection } from '#web/api/review-votes';
import { cn } from '#web/lib/cn';
import { toast } from '#web/lib/toast-store';
import { describeVoteFailure } from './review-vote-failure';

/**
 * Up and down votes with the net score between them (spec sections 4 and 6). The user's current
 * vote is pressed. Visitors see the buttons disabled, yet a click explains that voting needs an
 * account; the author of the review cannot vote on it at all, nor can the reviewed officer's own
 * account (issue 32) or a suspended account (the buttons say why in their description).
 */
export function ReviewVotes({ review }: { review: Pick<Review, 'id' | 'userId' | 'officerId' | 'score' | 'upvotes' | 'downvotes'> }) {
  const { user, isLoading: isAuthLoading } = useAuth();
  const reasonId = useId();
  const isOwn = isOwnReview(user, review);
  const isOwnOfficer = user !== null && isOwnOfficerProfile(user, review.officerId);
  const isAccountSuspended = isSuspended(user);
  const canVote = user !== null && !isOwn && !isOwnOfficer && !isAccountSuspended;
  const { data: currentVote = 0, isPending: isVotePending } = useQuery({
    ...reviewViewerStateQueryOptions(review.id, user?.id ?? 0),
    enabled: canVote,
    select: (state) => state.value,
  });
  const castVote = useCastReviewVote();

  const vote = (direction: VoteDirection) => {
    if (!user) {
      toast({ title: sessionMessages.authenticationRequiredTitle, description: reviewActionsMessages.loginToVote });
      return;
    }
    // One vote at a time: the next one is computed from the answer to this one.
    if (castVote.isPending) return;
    castVote.mutate(
      { review, userId: user.id, value: nextVoteValue(currentVote, direction) },
      {
        onError: (error) => toast({ title: reviewActionsMessages.voteFailedTitle, description: describeVoteFailure(error), variant: 'destructive' }),
      },
    );
  };

  const mode: VoteButtonMode =
    isAuthLoading || (canVote && isVotePending)
      ? 'loading'
      : !user
        ? 'visitor'
        : isOwn
          ? 'own'
          : isOwnOfficer
            ? 'own-officer'
            : isAccountSuspended
              ? 'suspended'
              : 'ready';
  const reason = REFUSALS[mode];
  const title = mode === 'own' ? reviewActionsMessages.ownReviewVote : reason;
  const describedBy = reason === undefined ? undefined : reasonId;

  return (
    <div role="group" aria-label="Votes" title={title} className="flex items-center gap-1">
      <VoteButton direction="up" mode={mode} isPressed={canVote && currentVote === 1} title={title} describedBy={describedBy} onVote={vote} />
      <output aria-label={reviewCardMessages.netHelpfulVotes} className="min-w-8 text-center text-sm font-semibold tabular-nums">
        {review.score}
      </output>
      <VoteButton direction="down" mode={mode} isPressed={canVote && currentVote === -1} title={title} describedBy={describedBy} onVote={vote} />
      {/* The reason, for screen readers (the title shows it on hover). */}
      {reason !== undefined && (
        <span id={reasonId} className="sr-only">
          {reason}
        </span>
      )}
    </div>
  );
}

type VoteButtonMode = 'loading' | 'visitor' | 'own' | 'own-officer' | 'suspended' | 'ready';

/** Why the buttons are disabled, read to screen readers as their description (the title shows it on hover). */
const REFUSALS: Partial<Record<VoteButtonMode, string>> = {
  'own-officer': reviewActionsMessages.ownOfficerVote,
  suspended: accountMessages.suspended,
};

function VoteButton({
  direction,
  mode,
  isPressed,
  title,
  describedBy,
  onVote,
}: {
  direction: VoteDirection;
  mode: VoteButtonMode;
  isPressed: boolean;
  title: string | undefined;
  describedBy: string | undefined;
  onVote: (direction: VoteDirection) => void;
}) {
  const Icon = direction === 'up' ? ArrowBigUp : ArrowBigDown;
  const isVisitor = mode === 'visitor';
  return (
    <button
      type="button"
      aria-label={direction === 'up' ? 'Upvote' : 'Downvote'}
      aria-pressed={isPressed}
      // Visitors keep a clickable button (to be told why it does nothing) that looks disabled.
      aria-disabled={isVisitor || undefined}
      disabled={mode === 'loading' || mode === 'own' || mode === 'own-officer' || mode === 'suspended'}
      title={title}
      aria-describedby={describedBy}
      onClick={() => onVote(direction)}
      className={cn(
        'inline-flex h-8 w-8 items-center justify-center rounded-md text-stone-600 transition-colors hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50',
        isVisitor && 'cursor-not-allowed opacity-50 hover:bg-transparent',
        isPressed && (direction === 'up' ? 'bg-green-50 text-green-700' : 'bg-red-50 text-red-700'),
      )}
    >
      <Icon className={cn('h-5 w-5', isPressed && 'fill-current')} aria-hidden />
    </button>
  );
}
