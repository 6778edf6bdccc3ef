import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Officer, OfficerRegistration } from '#core/api';
import { mockApi, renderRoute, reply, type ApiHandler } from '#web/test/render';
import { ADMIN, bodyRowsOf, columnsOf, findToast, officer, officerRegistration, rowNamed, fillStatement, STATEMENT } from './admin-fixtures';

const vincent = officerRegistration(1, {
  name: 'Strong Vincent',
  rank: 'Colonel',
  regimentId: 3,
  regimentName: '83rd Pennsylvania',
  submitterUsername: 'vincent',
  proofUrl: 'https://steamcommunity.com/id/vincent',
  profileImageUrl: '/api/images/vincent.webp',
  createdAt: '2025-03-02T12:00:00.000Z',
});
const noProof = officerRegistration(2, { name: 'Patrick O’Rorke', rank: 'Colonel', submitterUsername: 'paddy' });
const approvedRequest = officerRegistration(3, {
  name: 'Gouverneur Warren',
  status: 'approved',
  updatedAt: '2025-03-05T09:00:00.000Z',
  notes: 'Verified.',
});
const rejectedRequest = officerRegistration(4, { name: 'Not A General', status: 'denied', updatedAt: '2025-03-04T09:00:00.000Z' });

const hancock = officer(7, {
  name: 'Winfield Hancock',
  rank: 'Major',
  regimentName: '5th Wisconsin',
  regimentId: 3,
  linkedUsername: 'hancock',
  linkedSteamId: '76561198000000001',
  averageRating: 4.26,
  reviewCount: 12,
});
const gibbon = officer(8, { name: 'John Gibbon', rank: 'General', linkedUsername: 'gibbon' });

function officersApi(overrides: Record<string, ApiHandler> = {}) {
  let registrations: OfficerRegistration[] = [vincent, noProof, approvedRequest, rejectedRequest];
  let officers: Officer[] = [hancock, gibbon];
  const decide =
    (status: string) =>
    ({ url, body }: { url: URL; body: unknown }) => {
      const id = Number(url.pathname.split('/')[5]);
      const notes = (body as { notes: string | null }).notes;
      registrations = registrations.map((r) => (r.id === id ? { ...r, status, notes, updatedAt: '2025-04-01T10:00:00.000Z' } : r));
      return { success: true, message: 'ok', registration: registrations.find((r) => r.id === id), officerId: status === 'approved' ? 50 : null };
    };
  const api = mockApi({
    '/api/auth/status': ADMIN,
    '/api/admin/registrations/officers': () => registrations,
    '/api/officers': () => officers,
    'POST /api/admin/registrations/officers/1/approve': decide('approved'),
    'POST /api/admin/registrations/officers/1/reject': decide('rejected'),
    'DELETE /api/admin/officers/7': () => {
      officers = officers.filter((o) => o.id !== 7);
      return { success: true, message: 'deleted' };
    },
    ...overrides,
  });
  const gets = (url: string) => api.calls.filter((call) => call.method === 'GET' && call.url === url).length;
  return { api, gets };
}

const table = (name: string) => screen.findByRole('table', { name });

describe('/admin/officers', () => {
  it('lists pending requests with image, proof and actions', async () => {
    officersApi();
    renderRoute('/admin/officers');

    const pending = await table('Pending Officer Registrations');
    expect(columnsOf(pending)).toEqual(['Name', 'Rank', 'Regiment', 'Requested By', 'Date', 'Images', 'Proof', 'Actions']);
    await waitFor(() => expect(bodyRowsOf(pending)).toHaveLength(2));
    const row = rowNamed(pending, 'Strong Vincent');
    expect(row).toHaveTextContent('Colonel');
    expect(within(row).getByRole('link', { name: '83rd Pennsylvania' })).toHaveAttribute('href', '/regiment/3');
    expect(row).toHaveTextContent('vincent');
    expect(row).toHaveTextContent('March 2, 2025');
    expect(within(row).getByRole('img', { name: 'Profile image of Strong Vincent' })).toHaveAttribute('src', '/api/images/vincent.webp');
    const proof = within(row).getByRole('link', { name: 'View Proof for Strong Vincent' });
    expect(proof).toHaveAttribute('href', 'https://steamcommunity.com/id/vincent');
    expect(proof).toHaveAttribute('target', '_blank');
    expect(within(row).getByRole('button', { name: 'Approve Strong Vincent' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Reject Strong Vincent' })).toBeInTheDocument();
    expect(within(rowNamed(pending, 'Patrick O’Rorke')).queryByRole('link', { name: /View Proof/ })).not.toBeInTheDocument();
  });

  it('lists processed requests: Approved, Rejected for anything else', async () => {
    officersApi();
    renderRoute('/admin/officers');

    const processed = await table('Processed Officer Registrations');
    expect(columnsOf(processed)).toEqual(['Name', 'Rank', 'Regiment', 'Status', 'Date Processed', 'Notes']);
    await waitFor(() => expect(bodyRowsOf(processed)).toHaveLength(2));
    const cells = (name: string) =>
      within(rowNamed(processed, name))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Gouverneur Warren')).toEqual(['Captain', '5th Wisconsin', 'Approved', 'March 5, 2025', 'Verified.']);
    expect(cells('Not A General')).toEqual(['Captain', '5th Wisconsin', 'Rejected', 'March 4, 2025', '—']);
  });

  it('lists every officer with the linked Steam profile, rating and reviews', async () => {
    officersApi();
    renderRoute('/admin/officers');

    const all = await table('All Officers');
    expect(columnsOf(all)).toEqual(['Name', 'Rank', 'Regiment', 'Linked User', 'Rating', 'Reviews', 'Actions']);
    await waitFor(() => expect(bodyRowsOf(all)).toHaveLength(2));
    const row = rowNamed(all, 'Winfield Hancock');
    const cells = within(row).getAllByRole('cell');
    expect(cells.slice(0, 5).map((cell) => cell.textContent)).toEqual(['Major', '5th Wisconsin', 'hancock', '4.3/5.0', '12']);
    expect(within(row).getByRole('link', { name: /^hancock/ })).toHaveAttribute('href', 'https://steamcommunity.com/profiles/76561198000000001');
    expect(within(row).getByRole('link', { name: 'View Winfield Hancock' })).toHaveAttribute('href', '/officer/7');
    const gibbonRow = rowNamed(all, 'John Gibbon');
    expect(gibbonRow).toHaveTextContent('No ratings');
    // Linked, but without a Steam account: the name, not a link.
    expect(within(gibbonRow).getByText('gibbon')).not.toHaveAttribute('href');
  });

  it('approves a request with notes after showing name, rank, image and proof', async () => {
    const { api, gets } = officersApi();
    const user = userEvent.setup();
    renderRoute('/admin/officers');
    const pending = await table('Pending Officer Registrations');
    await waitFor(() => expect(bodyRowsOf(pending)).toHaveLength(2));
    const officerListCalls = gets('/api/officers');

    await user.click(within(pending).getByRole('button', { name: 'Approve Strong Vincent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Registration' });
    expect(dialog).toHaveTextContent('Strong Vincent');
    expect(dialog).toHaveTextContent('Colonel');
    expect(dialog).toHaveTextContent('83rd Pennsylvania');
    expect(within(dialog).getByRole('img', { name: 'Profile image of Strong Vincent' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View Proof for Strong Vincent' })).toHaveAttribute(
      'href',
      'https://steamcommunity.com/id/vincent',
    );
    await user.type(within(dialog).getByLabelText(/Administrator Notes/), 'Checked his Steam profile.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    const toast = await findToast('Registration Approved');
    expect(toast).toHaveTextContent('The officer has been approved and created.');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/admin/registrations/officers/1/approve', body: { notes: 'Checked his Steam profile.' } },
    ]);
    await waitFor(() => expect(bodyRowsOf(pending)).toHaveLength(1));
    expect(rowNamed(await table('Processed Officer Registrations'), 'Strong Vincent')).toHaveTextContent('Approved');
    // The new officer shows in the officer list.
    await waitFor(() => expect(gets('/api/officers')).toBeGreaterThan(officerListCalls));
  });

  it('rejects a request', async () => {
    const { api } = officersApi();
    const user = userEvent.setup();
    renderRoute('/admin/officers');
    const pending = await table('Pending Officer Registrations');

    await user.click(await within(pending).findByRole('button', { name: 'Reject Strong Vincent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Registration' });
    await user.type(within(dialog).getByLabelText(/Administrator Notes/), 'No proof of rank.');
    await fillStatement(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await findToast('Registration Rejected')).toHaveTextContent('The registration has been rejected.');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      ['/api/admin/registrations/officers/1/reject', { notes: 'No proof of rank.', ...STATEMENT }],
    ]);
    expect(rowNamed(await table('Processed Officer Registrations'), 'Strong Vincent')).toHaveTextContent('Rejected');
  });

  it('refuses notes longer than the server accepts, without a request', async () => {
    const { api } = officersApi();
    const user = userEvent.setup();
    renderRoute('/admin/officers');
    const pending = await table('Pending Officer Registrations');
    await user.click(await within(pending).findByRole('button', { name: 'Reject Strong Vincent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Registration' });

    const notes = within(dialog).getByLabelText(/Administrator Notes/);
    await user.click(notes);
    await user.paste('x'.repeat(1001));
    await fillStatement(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await within(dialog).findByText('Notes must be 1000 characters or less')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('deletes an officer after a confirmation, and refreshes the list', async () => {
    const { api } = officersApi();
    const user = userEvent.setup();
    renderRoute('/admin/officers');
    const all = await table('All Officers');

    await user.click(await within(all).findByRole('button', { name: 'Delete Winfield Hancock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Officer' });
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete Major Winfield Hancock? The officer and all of their reviews and ratings will be permanently deleted. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete Officer' }));

    const toast = await findToast('Officer Deleted');
    expect(toast).toHaveTextContent('The officer and all associated reviews have been permanently removed from the system.');
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/admin/officers/7']);
    await waitFor(() => expect(within(all).queryByRole('rowheader', { name: 'Winfield Hancock' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says Delete Failed with the server's reason", async () => {
    officersApi({ 'DELETE /api/admin/officers/7': reply(404, { message: 'Officer not found', code: 'NOT_FOUND' }) });
    const user = userEvent.setup();
    renderRoute('/admin/officers');
    const all = await table('All Officers');

    await user.click(await within(all).findByRole('button', { name: 'Delete Winfield Hancock' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Officer' })).getByRole('button', { name: 'Delete Officer' }));

    expect(await findToast('Delete Failed')).toHaveTextContent('Officer not found');
    expect(screen.getByRole('dialog', { name: 'Delete Officer' })).toBeInTheDocument();
  });
});

describe('/admin/officers/all', () => {
  it('shows only the table of every officer', async () => {
    const { api } = officersApi();
    renderRoute('/admin/officers/all');

    expect(await screen.findByRole('heading', { level: 1, name: 'All Officers' })).toBeInTheDocument();
    const all = await table('All Officers');
    await waitFor(() => expect(bodyRowsOf(all)).toHaveLength(2));
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(api.calls.some((call) => call.url.startsWith('/api/admin/registrations'))).toBe(false);
  });

  it('searches the officers by name, rank, regiment or linked user, and shows the unreviewed (issue 36)', async () => {
    officersApi();
    const user = userEvent.setup();
    renderRoute('/admin/officers/all');
    const all = await table('All Officers');
    await waitFor(() => expect(bodyRowsOf(all)).toHaveLength(2));
    const names = () => bodyRowsOf(all).map((row) => within(row).getByRole('rowheader').textContent);

    await user.type(screen.getByRole('searchbox', { name: 'Search officers' }), 'wisconsin major');
    expect(names()).toEqual(['Winfield Hancock']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search officers' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'No reviews yet');
    expect(names()).toEqual(['John Gibbon']);
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
  });
});
