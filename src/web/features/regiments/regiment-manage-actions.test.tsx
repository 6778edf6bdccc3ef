/** Edit Regiment (owner or admin) and Delete Regiment (admin) on /regiment/{id} (spec sections 2, 4, 6 and 8). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthStatus, Regiment } from '#core/api';
import { imageFile, stubUploads } from '#web/test/fake-upload';
import { mockApi, renderRoute, reply } from '#web/test/render';
import { signedInStatus } from '#web/test/fixtures';
import { webhookMessages } from '#core/messages/webhooks';
import { regiment as ownedRegiment } from './regiment-fixtures';

function regiment(overrides: Partial<Regiment> = {}): Regiment {
  return ownedRegiment({ iconImageUrl: '/api/images/current-icon-0001.webp', ...overrides });
}

function status(id: number, isAdmin = false): AuthStatus {
  return signedInStatus({ id, username: `user${id}`, isAdmin });
}

const OWNER = status(4);
const ADMIN = status(9, true);

function mockRegimentPage(who: AuthStatus | null, overrides: Record<string, unknown> = {}) {
  return mockApi({
    ...(who ? { '/api/auth/status': who } : {}),
    '/api/regiments/3': regiment(),
    '/api/officers/regiment/3': [],
    // Home, after a delete.
    '/api/sides': [],
    '/api/regiments': [],
    '/api/officers/top': [],
    '/api/reviews/recent': [],
    'PATCH /api/regiments/3/edit': ({ body }: { body: Partial<Regiment> }) => regiment({ ...body }),
    '/api/regiments/3/webhook': { isSet: false, disabledReason: null },
    'DELETE /api/admin/regiments/3': {
      success: true,
      message: 'The regiment, its officers, all their reviews and every officer registration for it have been permanently removed from the system.',
      deletedOfficerCount: 2,
      deletedReviewCount: 14,
      deletedOfficerRegistrationCount: 1,
    },
    ...overrides,
  });
}

async function findToast(title: string): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: /notifications/i, hidden: true });
  return (await within(region).findByText(title)).closest('li')!;
}

const writes = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.method !== 'GET');

describe('regiment page actions', () => {
  it('offers nothing to a visitor or a user who does not own the regiment', async () => {
    mockRegimentPage(null);
    const first = renderRoute('/regiment/3');
    await screen.findByRole('heading', { level: 1, name: '5th Wisconsin' });
    await screen.findByText('No Officers Found');
    expect(screen.queryByRole('button', { name: /edit regiment|delete regiment/i })).not.toBeInTheDocument();
    first.unmount();

    const api = mockRegimentPage(status(5));
    renderRoute('/regiment/3');
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/auth/status')).toBe(true));
    await screen.findByText('No Officers Found');
    expect(screen.queryByRole('button', { name: /edit regiment|delete regiment/i })).not.toBeInTheDocument();
  });

  it("offers the owner 'Edit Regiment' only", async () => {
    mockRegimentPage(OWNER);
    renderRoute('/regiment/3');

    expect(await screen.findByRole('button', { name: 'Edit Regiment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Regiment' })).not.toBeInTheDocument();
  });

  it("offers an admin 'Edit Regiment' and 'Delete Regiment'", async () => {
    mockRegimentPage(ADMIN);
    renderRoute('/regiment/3');

    expect(await screen.findByRole('button', { name: 'Edit Regiment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Regiment' })).toBeInTheDocument();
  });

  it('lets the owner edit the name, description and images through PATCH /api/regiments/{id}/edit', async () => {
    const api = mockRegimentPage(OWNER);
    stubUploads((request) => ({ status: 201, body: { success: true, url: `/api/images/new-${request.kind}-0001.webp`, message: 'ok' } }));
    const user = userEvent.setup();
    renderRoute('/regiment/3');

    await user.click(await screen.findByRole('button', { name: 'Edit Regiment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Regiment' });
    const name = within(dialog).getByLabelText('Regiment Name');
    expect(name).toHaveValue('5th Wisconsin');
    expect(within(dialog).getByLabelText('Regiment Description (optional)')).toHaveValue('Skirmishers of the Iron Brigade.');
    expect(within(dialog).getByRole('img', { name: 'Regiment Icon preview' })).toHaveAttribute('src', '/api/images/current-icon-0001.webp');

    await user.clear(name);
    await user.type(name, '5th Wisconsin Volunteers');
    await user.clear(within(dialog).getByLabelText('Regiment Description (optional)'));
    await user.upload(within(dialog).getByLabelText('Banner Image (optional)', { selector: 'input' }), imageFile());
    await user.click(within(dialog).getByRole('button', { name: 'Remove image: Regiment Icon' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('Regiment Updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(api)).toEqual([
      {
        method: 'PATCH',
        url: '/api/regiments/3/edit',
        body: {
          name: '5th Wisconsin Volunteers',
          description: null,
          bannerImageUrl: '/api/images/new-banner-0001.webp',
          iconImageUrl: null,
          // The finder's facts (issue 36, item 5), none said: the form sends them all.
          region: null,
          timeZone: null,
          languages: [],
          schedule: [],
          minimumAge: null,
          recruiting: null,
          discordInvite: null,
        },
      },
    ]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('5th Wisconsin Volunteers');
  });

  it('sets the Discord webhook in its own dialog, never seeing its URL again, says what is wrong with a URL and when one was turned off', async () => {
    const url = `https://discord.com/api/webhooks/112233445566778899/${'t'.repeat(68)}`;
    const api = mockRegimentPage(OWNER, {
      '/api/regiments/3/webhook': { isSet: true, disabledReason: 'gone' },
      'PUT /api/regiments/3/webhook': { isSet: true, disabledReason: null },
    });
    const user = userEvent.setup();
    renderRoute('/regiment/3');

    // Issue 36, item 6: not below the regiment's own Save any more.
    await user.click(await screen.findByRole('button', { name: 'Edit Regiment' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Regiment' });
    expect(within(edit).queryByLabelText('Webhook URL')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(await screen.findByRole('button', { name: webhookMessages.heading }));
    const dialog = await screen.findByRole('dialog', { name: webhookMessages.heading });
    expect(await within(dialog).findByText(webhookMessages.disabledGone)).toBeInTheDocument();
    // A turned-off webhook offers no test: it must be saved again first.
    expect(within(dialog).queryByRole('button', { name: webhookMessages.sendTest })).not.toBeInTheDocument();
    const field = within(dialog).getByLabelText('Webhook URL');
    expect(field).toHaveValue('');
    await user.type(field, 'https://example.com/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Replace webhook' }));
    expect(await within(dialog).findByText(webhookMessages.urlPath)).toBeInTheDocument();

    await user.clear(field);
    await user.click(field);
    await user.paste(url);
    await user.click(within(dialog).getByRole('button', { name: 'Replace webhook' }));
    expect(await within(dialog).findByText(webhookMessages.isSet)).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(writes(api)).toEqual([{ method: 'PUT', url: '/api/regiments/3/webhook', body: { url } }]);
  });

  it('sends a test message, and removes the webhook only once confirmed', async () => {
    const api = mockRegimentPage(OWNER, {
      '/api/regiments/3/webhook': { isSet: true, disabledReason: null },
      'POST /api/regiments/3/webhook/test': { success: true, message: webhookMessages.testQueued },
      'DELETE /api/regiments/3/webhook': { isSet: false, disabledReason: null },
    });
    const user = userEvent.setup();
    renderRoute('/regiment/3');

    await user.click(await screen.findByRole('button', { name: webhookMessages.heading }));
    const dialog = await screen.findByRole('dialog', { name: webhookMessages.heading });
    await user.click(await within(dialog).findByRole('button', { name: webhookMessages.sendTest }));
    expect(await screen.findByText(webhookMessages.testQueued)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: webhookMessages.remove }));
    const confirm = await screen.findByRole('dialog', { name: webhookMessages.removeConfirmTitle });
    expect(writes(api).map((w) => w.method)).toEqual(['POST']);
    await user.click(within(confirm).getByRole('button', { name: webhookMessages.remove }));
    expect(await screen.findByText(webhookMessages.notSet)).toBeInTheDocument();
    expect(writes(api).map((w) => `${w.method} ${w.url}`)).toEqual(['POST /api/regiments/3/webhook/test', 'DELETE /api/regiments/3/webhook']);
  });

  it("says 'Failed to update regiment' with the server's message", async () => {
    mockRegimentPage(ADMIN, {
      'PATCH /api/regiments/3/edit': reply(409, { message: 'A regiment with this name already exists.', code: 'CONFLICT' }),
    });
    const user = userEvent.setup();
    renderRoute('/regiment/3');

    await user.click(await screen.findByRole('button', { name: 'Edit Regiment' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('Failed to update regiment')).toHaveTextContent('A regiment with this name already exists.');
    expect(screen.getByRole('dialog', { name: 'Edit Regiment' })).toBeInTheDocument();
  });

  it('lets an admin delete the regiment, saying what goes with it, and goes home', async () => {
    const api = mockRegimentPage(ADMIN);
    const user = userEvent.setup();
    const { router } = renderRoute('/regiment/3');

    await user.click(await screen.findByRole('button', { name: 'Delete Regiment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Regiment' });
    expect(dialog).toHaveAccessibleDescription(
      /The regiment, its 2 officers with all their reviews and ratings, and every officer registration for it will be permanently deleted/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete Regiment' }));

    expect(await findToast('Regiment Deleted')).toHaveTextContent('have been permanently removed from the system.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(writes(api)).toEqual([{ method: 'DELETE', url: '/api/admin/regiments/3', body: undefined }]);
    // The deleted regiment is not asked for again on the way out.
    expect(api.calls.filter((c) => c.url === '/api/regiments/3')).toHaveLength(1);
  });

  it("says 'Failed to delete regiment' and stays", async () => {
    mockRegimentPage(ADMIN, { 'DELETE /api/admin/regiments/3': reply(403, { message: 'Admin access required.', code: 'FORBIDDEN' }) });
    const user = userEvent.setup();
    const { router } = renderRoute('/regiment/3');

    await user.click(await screen.findByRole('button', { name: 'Delete Regiment' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Regiment' }));

    expect(await findToast('Failed to delete regiment')).toHaveTextContent('Admin access required.');
    expect(router.state.location.pathname).toBe('/regiment/3');
  });
});
