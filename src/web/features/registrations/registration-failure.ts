import { commonMessages } from '#core/messages/common';
import { registrationFormMessages } from '#core/messages/registration-form';
import { registrationsMessages } from '#core/messages/registrations';
import { ApiError } from '#web/lib/api-client';

interface FailureNotice {
  title: string;
  description: string;
}

/** The server's refusals that concern a choice in the form rather than the request (spec section 8, Form Error). */
const FORM_CHOICE_MESSAGES: readonly string[] = [registrationFormMessages.sideInvalid, registrationFormMessages.regimentInvalid];

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
    if (error.status === 401) return { title: registrationsMessages.authErrorTitle, description: registrationsMessages.userIdUnknown };
    if (FORM_CHOICE_MESSAGES.includes(message)) return { title: registrationsMessages.formErrorTitle, description: message };
    if (error.status === 400 && error.body.code === 'VALIDATION') {
      return { title: registrationsMessages.formErrorTitle, description: registrationsMessages.formError };
    }
    return { title: registrationsMessages.failedTitle, description: message || commonMessages.unknownError };
  }
  const description = error instanceof Error && error.message ? error.message : commonMessages.unknownError;
  return { title: registrationsMessages.failedTitle, description };
}
