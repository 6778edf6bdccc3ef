import { MSG } from '#core/messages';
import { ApiError } from '#web/lib/api-client';

export interface FailureNotice {
  title: string;
  description: string;
}

/** The server's refusals that concern a choice in the form rather than the request (spec section 8, Form Error). */
const FORM_CHOICE_MESSAGES: readonly string[] = [MSG.registrationForm.sideInvalid, MSG.registrationForm.regimentInvalid];

/**
 * The toast for a failed registration (spec section 8, Registrations):
 * - an invalid side or regiment -> 'Form Error' with that message;
 * - other field problems the server found -> 'Form Error', asking to check the inputs;
 * - no session (401) -> 'Authentication Error': the user id could not be determined;
 * - anything else -> 'Registration Failed' with the server's message, or 'Unknown error occurred.'.
 */
export function describeRegistrationFailure(error: unknown): FailureNotice {
  if (error instanceof ApiError) {
    const message = typeof error.body.message === 'string' ? error.body.message : '';
    if (error.status === 401) return { title: MSG.registrations.authErrorTitle, description: MSG.registrations.userIdUnknown };
    if (FORM_CHOICE_MESSAGES.includes(message)) return { title: MSG.registrations.formErrorTitle, description: message };
    if (error.status === 400 && error.body.code === 'VALIDATION') {
      return { title: MSG.registrations.formErrorTitle, description: MSG.registrations.formError };
    }
    return { title: MSG.registrations.failedTitle, description: message || MSG.common.unknownError };
  }
  const description = error instanceof Error && error.message ? error.message : MSG.common.unknownError;
  return { title: MSG.registrations.failedTitle, description };
}
