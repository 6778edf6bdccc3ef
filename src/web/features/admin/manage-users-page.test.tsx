import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '#core/api';
import { FRESHNESS } from '#core/constants';
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
