import { authMessages } from '#core/messages/auth';
import { resetPasswordMessages } from '#core/messages/reset-password';
import { verifyEmailMessages } from '#core/messages/verify-email';
import { ApiError, SecurityValidationError, errorMessage } from '#web/lib/api-client';
import { IdentityFlowError } from '#web/lib/firebase-auth';

/**
 * What the account-link screens say when a call fails (spec section 8: Verification page, Password
 * reset request, Reset page). The server answers 400 for a code it does not accept; in firebase mode
 * the identity service's refusals arrive as IdentityFlowError, already in the spec's words.
 */

export function verificationErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return verifyEmailMessages.failed;
  return verifyEmailMessages.error;
}

export function forgotPasswordErrorMessage(error: unknown): string {
  if (error instanceof IdentityFlowError) return error.message;
  if (error instanceof ApiError) {
    if (error.status === 400) return authMessages.invalidEmail;
    // The rate limit's own words say how to go on.
    if (error.status === 429) return error.serverMessage;
  }
  return errorMessage(error);
}

/** Checking the link before the form shows. */
export function resetLinkErrorMessage(error: unknown): string {
  if (error instanceof IdentityFlowError) return error.message;
  if (error instanceof ApiError && error.status === 400) return resetPasswordMessages.invalidLink;
  return resetPasswordMessages.failed;
}

export interface ResetFailure {
  message: string;
  /** The link cannot work any more (used, expired): the form is pointless and goes away. */
  isLinkDead: boolean;
}

/** Submitting the new password. */
export function resetPasswordFailure(error: unknown): ResetFailure {
  if (error instanceof IdentityFlowError) return { message: error.message, isLinkDead: error.message === resetPasswordMessages.invalidLink };
  if (error instanceof ApiError && error.status === 400) return { message: resetPasswordMessages.invalidLink, isLinkDead: true };
  if (error instanceof SecurityValidationError) return { message: error.message, isLinkDead: false };
  return { message: resetPasswordMessages.failed, isLinkDead: false };
}
