import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '#core/api';
import { FRESHNESS } from '#core/constants';
import { securityMessages } from '#core/messages/security';
import { staffMessages } from '#core/messages/staff';
import { adminUsersQueryOptions } from '#web/api/admin';
import { mockApi, renderRoute, reply, type ApiHandler } from '#web/test/render';
import { ADMIN, adminUser, bodyRowsOf, columnsOf, findToast, rowNamed, fillStatement, STATEMENT } from './admin-fixtures';

/** User 1 is the signed-in admin ('meade'). */
const initialUsers: AdminUser[] = [
  adminUser(1, { username: 'meade', email: 'meade@example.com', isAdmin: true }),
  adminUser(4, { username: 'deserter', email: 'deserter@example.com' }),
  adminUser(5, { username: 'hancock', email: 'hancock@example.com', isOfficer: true, officerId: 7, isBanned: true }),
];
/** Another admin, whose role this admin may not change (issue 33). */
const peerAdmin = adminUser(6, { username: 'sedgwick', email: 'sedgwick@example.com', isAdmin: true });

function usersApi(overrides: Record<string, ApiHandler> = {}) {
  let users = [...initialUsers];
  const setBanned =
    (isBanned: boolean) =>
    ({ url }: { url: URL }) => {
      const id = Number(url.pathname.split('/')[4]);
      users = users.map((u) => (u.id === id ? { ...u, isBanned } : u));
      return { success: true, message: 'ok' };
    };
  const api = mockApi({
    '/api/auth/status': ADMIN,
    '/api/admin/users': () => users,
    'PATCH /api/admin/users/4/ban': setBanned(true),
    'PATCH /api/admin/users/5/unban': setBanned(false),
    'PUT /api/admin/users/4/role': ({ body }: { body: unknown }) => {
      const { role } = body as { role: AdminUser['role'] };
      users = users.map((u) => (u.id === 4 ? { ...u, role } : u));
      return { success: true, message: `deserter is now a ${role}.`, role };
    },
    ...overrides,
  });
  const writes = () => api.calls.filter((call) => call.method !== 'GET');
  return { api, writes };
}

const usersTable = () => screen.findByRole('table', { name: 'Users' });

async function loadedTable() {
  const table = await usersTable();
  await waitFor(() => expect(bodyRowsOf(table)).toHaveLength(3));
  return table;
}

describe('/admin/manage-users', () => {
  it('lists the users with their roles, officer profile and status', async () => {
    usersApi();
    renderRoute('/admin/manage-users');

    expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Admin Dashboard' })).toHaveAttribute('href', '/admin');
    const table = await loadedTable();
    expect(columnsOf(table)).toEqual(['ID', 'Username', 'Email', 'Admin', 'Role', 'Officer', 'Status', 'Actions']);
    const cells = (name: string) =>
      within(rowNamed(table, name))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // A user's role is a choice of User or Moderator; the admin's own is only named.
    expect(cells('deserter')).toEqual(['4', 'deserter@example.com', 'No', 'UserModerator', '—', 'Active', 'Ban deserter']);
    expect(cells('hancock')).toEqual(['5', 'hancock@example.com', 'No', 'UserModerator', '7', 'Banned', 'Unban hancock']);
    expect(cells('meade (you)')).toEqual(['1', 'meade@example.com', 'Yes', 'Admin', '—', 'Active', 'Ban meade']);
    expect(within(rowNamed(table, 'deserter')).getByRole('combobox', { name: 'Role of deserter' })).toHaveValue('user');
    expect(within(rowNamed(table, 'hancock')).getByRole('link', { name: '7' })).toHaveAttribute('href', '/officer/7');
  });

  it("grants the moderator role from the Role column, and never offers another admin's", async () => {
    const { writes } = usersApi({ '/api/admin/users': () => [...initialUsers, peerAdmin] });
    const user = userEvent.setup();
    renderRoute('/admin/manage-users');
    const table = await usersTable();
    await waitFor(() => expect(bodyRowsOf(table)).toHaveLength(4));
    expect(within(rowNamed(table, 'sedgwick')).queryByRole('combobox')).not.toBeInTheDocument();
    expect(rowNamed(table, 'sedgwick')).toHaveTextContent('Admin');

    await user.selectOptions(within(rowNamed(table, 'deserter')).getByRole('combobox', { name: 'Role of deserter' }), 'moderator');
    expect(await findToast('Role Changed')).toHaveTextContent('deserter is now a moderator.');
    expect(writes()).toEqual([{ method: 'PUT', url: '/api/admin/users/4/role', body: { role: 'moderator' } }]);
  });

  it('bans a user after the confirmation', async () => {
    const { writes } = usersApi();
    const user = userEvent.setup();
    renderRoute('/admin/manage-users');
    const table = await loadedTable();

    await user.click(within(table).getByRole('button', { name: 'Ban deserter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban User' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to ban user deserter? They will not be able to submit reviews.');
    expect(writes()).toEqual([]);
    await fillStatement(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Ban User' }));

    expect(await findToast('User Banned')).toHaveTextContent('User ID 4 has been banned.');
    expect(writes()).toEqual([{ method: 'PATCH', url: '/api/admin/users/4/ban', body: STATEMENT }]);
    await waitFor(() => expect(rowNamed(table, 'deserter')).toHaveTextContent('Banned'));
    expect(within(rowNamed(table, 'deserter')).getByRole('button', { name: 'Unban deserter' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const { writes } = usersApi();
    const user = userEvent.setup();
    renderRoute('/admin/manage-users');
    const table = await loadedTable();

    await user.click(within(table).getByRole('button', { name: 'Ban deserter' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Ban User' })).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([]);
  });

  it('refuses to ban yourself with Action Denied, without asking the server', async () => {
    const { writes } = usersApi();
    const user = userEvent.setup();
    renderRoute('/admin/manage-users');
    const table = await loadedTable();

    await user.click(within(table).getByRole('button', { name: 'Ban meade' }));

    expect(await findToast('Action Denied')).toHaveTextContent('You cannot ban yourself.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('unbans a user', async () => {
    const { writes } = usersApi();
    const user = userEvent.setup();
    renderRoute('/admin/manage-users');
    const table = await loadedTable();

    await user.click(within(table).getByRole('button', { name: 'Unban hancock' }));

    expect(await findToast('User Unbanned')).toHaveTextContent('User ID 5 has been unbanned.');
    expect(writes()).toEqual([{ method: 'PATCH', url: '/api/admin/users/5/unban', body: undefined }]);
    await waitFor(() => expect(within(rowNamed(table, 'hancock')).getByRole('button', { name: 'Ban hancock' })).toBeInTheDocument());
  });

  it("says Ban Failed with the server's message", async () => {
    usersApi({ 'PATCH /api/admin/users/4/ban': reply(404, { message: 'User not found', code: 'NOT_FOUND' }) });
    const user = userEvent.setup();
    renderRoute('/admin/manage-users');
    const table = await loadedTable();

    await user.click(within(table).getByRole('button', { name: 'Ban deserter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban User' });
    await fillStatement(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Ban User' }));

    expect(await findToast('Ban Failed')).toHaveTextContent('User not found');
  });

  it('says Unban Failed with the fixed text when the server gives no reason', async () => {
    usersApi({ 'PATCH /api/admin/users/5/unban': reply(502, '') });
    const user = userEvent.setup();
    renderRoute('/admin/manage-users');
    const table = await loadedTable();

    await user.click(within(table).getByRole('button', { name: 'Unban hancock' }));

    expect(await findToast('Unban Failed')).toHaveTextContent('Failed to unban user ID 5.');
  });

  it('says so when there are no users', async () => {
    usersApi({ '/api/admin/users': [] });
    renderRoute('/admin/manage-users');

    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it('shows Error loading users with the reason', async () => {
    usersApi({ '/api/admin/users': reply(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) });
    renderRoute('/admin/manage-users');

    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading users: Something went wrong on our side.');
  });

  it('keeps the user list fresh for 5 minutes', () => {
    expect(adminUsersQueryOptions().staleTime).toBe(FRESHNESS.userManagementStale);
    expect(FRESHNESS.userManagementStale).toBe(5 * 60_000);
  });
});

describe('/admin/manage-users and the second factor (issue 34)', () => {
  const STEP_UP = reply(401, { message: securityMessages.stepUpRequired, code: 'STEP_UP_REQUIRED', stepUp: true });
  const ADMIN_WITH_APP = { ...ADMIN, user: { ...ADMIN.user!, secondFactor: { enrolled: true, methods: ['totp' as const] } } };

  /** The dangerous action is refused until a factor was checked (issue 34, item 5), then done. */
  function steppedUp(action: ApiHandler) {
    let isStepped = false;
    return {
      'POST /api/auth/second-factor': () => {
        isStepped = true;
        return { user: ADMIN.user };
      },
      action: (request: { url: URL; method: string; body: unknown }) =>
        isStepped ? (typeof action === 'function' ? action(request) : action) : STEP_UP,
    };
  }

  it("removes the second factors of an account that lost them, after a confirmation; never the admin's own", async () => {
    let hasFactor = true;
    const { writes } = usersApi({
      '/api/admin/users': () => [
        { ...initialUsers[0]!, hasSecondFactor: true },
        { ...initialUsers[1]!, hasSecondFactor: hasFactor },
        { ...initialUsers[2]!, hasSecondFactor: false },
      ],
      'DELETE /api/admin/users/4/second-factor': () => {
        hasFactor = false;
        return { success: true, message: securityMessages.factorsReset('deserter') };
      },
    });
    const user = userEvent.setup();
    renderRoute('/admin/manage-users');
    const table = await loadedTable();
    expect(within(rowNamed(table, 'meade (you)')).queryByRole('button', { name: /Remove second factors/ })).not.toBeInTheDocument();
    expect(within(rowNamed(table, 'hancock')).queryByRole('button', { name: /Remove second factors/ })).not.toBeInTheDocument();

    await user.click(within(rowNamed(table, 'deserter')).getByRole('button', { name: 'Remove second factors of deserter' }));
    const dialog = await screen.findByRole('dialog', { name: securityMessages.resetFactors });
    expect(dialog).toHaveAccessibleDescription(securityMessages.resetFactorsConfirm('deserter'));
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: securityMessages.resetFactors }));

    expect(await findToast(securityMessages.factorsResetTitle)).toHaveTextContent(securityMessages.factorsReset('deserter'));
    expect(writes()).toEqual([{ method: 'DELETE', url: '/api/admin/users/4/second-factor', body: undefined }]);
    await waitFor(() => expect(within(rowNamed(table, 'deserter')).queryByRole('button', { name: /Remove second factors/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the factors could not be removed', async () => {
    usersApi({
      '/api/admin/users': () => initialUsers.map((account) => ({ ...account, hasSecondFactor: account.id === 4 })),
      'DELETE /api/admin/users/4/second-factor': reply(400, { message: securityMessages.noFactorsToReset, code: 'BAD_REQUEST' }),
    });
    const user = userEvent.setup();
    renderRoute('/admin/manage-users');
    const table = await loadedTable();

    await user.click(within(rowNamed(table, 'deserter')).getByRole('button', { name: 'Remove second factors of deserter' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: securityMessages.resetFactors }));
    expect(await findToast(securityMessages.resetFactorsFailedTitle)).toHaveTextContent(securityMessages.noFactorsToReset);
  });

  it('asks for a code when a ban needs a recent second factor, then bans without asking again', async () => {
    const step = steppedUp({ success: true, message: 'ok' });
    const { writes } = usersApi({
      '/api/auth/status': ADMIN_WITH_APP,
      'POST /api/auth/second-factor': step['POST /api/auth/second-factor'],
      'PATCH /api/admin/users/4/ban': step.action,
    });
    const user = userEvent.setup();
    renderRoute('/admin/manage-users');
    const table = await loadedTable();

    await user.click(within(table).getByRole('button', { name: 'Ban deserter' }));
    const ban = await screen.findByRole('dialog', { name: 'Ban User' });
    await fillStatement(user, ban);
    await user.click(within(ban).getByRole('button', { name: 'Ban User' }));

    // Over the ban's confirmation, which stays open behind it.
    const stepUp = await screen.findByRole('dialog', { name: securityMessages.stepUpTitle });
    await user.type(await within(stepUp).findByLabelText(securityMessages.codeLabel), '123456');
    await user.click(within(stepUp).getByRole('button', { name: securityMessages.verify }));

    expect(await findToast('User Banned')).toHaveTextContent('User ID 4 has been banned.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([
      { method: 'PATCH', url: '/api/admin/users/4/ban', body: STATEMENT },
      { method: 'POST', url: '/api/auth/second-factor', body: { code: '123456' } },
      { method: 'PATCH', url: '/api/admin/users/4/ban', body: STATEMENT },
    ]);
  });

  it('keeps the ban confirmation open, and bans nobody, when the step-up is cancelled', async () => {
    const step = steppedUp({ success: true, message: 'ok' });
    const { writes } = usersApi({ '/api/auth/status': ADMIN_WITH_APP, 'PATCH /api/admin/users/4/ban': step.action });
    const user = userEvent.setup();
    renderRoute('/admin/manage-users');
    const table = await loadedTable();

    await user.click(within(table).getByRole('button', { name: 'Ban deserter' }));
    const ban = await screen.findByRole('dialog', { name: 'Ban User' });
    await fillStatement(user, ban);
    const confirm = within(ban).getByRole('button', { name: 'Ban User' });
    await user.click(confirm);
    const stepUp = await screen.findByRole('dialog', { name: securityMessages.stepUpTitle });
    await within(stepUp).findByLabelText(securityMessages.codeLabel);
    // Escape closes the dialog on top only.
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: securityMessages.stepUpTitle })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Ban User' })).toBeInTheDocument();
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(screen.queryByText('Ban Failed')).not.toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'PATCH', url: '/api/admin/users/4/ban', body: STATEMENT }]);
  });

  it('leaves the role as it was, without a failure toast, when the step-up is cancelled', async () => {
    const step = steppedUp({ success: true, message: 'deserter is now a moderator.', role: 'moderator' });
    const { writes } = usersApi({ '/api/auth/status': ADMIN_WITH_APP, 'PUT /api/admin/users/4/role': step.action });
    const user = userEvent.setup();
    renderRoute('/admin/manage-users');
    const table = await loadedTable();
    const role = within(rowNamed(table, 'deserter')).getByRole('combobox', { name: 'Role of deserter' });

    await user.selectOptions(role, 'moderator');
    const stepUp = await screen.findByRole('dialog', { name: securityMessages.stepUpTitle });
    await within(stepUp).findByLabelText(securityMessages.codeLabel);
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(role).toBeEnabled());
    expect(role).toHaveValue('user');
    expect(screen.queryByText(staffMessages.roleChangeFailedTitle)).not.toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'PUT', url: '/api/admin/users/4/role', body: { role: 'moderator' } }]);
  });
});

describe('/admin/manage-users: search, filter and pages (issue 36, item 6)', () => {
  const many = Array.from({ length: 60 }, (_, i) =>
    adminUser(100 + i, { username: `soldier${100 + i}`, email: `s${100 + i}@example.com`, isBanned: i % 20 === 0 }),
  );

  it('shows 25 users a page, and pages on', async () => {
    usersApi({ '/api/admin/users': () => many });
    const user = userEvent.setup();
    renderRoute('/admin/manage-users');
    const table = await usersTable();
    await waitFor(() => expect(bodyRowsOf(table)).toHaveLength(25));
    expect(screen.getByText('Showing 1–25 of 60')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Showing 51–60 of 60')).toBeInTheDocument();
    expect(bodyRowsOf(table)).toHaveLength(10);
    expect(rowNamed(table, 'soldier159')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('searches by name, email or ID, and goes back to the first page', async () => {
    usersApi({ '/api/admin/users': () => many });
    const user = userEvent.setup();
    renderRoute('/admin/manage-users');
    const table = await usersTable();
    await waitFor(() => expect(bodyRowsOf(table)).toHaveLength(25));
    await user.click(screen.getByRole('button', { name: 'Next page' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'soldier142');
    expect(bodyRowsOf(table).map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['soldier142']);
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'S157@EXAMPLE');
    expect(bodyRowsOf(table).map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['soldier157']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody here');
    expect(within(table).getByText('No rows match the search or filter.')).toBeInTheDocument();
  });

  it('filters by status and role', async () => {
    usersApi({ '/api/admin/users': () => [...many, ...initialUsers, peerAdmin, adminUser(9, { username: 'provost', role: 'moderator' })] });
    const user = userEvent.setup();
    renderRoute('/admin/manage-users');
    const table = await usersTable();
    await waitFor(() => expect(bodyRowsOf(table)).toHaveLength(25));
    const names = () => bodyRowsOf(table).map((row) => within(row).getByRole('rowheader').textContent);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Banned');
    expect(names()).toEqual(['soldier100', 'soldier120', 'soldier140', 'hancock']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Admins');
    expect(names()).toEqual(['meade(you)', 'sedgwick']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Moderators');
    expect(names()).toEqual(['provost']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Officers');
    expect(names()).toEqual(['hancock']);
    // A search narrows the filter's rows further.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Active');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'soldier10');
    expect(names()).toEqual([
      'soldier101',
      'soldier102',
      'soldier103',
      'soldier104',
      'soldier105',
      'soldier106',
      'soldier107',
      'soldier108',
      'soldier109',
    ]);
  });
});
