import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { adminMessages } from '#core/messages/admin';
import { sessionMessages } from '#core/messages/session';
import { notificationsMessages as M } from '#core/messages/notifications';
import { formatDate } from '#core/date';
import type { MyRegistration } from '#core/schemas/notifications';
import { useAuth } from '#web/api/auth';
import { myRegistrationsQueryOptions } from '#web/api/notifications';
import { Button } from '#web/components/ui/button';
import { Badge, EmptyState, Spinner } from '#web/components/ui/feedback';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { RedirectWithNotice } from '#web/components/redirect-with-notice';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { applyAgainPath } from './rejected-request';

/** /my-registrations (issue 18, item 3): the user's regiment and officer requests and what became of them. */
function MyRegistrationsPage() {
  useDocumentTitle(M.myRegistrations);
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner />;
  if (!user) {
    return (
      <RedirectWithNotice
        redirect={{ to: '/', title: sessionMessages.authenticationRequiredTitle, description: M.loginToSeeRegistrations, offersLogin: true }}
      />
    );
  }
  return <RegistrationList userId={user.id} />;
}

function RegistrationList({ userId }: { userId: number }) {
  const registrations = useQuery(myRegistrationsQueryOptions(userId));
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <ClipboardList className="h-8 w-8 text-brass-dark" aria-hidden />
        {M.myRegistrations}
      </h1>
      {registrations.isError ? (
        <LoadFailedAlert title={M.myRegistrationsLoadFailed} error={registrations.error} onRetry={() => void registrations.refetch()} />
      ) : !registrations.data ? (
        <Spinner />
      ) : registrations.data.length === 0 ? (
        <EmptyState title={M.myRegistrationsEmpty} />
      ) : (
        <ul aria-label={M.myRegistrations} className="space-y-3">
          {registrations.data.map((registration) => (
            <RegistrationItem key={`${registration.type}-${registration.id}`} registration={registration} />
          ))}
        </ul>
      )}
    </div>
  );
}

const STATUS_BADGE = {
  pending: { label: M.statusPending, className: 'bg-stone-200 text-ink' },
  approved: { label: adminMessages.statusApproved, className: 'bg-green-100 text-green-900' },
  // Spec section 4: anything not pending or approved shows as rejected.
  rejected: { label: adminMessages.statusRejected, className: 'bg-red-100 text-red-900' },
} as const;

function RegistrationItem({ registration }: { registration: MyRegistration }) {
  const status = registration.status === 'pending' || registration.status === 'approved' ? registration.status : 'rejected';
  const badge = STATUS_BADGE[status];
  const isRegiment = registration.type === 'regiment';
  return (
    <li className="rounded-lg border border-stone-200 bg-surface p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
            {isRegiment ? M.regimentRegistration : M.officerRegistration}
          </p>
          <h2 className="font-serif text-lg font-semibold">{registration.name}</h2>
          <p className="text-xs text-stone-500">
            {M.submittedOn(formatDate(registration.createdAt))}
            {status !== 'pending' && ` · ${M.decidedOn(formatDate(registration.updatedAt))}`}
          </p>
        </div>
        <Badge className={badge.className}>{badge.label}</Badge>
      </div>
      {registration.notes && status !== 'pending' && (
        <div className="mt-3 rounded-md bg-stone-50 p-3 text-sm">
          <p className="font-semibold">{M.adminNotes}</p>
          <p className="whitespace-pre-line">{registration.notes}</p>
        </div>
      )}
      {status === 'approved' && registration.linkId !== null && (
        <Button asChild variant="outline" size="sm" className="mt-3">
          <Link to={isRegiment ? `/regiment/${registration.linkId}` : `/officer/${registration.linkId}`}>
            {isRegiment ? M.viewRegiment : M.viewOfficer}
          </Link>
        </Button>
      )}
      {status === 'rejected' && (
        <Button asChild variant="outline" size="sm" className="mt-3">
          <Link to={applyAgainPath(registration)}>{M.applyAgain}</Link>
        </Button>
      )}
    </li>
  );
}

export { MyRegistrationsPage as Component };
