import { Medal } from 'lucide-react';
import { Link } from 'react-router';
import type { AuthUser } from '#core/api';
import { commonMessages } from '#core/messages/common';
import { homeMessages } from '#core/messages/home';
import { registrationsMessages } from '#core/messages/registrations';
import { useAuth } from '#web/api/auth';
import { useSubmitOfficerRegistration } from '#web/api/registrations';
import { OfficerForm, type OfficerFormValues } from '#web/components/domain/officer-form';
import { Button } from '#web/components/ui/button';
import { Alert, Spinner } from '#web/components/ui/feedback';
import { toast } from '#web/lib/toast-store';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { RedirectWithNotice } from '#web/components/redirect-with-notice';
import { requireOfficerRegistrant } from './registration-access';
import { describeRegistrationFailure } from './registration-failure';
import { RegistrationLayout } from './registration-layout';
import { useRedirectHomeSoon } from './use-redirect-home-soon';
import { RejectedRequestNotes, useRejectedRequest } from './rejected-request';

const PAGE_TITLE = homeMessages.registerOfficer;

/** /register-officer (spec sections 2 and 5): a signed-in user asks for an officer profile linked to their account. */
function RegisterOfficerPage() {
  useDocumentTitle(PAGE_TITLE);
  const { user, isLoading } = useAuth();
  const access = requireOfficerRegistrant({ user, isAuthLoading: isLoading });

  if (access.kind === 'pending') return <Spinner label={commonMessages.checkingAccount} />;
  if (access.kind === 'redirect') return <RedirectWithNotice redirect={access} />;
  return (
    <RegistrationLayout title={PAGE_TITLE} intro="Create an officer profile linked to your account, so the men you lead can rate you." Icon={Medal}>
      {access.kind === 'already-officer' ? (
        <Alert title={registrationsMessages.alreadyOfficerTitle}>
          <p>{registrationsMessages.alreadyOfficer}</p>
          <Button asChild size="sm" className="mt-4">
            <Link to={access.profilePath}>{registrationsMessages.viewMyProfile}</Link>
          </Button>
        </Alert>
      ) : (
        <OfficerRegistrationForm user={access.user} />
      )}
    </RegistrationLayout>
  );
}

function OfficerRegistrationForm({ user }: { user: AuthUser }) {
  const again = useRejectedRequest(user.id, 'officer');
  const submitRegistration = useSubmitOfficerRegistration();
  const redirectHomeSoon = useRedirectHomeSoon();

  const submit = (values: OfficerFormValues) =>
    submitRegistration.mutate(
      { ...values, userId: user.id },
      {
        onSuccess: () => {
          toast({ title: registrationsMessages.officerSubmittedTitle, description: registrationsMessages.officerSubmitted });
          redirectHomeSoon();
        },
        onError: (error) => toast({ ...describeRegistrationFailure(error), variant: 'destructive' }),
      },
    );

  if (again.isPending) return <Spinner />;
  const rejected = again.request;
  return (
    <>
      {rejected && <RejectedRequestNotes request={rejected} />}
      <OfficerForm
        defaultValues={
          rejected
            ? {
                name: rejected.name,
                rank: rejected.rank ?? '',
                regimentId: rejected.regimentId === null ? '' : String(rejected.regimentId),
                profileImageUrl: rejected.profileImageUrl,
              }
            : undefined
        }
        submitLabel={registrationsMessages.submitRegistration}
        pendingLabel="Submitting…"
        isSubmitting={submitRegistration.isPending || submitRegistration.isSuccess}
        onSubmit={submit}
      />
    </>
  );
}

export { RegisterOfficerPage as Component };
