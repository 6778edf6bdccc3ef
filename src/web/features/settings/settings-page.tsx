import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { Settings } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { CLIENT_ROUTES, matchClientRoute } from '#core/client-routes';
import { STANDING_PATH } from '#core/notifications';
import { securityMessages } from '#core/messages/security';
import { sessionMessages } from '#core/messages/session';
import { settingsMessages } from '#core/messages/settings';
import { shellMessages } from '#core/messages/shell';
import { useAuth } from '#web/api/auth';
import { mySettingsQueryOptions, useSaveSettings } from '#web/api/settings';
import { Card, CardContent } from '#web/components/ui/card';
import { Alert, Spinner } from '#web/components/ui/feedback';
import { RedirectWithNotice } from '#web/components/redirect-with-notice';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { MailSettings } from './mail-settings';

// The security settings (their QR code drawing and passkey calls) load only when asked for.
const SecurityPage = lazy(() => import('./security-settings').then((m) => ({ default: m.SecurityPage })));
// What the user follows (issue 36), with its Unfollow buttons.
const FollowingPage = lazy(() => import('./following').then((m) => ({ default: m.FollowingPage })));
// 'Your data' (issue 35): the download and the deletion, and the panel of an account waiting to be
// deleted, load after the page: few visits use them.
const YourDataSection = lazy(() => import('./your-data-section').then((m) => ({ default: m.YourDataSection })));
const PendingDeletion = lazy(() => import('./pending-deletion').then((m) => ({ default: m.PendingDeletion })));

/**
 * The settings' pages share one module (and one entry of the first screen's route table): /settings,
 * /settings/security (issue 34) and /following (issue 36).
 */
function SettingsPages() {
  const { pathname } = useLocation();
  const route = matchClientRoute(pathname)?.route;
  if (route !== 'security' && route !== 'following') return <SettingsPage />;
  return <Suspense fallback={<Spinner />}>{route === 'security' ? <SecurityPage /> : <FollowingPage />}</Suspense>;
}

/**
 * /settings: the signed-in user's choices: whether their level shows on their reviews (issue 16,
 * item 5), which notifications are mailed (issue 18), and their data and account (issue 35). An
 * account waiting to be deleted sees only the way to cancel: the server refuses it everything else.
 */
function SettingsPage() {
  useDocumentTitle(shellMessages.settings);
  const { user, isLoading } = useAuth();

  if (isLoading) return <Spinner />;
  if (!user) {
    return (
      <RedirectWithNotice
        redirect={{
          to: '/',
          title: sessionMessages.authenticationRequiredTitle,
          description: settingsMessages.loginToChangeSettings,
          offersLogin: true,
        }}
      />
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <Settings className="h-8 w-8 text-brass-dark" aria-hidden />
        {shellMessages.settings}
      </h1>
      {user.deleteAfter ? (
        <Suspense fallback={<Spinner />}>
          <PendingDeletion deleteAfter={user.deleteAfter} />
        </Suspense>
      ) : (
        <AccountSettings userId={user.id} />
      )}
    </div>
  );
}

/** The settings themselves, for an account that is not waiting to be deleted. */
function AccountSettings({ userId }: { userId: number }) {
  return (
    <>
      <HideLevelSetting userId={userId} />
      <MailSettings userId={userId} />
      <Card>
        <CardContent className="pt-6 text-sm">
          <Link to={CLIENT_ROUTES.security} className="font-medium text-link hover:underline">
            {securityMessages.pageTitle}
          </Link>
          : {securityMessages.settingsEntry}
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-6 text-sm">
          <Link to={STANDING_PATH} className="font-medium text-link hover:underline">
            Your standing
          </Link>
          : what moderators have done about your account or content, and why, and your appeals.
        </CardContent>
      </Card>
      <Suspense fallback={<Spinner />}>
        <YourDataSection />
      </Suspense>
    </>
  );
}

function HideLevelSetting({ userId }: { userId: number }) {
  const { data, isError } = useQuery(mySettingsQueryOptions(userId));
  const save = useSaveSettings(userId);
  // The choice being saved, set in the change handler itself: the mutation's own pending state
  // arrives a render later, and in between React would put the box back as the server last had it.
  const [saving, setSaving] = useState<boolean | null>(null);

  if (isError) return <Alert variant="destructive">{settingsMessages.loadFailed}</Alert>;
  if (!data) return <Spinner />;
  // While saving, the box shows the choice being saved.
  const isChecked = saving ?? data.hideLevel;
  return (
    <Card>
      <CardContent className="pt-6">
        <div className="flex items-start gap-3">
          <input
            id="hide-level"
            type="checkbox"
            className="mt-1 h-4 w-4 accent-union-dark"
            checked={isChecked}
            disabled={saving !== null}
            aria-describedby="hide-level-hint"
            onChange={(event) => {
              setSaving(event.target.checked);
              save.mutate(
                { hideLevel: event.target.checked },
                {
                  onSuccess: () => toast({ title: settingsMessages.saved }),
                  onError: (error) => toast({ title: settingsMessages.saveFailed, description: errorMessage(error), variant: 'destructive' }),
                  onSettled: () => setSaving(null),
                },
              );
            }}
          />
          <div>
            <label htmlFor="hide-level" className="font-medium">
              {settingsMessages.hideLevel}
            </label>
            <p id="hide-level-hint" className="text-sm text-stone-600">
              {settingsMessages.hideLevelHint}
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

export { SettingsPages as Component };
