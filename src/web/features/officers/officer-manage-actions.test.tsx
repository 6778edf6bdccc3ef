/** Owner and admin actions on /officer/{id} (spec sections 2, 4, 6 and 8). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthStatus, Officer, RankedRegiment } from '#core/api';
import { makeRankedRegiment, signedInStatus } from '#web/test/fixtures';
import { mockApi, renderRoute, reply } from '#web/test/render';
import { officer, reviewPages } from './officer-fixtures';

function regiment(id: number, name: string): RankedRegiment {
  return makeRankedRegiment({ id, name, officerCount: 1 });
}

const REGIMENTS = [regiment(3, '5th Wisconsin'), regiment(6, '6th Wisconsin')];

function status(overrides: Partial<NonNullable<AuthStatus['user']>> = {}): AuthStatus {
  return signedInStatus(overrides);
}

const OWNER = status({ isOfficer: true, officerId: 7 });
const ADMIN = status({ isAdmin: true });

/** Officer 7 as `who` sees it; writes answer as the server would, unless overridden. */
function mockOfficerPage(who: AuthStatus | null, overrides: Record<string, unknown> = {}) {
  return mockApi({
    ...(who ? { '/api/auth/status': who } : {}),
    '/api/officers/7': officer(),
    '/api/reviews/officer/7': reviewPages(0),
    '/api/reviews/my': [],
    '/api/regiments': REGIMENTS,
    // Home, after a delete.
    '/api/sides': [],
    '/api/officers/top': [],
    '/api/reviews/recent': [],
    'PATCH /api/officers/7/edit': ({ body }: { body: Partial<Officer> }) => officer({ ...body }),
    'PATCH /api/admin/officers/7': ({ body }: { body: Partial<Officer> }) =>
      officer({ ...body, regimentName: REGIMENTS.find((r) => r.id === body.regimentId)!.name }),
    'DELETE /api/admin/officers/7': {
      success: true,
      message: 'The officer and all associated reviews have been permanently removed from the system.',
    },
    'DELETE /api/officers/7': { success: true, message: 'Your officer profile and its reviews have been removed.' },
    ...overrides,
  });
}

async function findToast(title: string): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: /notifications/i, hidden: true });
  return (await within(region).findByText(title)).closest('li')!;
}

const writes = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.method !== 'GET');

async function openEditDialog(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(await screen.findByRole('button', { name: label }));
  const dialog = await screen.findByRole('dialog', { name: label });
  // The regiment list arrives and the officer's regiment shows as chosen.
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Regiment' })).toHaveDisplayValue('5th Wisconsin'));
  return dialog;
}

describe('officer page actions', () => {
  it('offers no actions to a visitor or to a user who is not this officer', async () => {
    mockOfficerPage(null);
    const first = renderRoute('/officer/7');
    await screen.findByRole('heading', { level: 1, name: 'Winfield Hancock' });
    expect(screen.queryByRole('button', { name: /edit|delete/i })).not.toBeInTheDocument();
    first.unmount();

    mockOfficerPage(status({ isOfficer: true, officerId: 8 }));
    renderRoute('/officer/7');
    await screen.findByRole('link', { name: 'Connect Steam to Review' });
    expect(screen.queryByRole('button', { name: /edit|delete/i })).not.toBeInTheDocument();
  });

  it("offers the owner 'Edit My Profile' and 'Delete My Profile'", async () => {
    mockOfficerPage(OWNER);
    renderRoute('/officer/7');

    expect(await screen.findByRole('button', { name: 'Edit My Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete My Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Officer' })).not.toBeInTheDocument();
  });

  it("offers an admin 'Edit Officer' and 'Delete Officer'", async () => {
    mockOfficerPage(ADMIN);
    renderRoute('/officer/7');

    expect(await screen.findByRole('button', { name: 'Edit Officer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Officer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit My Profile' })).not.toBeInTheDocument();
  });

  it('lets the owner edit their profile through PATCH /api/officers/{id}/edit', async () => {
    const api = mockOfficerPage(OWNER);
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const dialog = await openEditDialog(user, 'Edit My Profile');
    expect(within(dialog).getByLabelText('Officer Name')).toHaveValue('Winfield Hancock');
    const rank = within(dialog).getByLabelText('Rank');
    expect(rank).toHaveValue('Major');
    await user.clear(rank);
    await user.type(rank, 'Maj. Gen.');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('Profile Updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(api)).toEqual([
      {
        method: 'PATCH',
        url: '/api/officers/7/edit',
        body: { name: 'Winfield Hancock', rank: 'Maj. Gen.', regimentId: 3, profileImageUrl: null },
      },
    ]);
    // The page shows the answer at once.
    expect(screen.getByRole('heading', { level: 1 }).closest('header')).toHaveTextContent('Maj. Gen.');
  });

  it('validates the edit form with the shared messages', async () => {
    const api = mockOfficerPage(OWNER);
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const dialog = await openEditDialog(user, 'Edit My Profile');
    await user.clear(within(dialog).getByLabelText('Officer Name'));
    await user.clear(within(dialog).getByLabelText('Rank'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText('Officer name cannot be empty')).toBeInTheDocument();
    expect(within(dialog).getByText('Rank must be at least 2 characters long')).toBeInTheDocument();
    expect(writes(api)).toEqual([]);
  });

  it('lets an admin edit, and move, any officer through PATCH /api/admin/officers/{id}', async () => {
    const api = mockOfficerPage(ADMIN);
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const dialog = await openEditDialog(user, 'Edit Officer');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Regiment' }), '6th Wisconsin');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('Officer Updated')).toBeInTheDocument();
    expect(writes(api)).toEqual([
      {
        method: 'PATCH',
        url: '/api/admin/officers/7',
        body: { name: 'Winfield Hancock', rank: 'Major', regimentId: 6, profileImageUrl: null },
      },
    ]);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).closest('header')).toHaveTextContent('6th Wisconsin'));
  });

  it("says 'Failed to update officer' with the server's message and keeps the dialog open", async () => {
    mockOfficerPage(OWNER, {
      'PATCH /api/officers/7/edit': reply(403, { message: 'You can only change your own officer profile.', code: 'FORBIDDEN' }),
    });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const dialog = await openEditDialog(user, 'Edit My Profile');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('Failed to update officer')).toHaveTextContent('You can only change your own officer profile.');
    expect(screen.getByRole('dialog', { name: 'Edit My Profile' })).toBeInTheDocument();
  });

  it('lets an admin delete the officer, after a confirmation, and goes home', async () => {
    const api = mockOfficerPage(ADMIN);
    const user = userEvent.setup();
    const { router } = renderRoute('/officer/7');

    await user.click(await screen.findByRole('button', { name: 'Delete Officer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Officer' });
    expect(dialog).toHaveAccessibleDescription(/the officer and all reviews and ratings will be permanently deleted/i);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Officer' }));

    expect(await findToast('Officer Deleted')).toHaveTextContent(
      'The officer and all associated reviews have been permanently removed from the system.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(writes(api)).toEqual([{ method: 'DELETE', url: '/api/admin/officers/7', body: undefined }]);
  });

  it("says 'Failed to delete officer' and stays", async () => {
    mockOfficerPage(ADMIN, { 'DELETE /api/admin/officers/7': reply(404, { message: 'Officer not found', code: 'NOT_FOUND' }) });
    const user = userEvent.setup();
    const { router } = renderRoute('/officer/7');

    await user.click(await screen.findByRole('button', { name: 'Delete Officer' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Officer' }));

    expect(await findToast('Failed to delete officer')).toHaveTextContent('Officer not found');
    expect(router.state.location.pathname).toBe('/officer/7');
  });

  it('lets the owner delete their profile, keeping the account, and asks who they are again', async () => {
    let me = OWNER;
    const api = mockOfficerPage(null, {
      '/api/auth/status': () => me,
      'DELETE /api/officers/7': () => {
        me = status();
        return { success: true, message: 'Your officer profile and its reviews have been removed.' };
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/officer/7');

    await user.click(await screen.findByRole('button', { name: 'Delete My Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete My Profile' });
    expect(dialog).toHaveAccessibleDescription(/your account is kept, no longer linked to an officer/i);
    const statusCalls = api.calls.filter((c) => c.url === '/api/auth/status').length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete My Profile' }));

    expect(await findToast('Profile Deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(writes(api)).toEqual([{ method: 'DELETE', url: '/api/officers/7', body: undefined }]);
    expect(api.calls.filter((c) => c.url === '/api/auth/status').length).toBeGreaterThan(statusCalls);
    // Home offers officer registration again.
    expect(await screen.findByRole('link', { name: /register as officer.*officer profile/i })).toBeInTheDocument();
  });

  it("says 'Failed to delete profile' when the self-delete fails", async () => {
    mockOfficerPage(OWNER, { 'DELETE /api/officers/7': reply(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    await user.click(await screen.findByRole('button', { name: 'Delete My Profile' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete My Profile' }));

    expect(await findToast('Failed to delete profile')).toHaveTextContent('Something went wrong on our side.');
  });
});
