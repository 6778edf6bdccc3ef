import { describe, expect, it } from 'vitest';
import { MSG } from '#core/messages';
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
    expect(describeVoteFailure(new ApiError(500, body('Something went wrong.'), 'Error'))).toBe(MSG.reviewActions.voteFailed);
    expect(describeVoteFailure(new TypeError('Failed to fetch'))).toBe(MSG.reviewActions.voteFailed);
    expect(describeVoteFailure(new Error(MSG.auth.authenticationRequired))).toBe(MSG.reviewActions.voteFailed);
  });

  it('passes on the security validation text of a failed CSRF check', () => {
    expect(describeVoteFailure(new SecurityValidationError(new Error('x')))).toBe(MSG.csrf.securityValidationFailed);
  });
});
