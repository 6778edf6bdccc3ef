import { ApiError, SecurityValidationError } from '#web/lib/api-client';

/**
 * The text of an admin action's failure toast (spec section 8, Admin): the server's own message
 * when it sent one, the security-check text when the CSRF check failed, and otherwise the
 * action's fixed fallback (e.g. 'Failed to ban user ID 4.').
 */
export function actionFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const message = error.body.message;
    return typeof message === 'string' && message ? message : fallback;
  }
  if (error instanceof SecurityValidationError) return error.message;
  return fallback;
}
