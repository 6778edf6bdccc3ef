import { reviewActionsMessages } from '#core/messages/review-actions';
import { ApiError, SecurityValidationError } from '#web/lib/api-client';

/**
 * The description of the 'Vote Failed' toast (spec section 8): the server's own words when it
 * refused this user (403, e.g. their own review) or throttled them (429), the CSRF text when the
 * security check failed, otherwise 'Could not record vote.'.
 */
export function describeVoteFailure(error: unknown): string {
  if (error instanceof SecurityValidationError) return error.message;
  if (error instanceof ApiError && (error.status === 403 || error.status === 429)) return error.serverMessage;
  return reviewActionsMessages.voteFailed;
}
