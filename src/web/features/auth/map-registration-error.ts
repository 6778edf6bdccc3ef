import { MSG } from '#core/messages';

/**
 * The text a failed registration shows, from the server's message (spec section 8, Registration).
 * The server says e.g. 'Username is already taken' or 'Email is already in use'.
 */
export function mapRegistrationError(serverMessage: string): string {
  const text = serverMessage.toLowerCase();
  if (text.includes('username') && text.includes('taken')) return MSG.auth.usernameTaken;
  if (text.includes('email') && text.includes('in use')) return MSG.auth.emailRegistered;
  if (text.includes('weak')) return MSG.auth.weakPassword;
  if (text.includes('password')) return MSG.auth.passwordError(serverMessage);
  return MSG.auth.registrationFailed;
}
