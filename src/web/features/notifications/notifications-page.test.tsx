import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notificationsMessages } from '#core/messages/notifications';
import type { Notification } from '#core/schemas/notifications';
import { homeApi, signedInStatus } from '#web/test/fixtures';
import { mockApi, renderRoute } from '#web/test/render';

function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    kind: 'registration_decided',
    message: "Your regiment registration '20th Maine' was rejected.",
    detail: 'Notes from the administrator: Add your drill nights.',
    link: '/my-registrations',
    createdAt: '2026-11-20T10:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

describe('the header bell', () => {
  it('names the unread count from the auth status and leads to the list', async () => {
    mockApi({
      ...homeApi(),
      '/api/auth/status': { ...signedInStatus(), unreadNotifications: 3 },
      '/api/users/me/regiments/owned': [],
      '/api/notifications': { notifications: [makeNotification()], unreadCount: 3, nextCursor: null },
    });
    renderRoute('/');

    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveTextContent('3');
    await userEvent.click(bell);
    expect(await screen.findByRole('heading', { level: 1, name: notificationsMessages.title })).toBeInTheDocument();
  });

  it('says 0 unread, and shows no number, when all are read', async () => {
    mockApi({ ...homeApi(), '/api/auth/status': { ...signedInStatus(), unreadNotifications: 0 }, '/api/users/me/regiments/owned': [] });
    renderRoute('/');
    const bell = await screen.findByRole('link', { name: 'Notifications, 0 unread' });
    expect(bell).toHaveTextContent('');
  });
});

describe('/notifications', () => {
  it('lists newest first with the notes, marks one read, then all, and loads the next page', async () => {
    const api = mockApi({
      '/api/auth/status': { ...signedInStatus(), unreadNotifications: 2 },
      '/api/notifications': ({ url }: { url: URL }) =>
        url.searchParams.get('cursor') === 'next'
          ? {
              notifications: [makeNotification({ id: 1, message: 'Older one.', detail: null, readAt: '2026-11-19T10:00:00.000Z' })],
              unreadCount: 2,
              nextCursor: null,
            }
          : {
              notifications: [
                makeNotification({ id: 3 }),
                makeNotification({
                  id: 2,
                  kind: 'review_of_your_officer',
                  message: 'meade reviewed your officer profile Col. Vincent.',
                  detail: null,
                  link: '/officer/7',
                }),
              ],
              unreadCount: 2,
              nextCursor: 'next',
            },
      'POST /api/notifications/read': { marked: 1, unreadCount: 1 },
    });
    renderRoute('/notifications');

    const list = await screen.findByRole('list', { name: notificationsMessages.title });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent("Your regiment registration '20th Maine' was rejected.");
    expect(items[0]).toHaveTextContent('Notes from the administrator: Add your drill nights.');
    expect(within(items[1]!).getByRole('link', { name: 'meade reviewed your officer profile Col. Vincent.' })).toHaveAttribute('href', '/officer/7');

    await userEvent.click(within(items[0]!).getByRole('button', { name: notificationsMessages.markRead }));
    await userEvent.click(screen.getByRole('button', { name: notificationsMessages.markAllRead }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ ids: [3] }, { all: true }]));

    await userEvent.click(screen.getByRole('button', { name: notificationsMessages.loadMore }));
    expect(await screen.findByText('Older one.')).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    mockApi({ '/api/auth/status': signedInStatus(), '/api/notifications': { notifications: [], unreadCount: 0, nextCursor: null } });
    renderRoute('/notifications');
    expect(await screen.findByText(notificationsMessages.empty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: notificationsMessages.markAllRead })).not.toBeInTheDocument();
  });
});
