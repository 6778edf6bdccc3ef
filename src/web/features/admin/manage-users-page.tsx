import { commonMessages } from '#core/messages/common';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminUser, AuthUser } from '#core/api';
import { adminMessages } from '#core/messages/admin';
import { canBanUser } from '#core/permissions';
import { canChangeRole, GRANTABLE_ROLES, type GrantableRole } from '#core/staff-roles';
import { securityMessages } from '#core/messages/security';
import { staffMessages } from '#core/messages/staff';
import { useAdminUsers, useResetSecondFactors, useSetUserBan, useSetUserRole } from '#web/api/admin';
import { useAuth } from '#web/api/auth';
import { unlessStepUpCancelled } from '#web/api/step-up';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog';
import { reasonsOf, StatementFields, useStatementDraft } from '#web/components/domain/statement-fields';
import { Badge } from '#web/components/ui/feedback';
import { Select } from '#web/components/ui/form';
import { toast } from '#web/lib/toast-store';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { actionFailureMessage } from './action-failure';
import { AdminGate } from './components/admin-gate';
import { AdminPageHeader } from './components/admin-page-header';
import { ActionsCell, AdminTable, Cell, RowHeader } from './components/admin-table';
import { useAdminTableView, type AdminTableFilterOption } from './components/admin-table-view';

// The spec's columns, and Role beside Admin (issue 33: admins grant and revoke the moderator role).
const COLUMNS = ['ID', 'Username', 'Email', 'Admin', staffMessages.roleColumn, 'Officer', 'Status', 'Actions'] as const;

const FILTERS: readonly AdminTableFilterOption<AdminUser>[] = [
  { value: 'banned', label: adminMessages.filterBanned, keeps: (user) => user.isBanned },
  { value: 'active', label: adminMessages.filterActive, keeps: (user) => !user.isBanned },
  { value: 'admins', label: adminMessages.filterAdmins, keeps: (user) => user.isAdmin },
  { value: 'moderators', label: adminMessages.filterModerators, keeps: (user) => user.role === 'moderator' },
  { value: 'officers', label: commonMessages.officers, keeps: (user) => user.officerId !== null },
];

// The ID too: an admin often arrives with 'user ID 42' from a report or a log line.
const searchTextOf = (user: AdminUser) => [user.id, user.username, user.email];

/** /admin/manage-users (spec section 2): every account, banned or active, with Ban and Unban. */
function ManageUsersPage() {
  useDocumentTitle(adminMessages.userManagement);
  return (
    <AdminGate deniedMessage={adminMessages.adminAccessRequired}>
      <ManageUsers />
    </AdminGate>
  );
}

function ManageUsers() {
  const { user: self } = useAuth();
  const users = useAdminUsers();
  const view = useAdminTableView(users.data, { searchLabel: 'users', searchTextOf, filterOptions: FILTERS });
  const setBan = useSetUserBan();
  const [toBan, setToBan] = useState<AdminUser | null>(null);
  // A ban tells the user why (issue 33): the ground and facts of their statement of reasons.
  const [draft, setDraft] = useStatementDraft();
  const reasons = reasonsOf(draft);

  const askToBan = (user: AdminUser) => {
    // Spec section 4: an admin cannot ban themselves. Refused here, without asking the server.
    if (!canBanUser(self, user.id)) {
      toast({ title: adminMessages.actionDeniedTitle, description: adminMessages.cannotBanYourself, variant: 'destructive' });
      return;
    }
    setToBan(user);
  };

  const ban = (user: AdminUser) =>
    setBan.mutate(
      { id: user.id, isBanned: true, reasons: reasons ?? undefined },
      {
        onSuccess: () => {
          toast({ title: adminMessages.userBannedTitle, description: adminMessages.userBanned(user.id) });
          setToBan(null);
        },
        onError: unlessStepUpCancelled((error) =>
          toast({
            title: adminMessages.banFailedTitle,
            description: actionFailureMessage(error, adminMessages.banFailed(user.id)),
            variant: 'destructive',
          }),
        ),
      },
    );

  const unban = (user: AdminUser) =>
    setBan.mutate(
      { id: user.id, isBanned: false },
      {
        onSuccess: () => toast({ title: adminMessages.userUnbannedTitle, description: adminMessages.userUnbanned(user.id) }),
        onError: unlessStepUpCancelled((error) =>
          toast({
            title: adminMessages.unbanFailedTitle,
            description: actionFailureMessage(error, adminMessages.unbanFailed(user.id)),
            variant: 'destructive',
          }),
        ),
      },
    );

  const isChanging = (user: AdminUser) => setBan.isPending && setBan.variables.id === user.id;

  return (
    <div className="space-y-8">
      <AdminPageHeader title={adminMessages.userManagement} description="Banned users cannot submit reviews." />
      <AdminTable
        title="Users"
        columns={COLUMNS}
        rows={users.data}
        view={view}
        isPending={users.isPending}
        error={users.error}
        onRetry={() => void users.refetch()}
        formatError={adminMessages.usersLoadFailed}
        emptyText={adminMessages.noUsers}
        rowKey={(user) => user.id}
        renderRow={(user) => (
          <>
            <Cell className="tabular-nums">{user.id}</Cell>
            <RowHeader>
              {user.username}
              {user.id === self?.id && <span className="ml-1 font-normal text-stone-500">(you)</span>}
            </RowHeader>
            <Cell>{user.email}</Cell>
            <Cell>{user.isAdmin ? 'Yes' : 'No'}</Cell>
            <Cell>
              <RoleCell user={user} self={self} />
            </Cell>
            <Cell>
              {user.officerId === null ? (
                <span className="text-stone-500">—</span>
              ) : (
                <Link to={`/officer/${user.officerId}`} className="text-link hover:underline">
                  {user.officerId}
                </Link>
              )}
            </Cell>
            <Cell>
              <Badge className={user.isBanned ? 'bg-red-100 text-red-800' : 'bg-green-100 text-green-800'}>
                {user.isBanned ? adminMessages.filterBanned : adminMessages.filterActive}
              </Badge>
            </Cell>
            <ActionsCell>
              {user.isBanned ? (
                <Button size="sm" variant="outline" disabled={isChanging(user)} onClick={() => unban(user)}>
                  {isChanging(user) ? 'Unbanning…' : 'Unban'}
                  <span className="sr-only"> {user.username}</span>
                </Button>
              ) : (
                <Button size="sm" variant="destructive" disabled={isChanging(user)} onClick={() => askToBan(user)}>
                  Ban<span className="sr-only"> {user.username}</span>
                </Button>
              )}
              {/* Issue 34, item 6: for an account that lost its factors; an admin's own are changed on their security settings. */}
              {user.hasSecondFactor && user.id !== self?.id && <ResetFactorsAction user={user} />}
            </ActionsCell>
          </>
        )}
      />

      <Dialog open={toBan !== null} onOpenChange={(open) => !open && setToBan(null)}>
        {toBan && (
          <DialogContent title="Ban User" description={adminMessages.banConfirm(toBan.username)}>
            <StatementFields draft={draft} onChange={setDraft} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button variant="destructive" disabled={setBan.isPending || reasons === null} onClick={() => ban(toBan)}>
                {setBan.isPending ? 'Banning…' : 'Ban User'}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}

/**
 * 'Remove second factors' (issue 34, item 6), behind a confirmation: the account signs in with its
 * password alone until it enrols again. A dangerous action: it may ask for the admin's own factor first.
 */
function ResetFactorsAction({ user }: { user: AdminUser }) {
  const reset = useResetSecondFactors();
  const [isOpen, setOpen] = useState(false);
  const confirm = () =>
    reset.mutate(user, {
      onSuccess: (answer) => {
        toast({ title: securityMessages.factorsResetTitle, description: answer.message });
        setOpen(false);
      },
      onError: unlessStepUpCancelled((error) =>
        toast({
          title: securityMessages.resetFactorsFailedTitle,
          description: actionFailureMessage(error, securityMessages.resetFactorsFailedTitle),
          variant: 'destructive',
        }),
      ),
    });
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          {securityMessages.resetFactors}
          <span className="sr-only"> of {user.username}</span>
        </Button>
      </DialogTrigger>
      <DialogContent title={securityMessages.resetFactors} description={securityMessages.resetFactorsConfirm(user.username)}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={reset.isPending} onClick={confirm}>
            {reset.isPending ? 'Removing…' : securityMessages.resetFactors}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The user's role: a choice of User or Moderator where the signed-in admin may change it (not their
 * own, not another admin's), the role's name elsewhere.
 */
function RoleCell({ user, self }: { user: AdminUser; self: AuthUser | null }) {
  const setRole = useSetUserRole();
  if (!canChangeRole(self, user)) return <>{staffMessages.roleLabels[user.role]}</>;
  const change = (role: GrantableRole) =>
    setRole.mutate(
      { id: user.id, role },
      {
        onSuccess: (answer) => toast({ title: staffMessages.roleChangedTitle, description: answer.message }),
        onError: unlessStepUpCancelled((error) =>
          toast({
            title: staffMessages.roleChangeFailedTitle,
            description: actionFailureMessage(error, staffMessages.roleChangeFailedTitle),
            variant: 'destructive',
          }),
        ),
      },
    );
  return (
    <Select
      aria-label={`Role of ${user.username}`}
      className="h-9 w-36"
      value={user.role}
      disabled={setRole.isPending}
      onChange={(event) => change(event.target.value as GrantableRole)}
    >
      {GRANTABLE_ROLES.map((role) => (
        <option key={role} value={role}>
          {staffMessages.roleLabels[role]}
        </option>
      ))}
    </Select>
  );
}

export { ManageUsersPage as Component };
