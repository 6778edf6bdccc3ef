import { Check, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import type { FlaggedReview } from '#core/api';
import { STEAM_PROFILE_URL } from '#core/constants';
import { formatDate } from '#core/date';
import { adminMessages } from '#core/messages/admin';
import { reviewReplyMessages } from '#core/messages/review-reply';
import { useApproveFlaggedReview, useFlaggedReviews } from '#web/api/admin';
import { AdminReviewDelete } from '#web/components/domain/admin-review-delete';
import { RatingValue } from '#web/components/rating/rating-value';
import { Button } from '#web/components/ui/button';
import { Badge } from '#web/components/ui/feedback';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { AdminGate } from './components/admin-gate';
import { AdminPageHeader } from './components/admin-page-header';
import { FlaggedReplyActions } from './flagged-reply-actions';
import { ActionsCell, AdminTable, Cell, RowHeader, TextCell } from './components/admin-table';
import { ReviewWavesSection } from './review-waves-section';
import { AppealsSection } from './appeals-section';
import { CaseNotesDialog, SuspendUserDialog } from './moderation-actions';

// 'Author': the reviewer on a review's row, the reply's writer on a reply's (issue 36, item 6).
const COLUMNS = ['Review', 'Text', 'Author', 'Flag Reasons', 'Actions'] as const;

/** /admin/reviews (spec section 2, Review Moderation): reviews with pending flags, to keep or remove. */
function ReviewModerationPage() {
  useDocumentTitle(adminMessages.reviewModeration);
  return (
    <AdminGate audience="staff">
      <ReviewModeration />
    </AdminGate>
  );
}

function ReviewModeration() {
  const flagged = useFlaggedReviews();
  const approve = useApproveFlaggedReview();

  const approveReview = (review: FlaggedReview) =>
    approve.mutate(
      { id: review.id, officerId: review.officerId },
      {
        onSuccess: () => toast({ title: adminMessages.reviewApprovedTitle, description: adminMessages.flagsRemoved }),
        onError: (error) =>
          toast({ title: adminMessages.errorTitle, description: `${adminMessages.approveFailed}: ${errorMessage(error)}`, variant: 'destructive' }),
      },
    );

  return (
    <div className="space-y-8">
      <AdminPageHeader
        title={adminMessages.reviewModeration}
        description="Reviews and officers' replies that users flagged, and bursts of reviews held out of the ratings. Approve keeps a review or reply and clears its flags; Delete removes it. Release counts a wave's reviews; Remove deletes them."
      />
      <AdminTable
        title="Flagged Reviews"
        columns={COLUMNS}
        rows={flagged.data}
        isPending={flagged.isPending}
        error={flagged.error}
        onRetry={() => void flagged.refetch()}
        errorTitle="The flagged reviews could not be loaded"
        emptyText="No flagged reviews. Nothing is waiting for moderation."
        // A review flagged both ways is two rows: its own flags and its reply's.
        rowKey={(review) => `${review.id}-${review.target}`}
        renderRow={(review) => (
          <>
            <RowHeader>
              <Link to={`/officer/${review.officerId}`} className="text-link hover:underline">
                {review.officerName}
              </Link>
              <span className="mt-1 flex items-center gap-2 text-xs font-normal whitespace-nowrap text-stone-600">
                <RatingValue value={review.overallRating} outOf />
                <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
              </span>
            </RowHeader>
            <TextCell>
              {review.reply ? (
                <>
                  <Badge className="mb-1 bg-stone-100 font-medium text-stone-800">{reviewReplyMessages.flaggedReplyBadge}</Badge>
                  <span className="block font-medium">{reviewReplyMessages.responseFrom(review.officerName)}</span>
                  <span className="block">{review.reply.text}</span>
                  <span className="mt-1 block text-xs text-stone-600">In answer to: {review.text}</span>
                </>
              ) : (
                review.text
              )}
            </TextCell>
            <Cell>
              {review.target === 'reply' ? (
                review.replyAuthor ? (
                  <Author username={review.replyAuthor.username} steamId={review.replyAuthor.steamId} />
                ) : (
                  <span className="text-stone-600 italic">{reviewReplyMessages.replyAuthorGone}</span>
                )
              ) : (
                <Author username={review.reviewerUsername} steamId={review.reviewerSteamId} />
              )}
            </Cell>
            <TextCell className="min-w-48">
              <ul className="flex flex-wrap gap-1.5" aria-label={`${review.flags.length} flag${review.flags.length === 1 ? '' : 's'}`}>
                {review.flags.map((flag) => (
                  <li key={flag.id}>
                    <Badge className="bg-amber-100 font-medium whitespace-normal text-amber-900">{flag.reason}</Badge>
                  </li>
                ))}
              </ul>
            </TextCell>
            <ActionsCell>
              {review.target === 'reply' ? (
                <>
                  <FlaggedReplyActions row={review} />
                  {review.replyAuthor && <SuspendUserDialog userId={review.replyAuthor.id} username={review.replyAuthor.username} />}
                  <CaseNotesDialog type="reply" id={review.id} label={`the reply to review #${review.id}`} />
                </>
              ) : (
                <>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={approve.isPending && approve.variables.id === review.id}
                    onClick={() => approveReview(review)}
                  >
                    <Check className="h-4 w-4" aria-hidden />
                    Approve<span className="sr-only"> review by {review.reviewerUsername}</span>
                  </Button>
                  <AdminReviewDelete review={review} authorName={review.reviewerUsername} officerName={review.officerName} />
                  <SuspendUserDialog userId={review.reviewerId} username={review.reviewerUsername} />
                  <CaseNotesDialog type="review" id={review.id} label={`review #${review.id}`} />
                </>
              )}
            </ActionsCell>
          </>
        )}
      />
      <ReviewWavesSection />
      <AppealsSection />
    </div>
  );
}

/** Who wrote what was flagged, linking to their Steam profile when one is known. */
function Author({ username, steamId }: { username: string; steamId: string | null }) {
  if (!steamId) return <span>{username}</span>;
  return (
    <a
      href={`${STEAM_PROFILE_URL}${steamId}`}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-link hover:underline"
    >
      {username}
      <ExternalLink className="h-3 w-3" aria-label="(Steam profile, opens in a new tab)" />
    </a>
  );
}

export { ReviewModerationPage as Component };
