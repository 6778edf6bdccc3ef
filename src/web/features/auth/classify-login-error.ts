import { authMessages } from '#core/messages/auth';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { IdentityFlowError } from '#web/lib/firebase-auth';

type LoginFailure = { kind: 'needsVerification' } | { kind: 'failed'; message: string } | { kind: 'error'; message: string };

/**
 * What a failed sign-in means for the user (spec section 8, Login): a 403 whose body says
 * needsVerification asks them to verify their email; a 401 is 'Login Failed' with the server's
 * message (or the generic one); anything else is a 'Login Error'.
 */
export function classifyLoginError(error: unknown): LoginFailure {
  // Firebase mode: the identity service's refusal, already in the spec's words.
  if (error instanceof IdentityFlowError) return { kind: 'failed', message: error.message };
  if (error instanceof ApiError) {
    if (error.status === 403 && error.body.needsVerification === true) return { kind: 'needsVerification' };
    if (error.status === 401) {
      const message = error.body.message;
      return { kind: 'failed', message: typeof message === 'string' && message ? message : authMessages.invalidEmailOrPassword };
    }
  }
  return { kind: 'error', message: errorMessage(error, authMessages.loginFailed) };
}
