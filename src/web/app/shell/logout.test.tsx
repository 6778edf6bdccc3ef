/**
 * Logout from any page lands on / with a 'Signed out' toast (spec section 2: successful logout sends
 * the browser to /), and the page being left never reacts to the sign-out with its own screen.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthStatus } from '#core/api';
import { adminMessages } from '#core/messages/admin';
import { authMessages } from '#core/messages/auth';
import { sessionMessages } from '#core/messages/session';
import { homeMessages } from '#core/messages/home';
import { SIGNED_OUT, findToast, homeApi, makeOfficerDetail, signedInStatus } from '#web/test/fixtures';
import { isPersonalQuery } from '#web/api/personal';
import { mockApi, renderRoute, reply } from '#web/test/render';

/** Signed in as 'meade' (an admin when `isAdmin`) until POST /api/auth/logout. */
function mockSession({ isAdmin = false, logout }: { isAdmin?: boolean; logout?: unknown } = {}) {
  let status: AuthStatus = signedInStatus({ isAdmin });
  const api = mockApi({
    ...homeApi(),
    '/api/auth/status': () => status,
    'POST /api/auth/logout':
      logout ??
      (() => {
        status = SIGNED_OUT;
        return { success: true, message: authMessages.loggedOut };
      }),
    '/api/users/me/regiments/owned': [],
    '/api/reviews/my': [],
    '/api/admin/dashboard': { pendingRegimentRegistrations: 0, pendingOfficerRegistrations: 0, openReviewWaves: 0, recentActivity: [] },
    '/api/officers/7': makeOfficerDetail(),
    '/api/reviews/officer/7': { reviews: [], totalCount: 0, nextCursor: null },
  });
  return api;
}

async function logOut() {
  const user = userEvent.setup();
  // The menu's code loads after sign-in; until then its button is a disabled placeholder.
  await waitFor(() => expect(screen.getByRole('button', { name: 'meade' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'meade' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
}

describe('Logout', () => {
  it.each([
    ['/my-reviews', 'My Reviews'],
    ['/admin', 'Admin Dashboard'],
    ['/officer/7', 'Winfield Hancock'],
  ])('from %s lands on / with "Signed out", and nothing else', async (page, heading) => {
    mockSession({ isAdmin: page === '/admin' });
    const { router } = renderRoute(page);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();

    await logOut();

    expect(await findToast(sessionMessages.signedOut)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'LOGIN' })).toBeInTheDocument();
    // The page left behind said nothing of its own: no 'Authentication Required' (which, one toast
    // at a time, would replace 'Signed out'), no 'Access Denied'.
    expect(await findToast(sessionMessages.signedOut)).toBeVisible();
    expect(screen.queryByText(sessionMessages.authenticationRequiredTitle)).not.toBeInTheDocument();
    expect(screen.queryByText(adminMessages.accessDeniedTitle)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: homeMessages.findOfficer })).toBeInTheDocument();
  });

  it.each(['/my-reviews', '/admin', '/officer/7'])(
    'from %s asks for nothing personal once signed out: no 401 in the console (issue 39, item 4)',
    async (page) => {
      const api = mockSession({ isAdmin: page === '/admin' });
      const { queryClient } = renderRoute(page);
      await waitFor(() => expect(api.calls.some((call) => call.url === '/api/users/me/regiments/owned')).toBe(true));

      await logOut();

      expect(await findToast(sessionMessages.signedOut)).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: 'LOGIN' })).toBeInTheDocument();
      // Settled: the home page's own answers came as a visitor's.
      await waitFor(() => expect(api.calls.filter((call) => call.url === '/api/auth/status').length).toBeGreaterThan(1));
      const loggedOutAt = api.calls.findIndex((call) => call.method === 'POST' && call.url === '/api/auth/logout');
      const personal = /^\/api\/(users\/me|reviews\/my|notifications|registrations\/mine|admin)\b/;
      expect(api.calls.slice(loggedOutAt).filter((call) => call.method === 'GET' && personal.test(call.url))).toEqual([]);
      // And what was fetched for the user is gone from memory, for whoever uses the browser next.
      await waitFor(() => expect(queryClient.getQueryCache().findAll({ predicate: isPersonalQuery })).toEqual([]));
    },
  );

  it('stays on the page, signed in, and says so when the logout fails', async () => {
    mockSession({ logout: reply(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) });
    const { router } = renderRoute('/my-reviews');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Reviews' })).toBeInTheDocument();

    await logOut();

    expect(await findToast('Logout failed')).toHaveTextContent('Something went wrong on our side.');
    expect(router.state.location.pathname).toBe('/my-reviews');
    expect(screen.getByRole('button', { name: 'meade' })).toBeInTheDocument();
  });
});
