import type { AuthUser } from '#core/api';
import { sessionMessages } from '#core/messages/session';
import { registrationsMessages } from '#core/messages/registrations';
import { canRegisterAsOfficer } from '#core/permissions';

/** A redirect home with a toast that says why; `offersLogin`: the toast offers a login back here. */
interface RegistrationRedirect {
  kind: 'redirect';
  to: string;
  title: string;
  description: string;
  offersLogin?: true;
}

type RegistrationAccess = { kind: 'pending' } | RegistrationRedirect | { kind: 'allowed'; user: AuthUser };

/** /register-officer also knows users already linked to an officer: there is nothing to register. */
type OfficerRegistrationAccess = RegistrationAccess | { kind: 'already-officer'; profilePath: string };

interface RegistrationAccessInput {
  user: AuthUser | null;
  isAuthLoading: boolean;
}

/**
 * Registering needs a signed-in user (spec sections 5 and 8: signed out -> home with 'Authentication
 * Required'). Nothing is decided until the auth status answers.
 */
export function requireRegimentRegistrant({ user, isAuthLoading }: RegistrationAccessInput): RegistrationAccess {
  if (isAuthLoading) return { kind: 'pending' };
  if (!user) return signedOut(registrationsMessages.loginToRegisterRegiment);
  return { kind: 'allowed', user };
}

/**
 * As for a regiment; and one account is linked to at most one officer, so a user who already has an
 * officerId is pointed to their profile instead of the form.
 */
export function requireOfficerRegistrant({ user, isAuthLoading }: RegistrationAccessInput): OfficerRegistrationAccess {
  if (isAuthLoading) return { kind: 'pending' };
  if (!user) return signedOut(registrationsMessages.loginToRegisterOfficer);
  if (!canRegisterAsOfficer(user)) return { kind: 'already-officer', profilePath: `/officer/${user.officerId}` };
  return { kind: 'allowed', user };
}

function signedOut(description: string): RegistrationRedirect {
  return { kind: 'redirect', to: '/', title: sessionMessages.authenticationRequiredTitle, description, offersLogin: true };
}
