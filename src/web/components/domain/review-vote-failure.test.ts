import { describe, expect, it } from 'vitest';
import { sessionMessages } from '#core/messages/session';
import { csrfMessages } from '#core/messages/csrf';
import { reviewActionsMessages } from '#core/messages/review-actions';
import { ApiError, SecurityValidationError } from '#web/lib/api-client';
import { describeVoteFailure } from './review-vote-failure';

const body = (message: string) => JSON.stringify({ message, code: 'X' });

describe('describeVoteFailure', () => {
  it("uses the server's words for a refusal (403) or a rate limit (429)", () => {
    expect(describeVoteFailure(new ApiError(403, body('You cannot vote on your own review.'), 'Forbidden'))).toBe(
      'You cannot vote on your own review.',
    );
    expect(describeVoteFailure(new ApiError(429, body('Too many requests.'), 'Too Many Requests'))).toBe('Too many requests.');
  });

  it("says 'Could not record vote.' for anything else", () => {
    expect(describeVoteFailure(new ApiError(500, body('Something went wrong.'), 'Error'))).toBe(reviewActionsMessages.voteFailed);
    expect(describeVoteFailure(new TypeError('Failed to fetch'))).toBe(reviewActionsMessages.voteFailed);
    expect(describeVoteFailure(new Error(sessionMessages.authenticationRequired))).toBe(reviewActionsMessages.voteFailed);
  });

  it('passes on the security validation text of a failed CSRF check', () => {
    expect(describeVoteFailure(new SecurityValidationError(new Error('x')))).toBe(csrfMessages.securityValidationFailed);
  });
});
