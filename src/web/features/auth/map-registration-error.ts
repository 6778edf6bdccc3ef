import { authMessages } from '#core/messages/auth';

/**
 * The text a failed registration shows, from the server's message (spec section 8, Registration).
 * The server says e.g. 'Username is already taken' or 'Email is already in use'.
 */
export function mapRegistrationError(serverMessage: string): string {
  const text = serverMessage.toLowerCase();
  if (text.includes('username') && text.includes('taken')) return authMessages.usernameTaken;
  if (text.includes('email') && text.includes('in use')) return authMessages.emailRegistered;
  if (text.includes('weak')) return authMessages.weakPassword;
  if (text.includes('password')) return authMessages.passwordError(serverMessage);
  return authMessages.registrationFailed;
}
