import { matchQuery, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthStatus } from '#core/api';
import { securityMessages } from '#core/messages/security';
import { adminKeys } from '#web/api/admin';
import { officerKeys } from '#web/api/officers';
import { regimentKeys } from '#web/api/regiments';
import { mockApi, renderRoute } from '#web/test/render';
import { ADMIN, MODERATOR, NON_ADMIN, VISITOR, adminDataCalls, dashboard, systemStatus } from './admin-fixtures';

const ADMIN_SCREENS = [
  ['/admin', 'You must be logged in with administrator privileges to access this page.'],
  ['/admin/officers', 'You must be logged in with administrator privileges to access this page.'],
  ['/admin/officers/all', 'You must be logged in with administrator privileges to access this page.'],
  ['/admin/regiments', 'You must be logged in with administrator privileges to access this page.'],
  ['/admin/regiments/all', 'You must be logged in with administrator privileges to access this page.'],
  ['/admin/manage-users', 'Admin access required.'],
  ['/admin/reviews', 'You must be logged in with administrator privileges to access this page.'],
] as const;

/** Answers every admin read, so a request that slipped through would be seen, not refused. */
const ADMIN_API = {
  '/api/admin/dashboard': dashboard(),
  '/api/admin/status': systemStatus(),
  '/api/admin/registrations/regiments': [],
  '/api/admin/registrations/officers': [],
  '/api/admin/users': [],
  '/api/admin/reviews/flagged': { rows: [] },
  '/api/admin/waves': { waves: [], cooldownDays: 30 },
  '/api/admin/moderation': { flaggedItems: 3, openReviewWaves: 1, openAppeals: 2 },
  '/api/admin/appeals': { appeals: [] },
  '/api/regiments': [],
  '/api/officers': [],
};

/** The queries behind adminDataCalls that are mounted and enabled, that is, could ask the server. */
function enabledAdminDataQueries(queryClient: QueryClient): string[] {
  const adminData: QueryFilters[] = [
    { queryKey: adminKeys.all },
    { queryKey: officerKeys.list(), exact: true },
    { queryKey: regimentKeys.list(), exact: true },
  ];
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => adminData.some((filters) => matchQuery(filters, query)) && !query.isDisabled())
    .map((query) => query.queryHash);
}

describe.each([
  ['a visitor', VISITOR],
  ['a signed-in user who is not an admin', NON_ADMIN],
] as Array<[string, AuthStatus]>)('admin screens for %s', (_who, status) => {
  it.each(ADMIN_SCREENS)('%s says Access Denied and requests no admin data', async (path, message) => {
    const api = mockApi({ ...ADMIN_API, '/api/auth/status': status });
    const { queryClient } = renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    // The page is whole: the header's own lazy part (the user menu) is in, and every request made
    // so far is answered. Then no mounted query may ask for admin data: none can fire later either.
    if (status.user) await waitFor(() => expect(screen.getByRole('button', { name: status.user!.username })).toBeEnabled());
    else expect(screen.getByRole('link', { name: 'LOGIN' })).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(enabledAdminDataQueries(queryClient)).toEqual([]);
    expect(adminDataCalls(api.calls)).toEqual([]);
  });
});

describe('admin screens while the auth status loads', () => {
  it('show a spinner, neither the screen nor Access Denied, and request nothing', async () => {
    const api = mockApi({ ...ADMIN_API, '/api/auth/status': () => new Promise(() => {}) });
    renderRoute('/admin');

    expect((await screen.findByText('Checking your access…')).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    expect(adminDataCalls(api.calls)).toEqual([]);
  });
});

describe('admin screens for an admin', () => {
  it('open once the auth status says admin, and only then ask for their data', async () => {
    let answer: ((status: AuthStatus) => void) | undefined;
    const api = mockApi({ ...ADMIN_API, '/api/auth/status': () => new Promise((resolve) => (answer = resolve)) });
    renderRoute('/admin');
    await screen.findByText('Checking your access…');
    expect(adminDataCalls(api.calls)).toEqual([]);

    // The screen says it is checking from its first render; the request may go out a tick later.
    await waitFor(() => expect(answer).toBeDefined());
    answer!(ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(adminDataCalls(api.calls)).toEqual(['/api/admin/dashboard']));
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
  });
});

describe('admin screens for a moderator (issue 33)', () => {
  const ADMINS_ONLY = ADMIN_SCREENS.filter(([path]) => path !== '/admin' && path !== '/admin/reviews');

  it.each(ADMINS_ONLY)("%s keeps the spec's Access Denied and requests no admin data", async (path, message) => {
    const api = mockApi({ ...ADMIN_API, '/api/auth/status': MODERATOR });
    const { queryClient } = renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(adminDataCalls(api.calls)).toEqual([]);
  });

  it('/admin is the moderation dashboard: what waits in the queue, and nothing of the admins', async () => {
    const api = mockApi({ ...ADMIN_API, '/api/auth/status': MODERATOR });
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Flagged Reviews and Replies' })).toHaveTextContent('3');
    expect(screen.getByRole('region', { name: 'Open Review Waves' })).toHaveTextContent('1');
    expect(screen.getByRole('region', { name: 'Open Appeals' })).toHaveTextContent('2');
    expect(screen.queryByText('Pending Regiment Registrations')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Review Moderation' })[0]).toHaveAttribute('href', '/admin/reviews');
    expect(screen.getByRole('link', { name: 'Moderation' })).toHaveAttribute('href', '/admin');
    await waitFor(() => expect(adminDataCalls(api.calls)).toEqual(['/api/admin/moderation']));
  });

  it('/admin/reviews opens with the flag queue and the waves', async () => {
    const api = mockApi({ ...ADMIN_API, '/api/auth/status': MODERATOR });
    renderRoute('/admin/reviews');
    expect(await screen.findByRole('heading', { level: 1, name: 'Review Moderation' })).toBeInTheDocument();
    await waitFor(() => expect(adminDataCalls(api.calls).sort()).toEqual(['/api/admin/appeals', '/api/admin/reviews/flagged', '/api/admin/waves']));
  });
});

describe('staff screens for staff without a second factor (issue 34, item 4)', () => {
  const unenrolled = (status: AuthStatus): AuthStatus => ({ ...status, user: { ...status.user!, secondFactor: { enrolled: false, methods: [] } } });
  const STAFF_SCREENS: Array<[string, AuthStatus]> = [
    ...ADMIN_SCREENS.map(([path]): [string, AuthStatus] => [path, unenrolled(ADMIN)]),
    ['/admin', unenrolled(MODERATOR)],
    ['/admin/reviews', unenrolled(MODERATOR)],
  ];

  it.each(STAFF_SCREENS)('%s asks to set up a second factor, leads to the security settings, and requests no admin data', async (path, status) => {
    const api = mockApi({ ...ADMIN_API, '/api/auth/status': status });
    const { queryClient } = renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: securityMessages.staffNeedsSecondFactor })).toBeInTheDocument();
    expect(screen.getByText(securityMessages.staffNeedsSecondFactorDetail)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: securityMessages.openSecuritySettings })).toHaveAttribute('href', '/settings/security');
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: status.user!.username })).toBeEnabled());
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(enabledAdminDataQueries(queryClient)).toEqual([]);
    expect(adminDataCalls(api.calls)).toEqual([]);
  });

  it('opens once the account has enrolled', async () => {
    mockApi({ ...ADMIN_API, '/api/auth/status': { ...ADMIN, user: { ...ADMIN.user!, secondFactor: { enrolled: true, methods: ['passkey'] } } } });
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText(securityMessages.staffNeedsSecondFactor)).not.toBeInTheDocument();
  });
});
