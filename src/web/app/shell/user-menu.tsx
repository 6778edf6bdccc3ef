/**
 * The signed-in user's menu (Radix dropdown and the regiment dialog). Loaded only for signed-in
 * users, so visitors' first screen does not carry the menu and popover code.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Shield, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AuthUser } from '#core/api';
import { CLIENT_ROUTES } from '#core/client-routes';
import { authMessages } from '#core/messages/auth';
import { followMessages } from '#core/messages/follows';
import { notificationsMessages } from '#core/messages/notifications';
import { shellMessages } from '#core/messages/shell';
import { ownOfficerProfileId } from '#core/permissions';
import { useOwnedRegiments } from '#web/api/registrations';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent } from '#web/components/ui/dialog';
import { Spinner } from '#web/components/ui/feedback';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';
import { chooseMyRegimentsEntry } from './my-regiments-entry';
import { NotificationBell } from './notification-bell';
import { useSignOut } from './use-sign-out';

const menuItemClass = 'block cursor-pointer rounded px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-stone-100';

export function UserMenu({ user }: { user: AuthUser }) {
  const logout = useSignOut();
  const ownedRegiments = useOwnedRegiments(user.id);
  const myRegiments = chooseMyRegimentsEntry({
    regiments: ownedRegiments.data,
    isPending: ownedRegiments.isPending,
    isError: ownedRegiments.isError,
  });
  const [isRegimentDialogOpen, setRegimentDialogOpen] = useState(false);
  const profileId = ownOfficerProfileId(user);

  const onLogout = () =>
    logout.mutate(undefined, {
      // Success (home, 'Signed out') is handled by useSignOut, which outlives this menu.
      onError: (error) => toast({ title: authMessages.logoutFailedTitle, description: errorMessage(error), variant: 'destructive' }),
    });

  return (
    <>
      <NotificationBell />
      {/* Not modal: a modal menu that opens a dialog can leave the page unclickable after both close. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghostLight" size="sm">
            <UserRound className="h-4 w-4" aria-hidden />
            <span className="max-w-[10rem] truncate">{user.username}</span>
            <ChevronDown className="h-4 w-4" aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-48 rounded-md border border-stone-200 bg-surface p-1 shadow-lg">
            <DropdownMenu.Item asChild className={menuItemClass}>
              <Link to="/my-reviews">My Reviews</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={menuItemClass}>
              <Link to="/my-stats">My Stats</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={menuItemClass}>
              <Link to="/my-registrations">{notificationsMessages.myRegistrations}</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={menuItemClass}>
              <Link to={CLIENT_ROUTES.following}>{followMessages.pageTitle}</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={menuItemClass}>
              <Link to="/settings">{shellMessages.settings}</Link>
            </DropdownMenu.Item>
            {profileId !== null && (
              <DropdownMenu.Item asChild className={menuItemClass}>
                <Link to={`/officer/${profileId}`}>My Profile</Link>
              </DropdownMenu.Item>
            )}
            {myRegiments.kind === 'link' && (
              <DropdownMenu.Item asChild className={menuItemClass}>
                <Link to={myRegiments.to}>{shellMessages.myRegiments}</Link>
              </DropdownMenu.Item>
            )}
            {myRegiments.kind === 'dialog' && (
              <DropdownMenu.Item className={menuItemClass} onSelect={() => setRegimentDialogOpen(true)}>
                {shellMessages.myRegiments}
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
            <DropdownMenu.Item className={menuItemClass} onSelect={onLogout}>
              Logout
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Dialog open={isRegimentDialogOpen} onOpenChange={setRegimentDialogOpen}>
        <DialogContent title={shellMessages.selectRegimentTitle} description="The regiments you registered.">
          {ownedRegiments.data ? (
            <ul aria-label="Your regiments" className="max-h-60 space-y-1 overflow-y-auto">
              {ownedRegiments.data.map((regiment) => (
                <li key={regiment.id}>
                  <Link
                    to={`/regiment/${regiment.id}`}
                    onClick={() => setRegimentDialogOpen(false)}
                    className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-stone-100"
                  >
                    <Shield className="h-4 w-4 shrink-0 text-brass-dark" aria-hidden />
                    {regiment.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : ownedRegiments.isError ? (
            <LoadFailedAlert title={shellMessages.regimentsLoadFailed} error={ownedRegiments.error} onRetry={() => void ownedRegiments.refetch()} />
          ) : (
            <Spinner label={shellMessages.loadingRegiments} />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
