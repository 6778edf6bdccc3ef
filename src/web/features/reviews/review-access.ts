import type { AuthUser } from '#core/api';
import { sessionMessages } from '#core/messages/session';
import { reviewsMessages } from '#core/messages/reviews';
import { reviewWriterRefusal } from '#core/permissions';
import { ApiError } from '#web/lib/api-client';

/**
 * A redirect home with a toast that says why (spec sections 2 and 6). `offersLogin`: the reader is
 * signed out, and the toast offers a login that comes back to this page (issue 13, `next`).
 */
interface AccessRedirect {
  kind: 'redirect';
  to: string;
  title: string;
  description: string;
  offersLogin?: true;
}

type PageAccess = { kind: 'pending' } | AccessRedirect | { kind: 'allowed'; user: AuthUser };

/** /create-review also knows suspended accounts: they see why instead of a form they cannot send. */
type ReviewWriterAccess = PageAccess | { kind: 'suspended' };

interface AccessInput {
  user: AuthUser | null;
  isAuthLoading: boolean;
}

/**
 * /create-review/{officerId} (spec section 6): signed out -> home with 'Authentication Required';
 * a suspended account -> the suspension instead of the form (the server refuses its reviews); signed
 * in without a linked Steam account -> home with 'Steam Required'. Nothing is decided until the
 * auth status answers, so a signed-in user is never sent away while it loads.
 */
export function requireReviewWriter({ user, isAuthLoading }: AccessInput): ReviewWriterAccess {
  if (isAuthLoading) return { kind: 'pending' };
  if (!user) return signedOut(reviewsMessages.loginToWrite);
  const refusal = reviewWriterRefusal(user);
  if (refusal === 'suspended') return { kind: 'suspended' };
  if (refusal === 'steam-not-linked') {
    return { kind: 'redirect', to: '/', title: reviewsMessages.steamRequiredTitle, description: reviewsMessages.steamRequired };
  }
  return { kind: 'allowed', user };
}

/** /my-reviews (spec section 2): signed out -> home with 'Authentication Required'. */
export function requireSignedInForMyReviews({ user, isAuthLoading }: AccessInput): PageAccess {
  if (isAuthLoading) return { kind: 'pending' };
  if (!user) return signedOut(reviewsMessages.loginToViewMine);
  return { kind: 'allowed', user };
}

function signedOut(description: string): AccessRedirect {
  return { kind: 'redirect', to: '/', title: sessionMessages.authenticationRequiredTitle, description, offersLogin: true };
}

/**
 * Whether a read failed because the session is gone: the API client turns a 401 into a plain
 * Error with the spec's 'Authentication required' text (spec section 8, Generic).
 */
export function isSignedOutError(error: unknown): boolean {
  return error instanceof Error && !(error instanceof ApiError) && error.message === sessionMessages.authenticationRequired;
}
