import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute, reply } from '#web/test/render';
import { ADMIN, activity, dashboard, systemStatus } from './admin-fixtures';

describe('/admin', () => {
  it('shows the pending counts with the buttons to decide them', async () => {
    mockApi({ '/api/auth/status': ADMIN, '/api/admin/dashboard': dashboard({ pendingRegimentRegistrations: 3, pendingOfficerRegistrations: 5 }) });
    renderRoute('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(document.title).toContain('Admin Dashboard');
    const regiments = screen.getByRole('region', { name: 'Pending Regiment Registrations' });
    expect(await within(regiments).findByText('3')).toBeInTheDocument();
    expect(within(regiments).getByRole('link', { name: 'Review Regiments' })).toHaveAttribute('href', '/admin/regiments');
    const officers = screen.getByRole('region', { name: 'Pending Officer Registrations' });
    expect(within(officers).getByText('5')).toBeInTheDocument();
    expect(within(officers).getByRole('link', { name: 'Review Officers' })).toHaveAttribute('href', '/admin/officers');
  });

  it('links to every content-management screen', async () => {
    mockApi({ '/api/auth/status': ADMIN, '/api/admin/dashboard': dashboard() });
    renderRoute('/admin');

    const nav = await screen.findByRole('navigation', { name: 'Content management' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['All Regiments', '/admin/regiments/all'],
      ['All Officers', '/admin/officers/all'],
      ['Review Moderation', '/admin/reviews'],
      ['User Management', '/admin/manage-users'],
    ]);
  });

  it('shows the audit log under Recent Activity: what, who and when', async () => {
    mockApi({
      '/api/auth/status': ADMIN,
      '/api/admin/dashboard': dashboard({
        recentActivity: [
          activity(2, { summary: "Approved regiment registration '20th Maine' by chamberlain", targetType: 'regiment_registration' }),
          activity(1, { adminUsername: null, createdAt: '2025-04-09T08:00:00.000Z' }),
        ],
      }),
    });
    renderRoute('/admin');

    expect(await screen.findByRole('tab', { name: 'Recent Activity', selected: true })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Recent administrative activity' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent("Approved regiment registration '20th Maine' by chamberlain");
    expect(first).toHaveTextContent('by meade');
    expect(within(first!).getByText('April 10, 2025, 2:05 PM UTC')).toHaveAttribute('datetime', '2025-04-10T14:05:00.000Z');
    expect(second).toHaveTextContent("Banned user 'Deserter'");
    expect(second).toHaveTextContent('by a removed account');
    expect(second).toHaveTextContent('April 9, 2025, 8:00 AM UTC');
  });

  it('says when there has been no administrative activity', async () => {
    mockApi({ '/api/auth/status': ADMIN, '/api/admin/dashboard': dashboard() });
    renderRoute('/admin');

    expect(await screen.findByText('No recent administrative activity.')).toBeInTheDocument();
  });

  it('checks the system status live when its tab opens, and again on request', async () => {
    let checks = 0;
    const api = mockApi({
      '/api/auth/status': ADMIN,
      '/api/admin/dashboard': dashboard(),
      '/api/admin/status': () => {
        checks += 1;
        return checks === 1 ? systemStatus() : systemStatus({ database: { ok: false, latencyMs: null } });
      },
    });
    const user = userEvent.setup();
    renderRoute('/admin');
    await screen.findByText('No recent administrative activity.');
    // Not asked before the tab is opened.
    expect(api.calls.filter((call) => call.url === '/api/admin/status')).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'System Status' }));
    const list = await screen.findByRole('list', { name: 'System checks' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Database: OKReachable (answered in 1.5 ms)',
      'Steam sign-in: OKhttps://steamcommunity.com/openid/login',
      'Steam Web API: OKAPI key configured',
      'Identity provider: OKBuilt-in email and password sign-in',
    ]);
    expect(screen.getByText('April 10, 2025, 2:30 PM UTC')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await within(list).findByText('Not reachable')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Database: problem');
    expect(checks).toBe(2);
  });

  it('shows an error when the system status cannot be checked', async () => {
    mockApi({
      '/api/auth/status': ADMIN,
      '/api/admin/dashboard': dashboard(),
      '/api/admin/status': reply(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }),
    });
    const user = userEvent.setup();
    renderRoute('/admin');
    await user.click(await screen.findByRole('tab', { name: 'System Status' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The system status could not be checked');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
  });

  it('shows an error when the dashboard cannot be loaded', async () => {
    mockApi({ '/api/auth/status': ADMIN, '/api/admin/dashboard': reply(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) });
    renderRoute('/admin');

    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('The dashboard could not be loaded');
    expect(alerts[0]).toHaveTextContent('Something went wrong on our side.');
    expect(within(alerts[0]!).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows skeletons while the figures load', async () => {
    mockApi({ '/api/auth/status': ADMIN, '/api/admin/dashboard': () => new Promise(() => {}) });
    renderRoute('/admin');

    expect(await screen.findByRole('list', { name: 'Loading recent activity' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review Regiments' })).toBeInTheDocument();
  });
});
