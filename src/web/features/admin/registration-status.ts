import { adminMessages } from '#core/messages/admin';

/** Spec section 4: a request is pending until an admin decides it. */
export function isPendingRegistration(registration: { status: string }): boolean {
  return registration.status === 'pending';
}

/** The badge of a processed request: 'Approved' for approved, 'Rejected' for anything else (spec section 4). */
export function registrationStatusLabel(status: string): string {
  return status === 'approved' ? adminMessages.statusApproved : adminMessages.statusRejected;
}

/** The pending and the processed (everything not pending) requests, each in the order given. */
export function splitRegistrations<T extends { status: string }>(registrations: readonly T[]): { pending: T[]; processed: T[] } {
  const pending: T[] = [];
  const processed: T[] = [];
  for (const registration of registrations) (isPendingRegistration(registration) ? pending : processed).push(registration);
  return { pending, processed };
}
