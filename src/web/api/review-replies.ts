/**
 * The officer's reply and the reviewer's resolution (issue 18, item 1;
 * docs/decisions/0037-right-of-reply.md). Kept apart from reviews.ts, which the first screen loads:
 * only the reply controls, loaded on demand, import these.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ModerationReasons, Review, SuccessMessage } from '#core/api';
import { adminApiPaths } from '#core/admin-api-paths';
import { apiPaths } from '#core/api-paths';
import { ApiError, api } from '#web/lib/api-client';
import { adminKeys } from './admin';
import { updateCachedViewerState } from './review-votes';
import { reviewKeys } from './reviews';

/** Where the review is shown with its reply: the officer's pages, the recent and the reviewer's own list. */
async function invalidateAfterReplyChange(queryClient: QueryClient, officerId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewKeys.ofOfficer(officerId) }),
    queryClient.invalidateQueries({ queryKey: reviewKeys.recent() }),
    queryClient.invalidateQueries({ queryKey: reviewKeys.mine() }),
    // The moderation queue shows flagged replies.
    queryClient.invalidateQueries({ queryKey: adminKeys.flaggedReviews() }),
  ]);
}

type ReviewRef = Pick<Review, 'id' | 'officerId'>;

/** PUT /api/reviews/{id}/reply {text}: posts or edits the reply. */
export function usePutReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ review, text }: { review: ReviewRef; text: string }) => api.put<Review>(apiPaths.reviewReply(review.id), { text }),
    onSuccess: (_answer, { review }) => invalidateAfterReplyChange(queryClient, review.officerId),
  });
}

/** DELETE /api/reviews/{id}/reply: by the officer's account, or by staff with the reasons its writer is told (issue 33). */
export function useDeleteReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ review, reasons }: { review: ReviewRef; reasons?: ModerationReasons }) =>
      api.delete<SuccessMessage>(apiPaths.reviewReply(review.id), reasons),
    onSuccess: (_answer, { review }) => invalidateAfterReplyChange(queryClient, review.officerId),
  });
}

/** POST /api/reviews/{id}/resolved {resolved}: the reviewer's mark. */
export function useSetResolved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ review, resolved }: { review: ReviewRef; resolved: boolean }) =>
      api.post<Review>(apiPaths.reviewResolved(review.id), { resolved }),
    onSuccess: (_answer, { review }) => invalidateAfterReplyChange(queryClient, review.officerId),
  });
}

/**
 * POST /api/reviews/{id}/reply/flag {reason}: nothing public changes until an admin decides. The
 * user's flag on the reply is open from then on (a 409: it already was), so the reply's button turns
 * to 'Flagged'; the review's own flag is another one (issue 32).
 */
export function useFlagReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: number; userId: number; reason: string }) =>
      api.post<SuccessMessage>(`${apiPaths.reviewReply(reviewId)}/flag`, { reason }),
    onSuccess: (_answer, { reviewId, userId }) => updateCachedViewerState(queryClient, reviewId, userId, { replyFlagged: true }),
    onError: (error, { reviewId, userId }) => {
      if (error instanceof ApiError && error.status === 409) updateCachedViewerState(queryClient, reviewId, userId, { replyFlagged: true });
    },
  });
}

/** POST /api/admin/reviews/{id}/reply/approve: clears the reply's flags, not the review's. */
export function useApproveFlaggedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ review }: { review: ReviewRef }) => api.post<SuccessMessage>(adminApiPaths.approveReply(review.id)),
    onSuccess: (_answer, { review }) => invalidateAfterReplyChange(queryClient, review.officerId),
  });
}
