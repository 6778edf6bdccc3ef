/** The user menu's 'My Regiment(s)' (spec section 2, App shell), through the whole app. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OwnedRegiment, RegimentDetail } from '#core/api';
import { makeRegimentDetail, signedInStatus } from '#web/test/fixtures';
import { mockApi, renderRoute, reply } from '#web/test/render';

const signedIn = signedInStatus({ id: 4 });

function regiment(id: number, name: string): RegimentDetail {
  return makeRegimentDetail({ id, name, userId: 4, submitterUsername: 'meade' });
}

/** Signed in on the search page (a quiet page), owning `owned`. */
function mockOwner(owned: unknown) {
  return mockApi({
    '/api/auth/status': signedIn,
    '/api/users/me/regiments/owned': owned,
    '/api/sides': [],
    '/api/regiments': [],
    '/api/officers/search': [],
    '/api/regiments/3': regiment(3, '5th Wisconsin'),
    '/api/regiments/9': regiment(9, '6th Wisconsin'),
    '/api/officers/regiment/3': [],
    '/api/officers/regiment/9': [],
  });
}

async function openUserMenu(user: ReturnType<typeof userEvent.setup>) {
  // The menu's code loads after sign-in; until then its button is a disabled placeholder.
  await screen.findByRole('button', { name: 'meade' });
  await waitFor(() => expect(screen.getByRole('button', { name: 'meade' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'meade' }));
  return screen.findByRole('menu');
}

describe('My Regiment(s)', () => {
  it('goes straight to the one regiment the user owns', async () => {
    mockOwner([{ id: 3, name: '5th Wisconsin' }] satisfies OwnedRegiment[]);
    const user = userEvent.setup();
    const { router } = renderRoute('/search');

    const menu = await openUserMenu(user);
    const entry = await within(menu).findByRole('menuitem', { name: 'My Regiment(s)' });
    expect(entry).toHaveAttribute('href', '/regiment/3');
    await user.click(entry);

    await waitFor(() => expect(router.state.location.pathname).toBe('/regiment/3'));
    expect(await screen.findByRole('heading', { level: 1, name: '5th Wisconsin' })).toBeInTheDocument();
  });

  it('lets the user choose among several in the Select Your Regiment dialog', async () => {
    mockOwner([
      { id: 3, name: '5th Wisconsin' },
      { id: 9, name: '6th Wisconsin' },
    ] satisfies OwnedRegiment[]);
    const user = userEvent.setup();
    const { router } = renderRoute('/search');

    const menu = await openUserMenu(user);
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'My Regiment(s)' })).not.toHaveAttribute('href'));
    await user.click(within(menu).getByRole('menuitem', { name: 'My Regiment(s)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Select Your Regiment' });
    const list = await within(dialog).findByRole('list', { name: 'Your regiments' });
    expect(list).toHaveClass('max-h-60', 'overflow-y-auto');
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/regiment/3', '/regiment/9']);

    await user.click(within(list).getByRole('link', { name: '6th Wisconsin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/regiment/9'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the error entry in the dialog when the list cannot be loaded', async () => {
    mockOwner(reply(500, { message: 'The database is down', code: 'INTERNAL' }));
    const user = userEvent.setup();
    renderRoute('/search');

    const menu = await openUserMenu(user);
    await user.click(await within(menu).findByRole('menuitem', { name: 'My Regiment(s)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Select Your Regiment' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your regiments could not be loaded.The database is down');
  });

  it('shows the loading entry in the dialog while the list loads', async () => {
    mockOwner(() => new Promise(() => {}));
    const user = userEvent.setup();
    renderRoute('/search');

    const menu = await openUserMenu(user);
    await user.click(await within(menu).findByRole('menuitem', { name: 'My Regiment(s)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Select Your Regiment' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading your regiments…');
  });

  it('is not offered to a user who owns no regiment', async () => {
    const api = mockOwner([]);
    const user = userEvent.setup();
    renderRoute('/search');

    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/users/me/regiments/owned')).toBe(true));
    const menu = await openUserMenu(user);
    await within(menu).findByRole('menuitem', { name: 'My Reviews' });
    await waitFor(() => expect(within(menu).queryByRole('menuitem', { name: 'My Regiment(s)' })).not.toBeInTheDocument());
  });
});
