import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { notificationsMessages } from '#core/messages/notifications';
import { registrationsMessages } from '#core/messages/registrations';
import { parsePositiveId } from '#core/parse-id';
import type { MyRegistration } from '#core/schemas/notifications';
import { myRegistrationsQueryOptions } from '#web/api/notifications';
import { Alert } from '#web/components/ui/feedback';

/** The query parameter of 'Apply again' on My Registrations: the rejected request to start from. */
export const APPLY_AGAIN_PARAM = 'again';

/** The address of the form that applies again from a rejected request. */
export function applyAgainPath(registration: Pick<MyRegistration, 'type' | 'id'>): string {
  return `${registration.type === 'regiment' ? '/register-regiment' : '/register-officer'}?${APPLY_AGAIN_PARAM}=${registration.id}`;
}

/**
 * The user's rejected request named by `?again=` (issue 36, item 6: 'Apply again' opened an empty
 * form). `isPending` while My Registrations loads, so the form mounts once with its values; none
 * when there is no such parameter, or it names no rejected request of this kind of the user.
 */
export function useRejectedRequest(userId: number, type: MyRegistration['type']): { isPending: boolean; request: MyRegistration | null } {
  const [params] = useSearchParams();
  const id = parsePositiveId(params.get(APPLY_AGAIN_PARAM) ?? undefined);
  const registrations = useQuery({ ...myRegistrationsQueryOptions(userId), enabled: id !== null });
  if (id === null) return { isPending: false, request: null };
  if (registrations.isPending) return { isPending: true, request: null };
  const request = registrations.data?.find(
    (candidate) => candidate.type === type && candidate.id === id && candidate.status !== 'pending' && candidate.status !== 'approved',
  );
  return { isPending: false, request: request ?? null };
}

/** Above the refilled form: that the request was rejected, and the administrator's notes. */
export function RejectedRequestNotes({ request }: { request: MyRegistration }) {
  return (
    <Alert title={registrationsMessages.rejectedRequestTitle} className="mb-5">
      <p>{registrationsMessages.rejectedRequestIntro}</p>
      <p className="mt-2 font-semibold">{notificationsMessages.adminNotes}</p>
      <p className="whitespace-pre-line">{request.notes || registrationsMessages.rejectedRequestNoNotes}</p>
    </Alert>
  );
}
