import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RegimentRegistration } from '#core/api';
import { adminKeys } from '#web/api/admin';
import { mockApi, renderRoute, reply, type ApiHandler } from '#web/test/render';
import {
  ADMIN,
  bodyRowsOf,
  columnsOf,
  dashboard,
  findToast,
  regiment,
  regimentRegistration,
  rowNamed,
  fillStatement,
  STATEMENT,
} from './admin-fixtures';

const maine = regimentRegistration(1, {
  name: '20th Maine',
  description: 'Little Round Top, every Sunday.',
  bannerImageUrl: '/api/images/banner1.webp',
  iconImageUrl: '/api/images/icon1.webp',
  submitterUsername: 'chamberlain',
  createdAt: '2025-03-02T12:00:00.000Z',
});
const texas = regimentRegistration(2, { name: '1st Texas', sideId: 2, sideName: 'Confederate', submitterUsername: 'hood' });
const approved = regimentRegistration(3, {
  name: '69th New York',
  status: 'approved',
  updatedAt: '2025-03-05T09:00:00.000Z',
  notes: 'Welcome aboard.',
});
const rejected = regimentRegistration(4, { name: 'Duplicate Rifles', status: 'rejected', updatedAt: '2025-03-04T09:00:00.000Z' });
const regiments = [
  regiment(10, { name: '5th Wisconsin', submitterUsername: 'bragg', officerCount: 4, averageRating: 4.25, reviewCount: 9 }),
  regiment(11, { name: '2nd Mississippi', sideId: 2, side: { name: 'Confederate', code: 'CSA' }, sideName: 'Confederate' }),
  // Issue 35: its owner deleted their account.
  regiment(12, { name: '3rd Arkansas', userId: null, submitterUsername: null, ownerLeft: true }),
];

/** A server whose registrations change on decision, like the real one. */
function regimentsApi(overrides: Record<string, ApiHandler> = {}) {
  let registrations: RegimentRegistration[] = [maine, texas, approved, rejected];
  const decide =
    (status: string) =>
    ({ url, body }: { url: URL; body: unknown }) => {
      const id = Number(url.pathname.split('/')[5]);
      const notes = (body as { notes: string | null }).notes;
      registrations = registrations.map((r) => (r.id === id ? { ...r, status, notes, updatedAt: '2025-04-01T10:00:00.000Z' } : r));
      return { success: true, message: 'ok', registration: registrations.find((r) => r.id === id), regimentId: status === 'approved' ? 99 : null };
    };
  const api = mockApi({
    '/api/auth/status': ADMIN,
    '/api/admin/registrations/regiments': () => registrations,
    '/api/regiments': regiments,
    '/api/admin/dashboard': dashboard(),
    'POST /api/admin/registrations/regiments/1/approve': decide('approved'),
    'POST /api/admin/registrations/regiments/1/reject': decide('rejected'),
    ...overrides,
  });
  const gets = (url: string) => api.calls.filter((call) => call.method === 'GET' && call.url === url).length;
  return { api, gets };
}

const table = (name: string) => screen.findByRole('table', { name });

describe('/admin/regiments', () => {
  it('lists pending requests with their columns, images and actions', async () => {
    regimentsApi();
    renderRoute('/admin/regiments');

    const pending = await table('Pending Regiment Registrations');
    expect(columnsOf(pending)).toEqual(['Regiment Name', 'Side', 'Requested by', 'Date', 'Images', 'Actions']);
    await waitFor(() => expect(bodyRowsOf(pending)).toHaveLength(2));
    const row = rowNamed(pending, '20th Maine');
    expect(row).toHaveTextContent('Union');
    expect(row).toHaveTextContent('chamberlain');
    expect(row).toHaveTextContent('March 2, 2025');
    expect(within(row).getByRole('img', { name: 'Banner of 20th Maine' })).toHaveAttribute('src', '/api/images/banner1.webp');
    expect(within(row).getByRole('img', { name: 'Icon of 20th Maine' })).toHaveAttribute('src', '/api/images/icon1.webp');
    expect(within(row).getByRole('button', { name: 'Approve 20th Maine' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Reject 20th Maine' })).toBeInTheDocument();
    const texasRow = rowNamed(pending, '1st Texas');
    expect(texasRow).toHaveTextContent('Confederate');
    expect(within(texasRow).getByText('None')).toBeInTheDocument();
  });

  it('lists processed requests with their status badge, date and notes', async () => {
    regimentsApi();
    renderRoute('/admin/regiments');

    const processed = await table('Processed Regiment Registrations');
    expect(columnsOf(processed)).toEqual(['Regiment Name', 'Side', 'Status', 'Date Processed', 'Notes']);
    await waitFor(() => expect(bodyRowsOf(processed)).toHaveLength(2));
    const cells = (name: string) =>
      within(rowNamed(processed, name))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('69th New York')).toEqual(['Union', 'Approved', 'March 5, 2025', 'Welcome aboard.']);
    expect(cells('Duplicate Rifles')).toEqual(['Union', 'Rejected', 'March 4, 2025', '—']);
  });

  it('lists every regiment with submitter, officers, rating and a link to it', async () => {
    regimentsApi();
    renderRoute('/admin/regiments');

    const all = await table('All Regiments');
    expect(columnsOf(all)).toEqual(['Name', 'Side', 'Submitter', 'Officers', 'Average Rating', 'Actions']);
    await waitFor(() => expect(bodyRowsOf(all)).toHaveLength(3));
    const wisconsin = rowNamed(all, '5th Wisconsin');
    expect(
      within(wisconsin)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Union', 'bragg', '4', '4.3/5.0', 'View 5th Wisconsin']);
    expect(within(wisconsin).getByRole('link', { name: 'View 5th Wisconsin' })).toHaveAttribute('href', '/regiment/10');
    expect(rowNamed(all, '2nd Mississippi')).toHaveTextContent('No ratings');
    expect(within(rowNamed(all, '3rd Arkansas')).getAllByRole('cell')[1]).toHaveTextContent('Owner left');
  });

  it('gives a regiment whose owner left a new owner, showing the refusal of an unknown name (issue 35)', async () => {
    const { api } = regimentsApi({
      'PUT /api/admin/regiments/12/owner': ({ body }: { body: unknown }) =>
        (body as { username: string }).username === 'meade'
          ? { success: true, message: 'meade now owns 3rd Arkansas.' }
          : reply(400, { code: 'BAD_REQUEST', message: 'No account has that username.' }),
    });
    const user = userEvent.setup();
    renderRoute('/admin/regiments');
    const all = await table('All Regiments');
    await waitFor(() => expect(bodyRowsOf(all)).toHaveLength(3));
    expect(within(rowNamed(all, '5th Wisconsin')).queryByRole('button', { name: /Give an owner/ })).toBeNull();
    await user.click(within(rowNamed(all, '3rd Arkansas')).getByRole('button', { name: 'Give an owner 3rd Arkansas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give the regiment an owner' });
    await user.type(within(dialog).getByLabelText('Username of the new owner'), 'nobody');
    await user.click(within(dialog).getByRole('button', { name: 'Give an owner' }));
    expect(await within(dialog).findByText('No account has that username.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Username of the new owner'));
    await user.type(within(dialog).getByLabelText('Username of the new owner'), 'meade');
    await user.click(within(dialog).getByRole('button', { name: 'Give an owner' }));
    expect(await findToast('Owner Given')).toHaveTextContent('meade now owns 3rd Arkansas.');
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/admin/regiments/12/owner', body: { username: 'nobody' } },
      { method: 'PUT', url: '/api/admin/regiments/12/owner', body: { username: 'meade' } },
    ]);
  });

  it('approves a request with notes in a dialog showing what was asked for', async () => {
    const { api, gets } = regimentsApi();
    const user = userEvent.setup();
    const { queryClient } = renderRoute('/admin/regiments');
    const pending = await table('Pending Regiment Registrations');
    await waitFor(() => expect(bodyRowsOf(pending)).toHaveLength(2));
    const regimentListCalls = gets('/api/regiments');
    // The dashboard's counts, cached from an earlier visit, must not outlive the decision.
    queryClient.setQueryData(adminKeys.dashboard(), dashboard({ pendingRegimentRegistrations: 2 }));

    await user.click(within(rowNamed(pending, '20th Maine')).getByRole('button', { name: 'Approve 20th Maine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Registration' });
    expect(dialog).toHaveTextContent('20th Maine');
    expect(dialog).toHaveTextContent('Union');
    expect(dialog).toHaveTextContent('Little Round Top, every Sunday.');
    expect(within(dialog).getByRole('img', { name: 'Banner of 20th Maine' })).toHaveAttribute('src', '/api/images/banner1.webp');
    expect(within(dialog).getByRole('img', { name: 'Icon of 20th Maine' })).toHaveAttribute('src', '/api/images/icon1.webp');
    const notes = within(dialog).getByLabelText(/Administrator Notes/);
    expect(notes).toHaveAttribute('rows', '3');

    await user.type(notes, '  Welcome to the line.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    const toast = await findToast('Registration Approved');
    expect(toast).toHaveTextContent('The regiment has been approved and created.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/admin/registrations/regiments/1/approve', body: { notes: 'Welcome to the line.' } },
    ]);
    // The request moved from pending to processed; the regiment list and the dashboard are refreshed.
    await waitFor(() => expect(bodyRowsOf(pending)).toHaveLength(1));
    const processed = await table('Processed Regiment Registrations');
    expect(rowNamed(processed, '20th Maine')).toHaveTextContent('Approved');
    expect(rowNamed(processed, '20th Maine')).toHaveTextContent('Welcome to the line.');
    expect(gets('/api/regiments')).toBeGreaterThan(regimentListCalls);
    expect(queryClient.getQueryState(adminKeys.dashboard())?.isInvalidated).toBe(true);
  });

  it('rejects a request without notes, and shows the missing description', async () => {
    const { api, gets } = regimentsApi({ '/api/admin/registrations/regiments': [{ ...maine, description: null }] });
    const user = userEvent.setup();
    renderRoute('/admin/regiments');
    const pending = await table('Pending Regiment Registrations');
    await waitFor(() => expect(bodyRowsOf(pending)).toHaveLength(1));
    const regimentListCalls = gets('/api/regiments');

    await user.click(within(pending).getByRole('button', { name: 'Reject 20th Maine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Registration' });
    expect(dialog).toHaveTextContent('No description provided.');
    await fillStatement(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    const toast = await findToast('Registration Rejected');
    expect(toast).toHaveTextContent('The registration has been rejected.');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/admin/registrations/regiments/1/reject', body: { notes: null, ...STATEMENT } },
    ]);
    // A rejection creates nothing: the regiment list is not asked again.
    expect(gets('/api/regiments')).toBe(regimentListCalls);
  });

  it('keeps the dialog open with Action Failed when the server refuses', async () => {
    regimentsApi({
      'POST /api/admin/registrations/regiments/1/approve': reply(409, {
        message: 'This registration has already been processed.',
        code: 'CONFLICT',
      }),
    });
    const user = userEvent.setup();
    renderRoute('/admin/regiments');
    const pending = await table('Pending Regiment Registrations');
    await user.click(await within(pending).findByRole('button', { name: 'Approve 20th Maine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Registration' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    const toast = await findToast('Action Failed');
    expect(toast).toHaveTextContent('This registration has already been processed.');
    expect(screen.getByRole('dialog', { name: 'Approve Registration' })).toBeInTheDocument();
  });

  it('shows empty rows when there is nothing to list', async () => {
    regimentsApi({ '/api/admin/registrations/regiments': [], '/api/regiments': [] });
    renderRoute('/admin/regiments');

    expect(await screen.findByText('No pending regiment registrations.')).toBeInTheDocument();
    expect(screen.getByText('No processed regiment registrations.')).toBeInTheDocument();
    expect(await screen.findByText('No regiments found.')).toBeInTheDocument();
  });

  it('shows an error when the registrations cannot be loaded', async () => {
    regimentsApi({ '/api/admin/registrations/regiments': reply(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) });
    renderRoute('/admin/regiments');

    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('The regiment registrations could not be loaded');
    expect(alerts[0]).toHaveTextContent('Something went wrong on our side.');
  });
});

describe('/admin/regiments/all', () => {
  it('shows only the table of every regiment', async () => {
    const { api } = regimentsApi();
    renderRoute('/admin/regiments/all');

    expect(await screen.findByRole('heading', { level: 1, name: 'All Regiments' })).toBeInTheDocument();
    const all = await table('All Regiments');
    await waitFor(() => expect(bodyRowsOf(all)).toHaveLength(3));
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(api.calls.some((call) => call.url.startsWith('/api/admin/registrations'))).toBe(false);
    expect(screen.getByRole('link', { name: 'Back to Admin Dashboard' })).toHaveAttribute('href', '/admin');
  });
});
