import type { AuthUser } from '#core/api';
import { officerMessages } from '#core/messages/officer';
import { isOwnOfficerProfile, reviewWriterRefusal } from '#core/permissions';
import { authPathReturningTo } from '#core/return-path';
import { steamSignInHref } from '#web/api/steam';
import { myReviewsEditPath } from '#web/lib/my-reviews-edit';

/**
 * What the review button on an officer page offers (spec section 2, /officer/{id}):
 * signed out -> log in (and come back to this officer); the officer's own account -> nothing (nobody
 * reviews themselves, issue 13); suspended -> say so instead of any button (the server refuses every
 * review, vote and flag of a banned user); already reviewed -> edit it (My Reviews, its dialog open); no linked
 * Steam account -> connect Steam; otherwise write a review.
 */
type ReviewAction =
  | { kind: 'pending' }
  /** The officer's own linked account: no review button at all (the server refuses with 403). */
  | { kind: 'none' }
  | { kind: 'login'; label: string; to: string }
  | { kind: 'suspended' }
  | { kind: 'edit'; label: string; to: string }
  /** Full-page navigation: the server starts the Steam OpenID sign-in and returns to this officer. */
  | { kind: 'connect-steam'; label: string; href: string }
  | { kind: 'write'; label: string; to: string };

interface ReviewActionInput {
  officerId: number;
  user: AuthUser | null;
  /** The auth status, or the signed-in user's own reviews, have not answered yet. */
  isLoading: boolean;
  /** The signed-in user's review of this officer, if they wrote one (from /api/reviews/my). */
  ownReviewId: number | null;
}

export function chooseReviewAction({ officerId, user, isLoading, ownReviewId }: ReviewActionInput): ReviewAction {
  // Until auth status (and the user's reviews) answer we do not know which button is right; showing
  // 'Login' to a signed-in user, or 'Write' to one who already wrote, for a moment would be wrong.
  if (isLoading) return { kind: 'pending' };
  // Back to this officer, not straight to the form: the reader may still need to link Steam.
  if (!user) return { kind: 'login', label: officerMessages.loginToReview, to: authPathReturningTo('/login', `/officer/${officerId}`) };
  if (isOwnOfficerProfile(user, officerId)) return { kind: 'none' };
  const refusal = reviewWriterRefusal(user);
  if (refusal === 'suspended') return { kind: 'suspended' };
  // My Reviews opens that review's edit dialog (issue 39, item 2).
  if (ownReviewId !== null) return { kind: 'edit', label: officerMessages.editYourReview, to: myReviewsEditPath(ownReviewId) };
  if (refusal === 'steam-not-linked') return { kind: 'connect-steam', label: officerMessages.connectSteam, href: steamSignInHref({ officerId }) };
  return { kind: 'write', label: officerMessages.writeReview, to: `/create-review/${officerId}` };
}
