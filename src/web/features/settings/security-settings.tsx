import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { securityMessages } from '#core/messages/security';
import { sessionMessages } from '#core/messages/session';
import type { SecurityState } from '#core/schemas/second-factor';
import { useAuth } from '#web/api/auth';
import { useSecurityState } from '#web/api/second-factor';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { RedirectWithNotice } from '#web/components/redirect-with-notice';
import { Alert, Spinner } from '#web/components/ui/feedback';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { PasskeysSection } from './passkeys-section';
import { FreshRecoveryCodes, RecoveryCodesSection } from './recovery-codes';
import { TotpSection } from './totp-section';

/** Whether the account has a second factor of any kind. */
function hasAnyFactor(state: SecurityState): boolean {
  return state.totp.enabled || state.passkeys.length > 0;
}

/**
 * /settings/security (issue 34): the signed-in user's second factors: the authenticator app,
 * passkeys and recovery codes. Staff must have one before their tools open. Loaded by the settings
 * module (settings-page.tsx) when this path is asked for.
 */
export function SecurityPage() {
  useDocumentTitle(securityMessages.pageTitle);
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner />;
  if (!user) {
    return (
      <RedirectWithNotice
        redirect={{
          to: '/',
          title: sessionMessages.authenticationRequiredTitle,
          description: securityMessages.loginToManageSecurity,
          offersLogin: true,
        }}
      />
    );
  }
  return <SecuritySettings userId={user.id} />;
}

function SecuritySettings({ userId }: { userId: number }) {
  const security = useSecurityState(userId);
  // Recovery codes just made, by whichever section: shown this once, until the user has saved them.
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-2">
        <h1 className="flex items-center gap-3 text-3xl font-bold">
          <ShieldCheck className="h-8 w-8 text-brass-dark" aria-hidden />
          {securityMessages.pageTitle}
        </h1>
        <p className="text-stone-600">{securityMessages.pageIntro}</p>
      </div>
      {freshCodes && <FreshRecoveryCodes key={freshCodes.join()} codes={freshCodes} onSaved={() => setFreshCodes(null)} />}
      {security.isPending && <Spinner />}
      {security.isError && <LoadFailedAlert title={securityMessages.loadFailed} error={security.error} onRetry={() => void security.refetch()} />}
      {security.data && (
        <>
          {security.data.required && !hasAnyFactor(security.data) && <Alert variant="destructive">{securityMessages.staffNeedsSecondFactor}</Alert>}
          <TotpSection isEnabled={security.data.totp.enabled} onNewCodes={setFreshCodes} />
          <PasskeysSection passkeys={security.data.passkeys} onNewCodes={setFreshCodes} />
          <RecoveryCodesSection remaining={security.data.recoveryCodesRemaining} hasFactor={hasAnyFactor(security.data)} onNewCodes={setFreshCodes} />
          <p className="text-sm text-stone-600">{securityMessages.lostFactorsHelp}</p>
        </>
      )}
    </div>
  );
}
