import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { securityMessages } from '#core/messages/security';
import { settingsMessages } from '#core/messages/settings';
import { followMessages } from '#core/messages/follows';
import { MAIL_DEFAULTS, MAIL_KIND_LABELS } from '#core/notifications';
import { findToast, signedInStatus } from '#web/test/fixtures';
import { mockApi, renderRoute, reply } from '#web/test/render';

describe('/settings', () => {
  it('saves the hide-level choice through its labelled checkbox', async () => {
    const api = mockApi({
      '/api/auth/status': signedInStatus(),
      '/api/users/me/settings': { hideLevel: false, mail: MAIL_DEFAULTS, digest: 'weekly' },
      'PUT /api/users/me/settings': ({ body }: { body: object }) => ({ mail: MAIL_DEFAULTS, digest: 'weekly', ...body }),
    });
    renderRoute('/settings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const box = await screen.findByRole('checkbox', { name: settingsMessages.hideLevel });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(settingsMessages.hideLevelHint);
    await userEvent.click(box);

    expect(await findToast(settingsMessages.saved)).toBeInTheDocument();
    await waitFor(() => expect(box).toBeChecked());
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([{ method: 'PUT', url: '/api/users/me/settings', body: { hideLevel: true } }]);
  });

  it('says so when saving fails, and keeps the saved choice', async () => {
    mockApi({
      '/api/auth/status': signedInStatus(),
      '/api/users/me/settings': { hideLevel: true, mail: MAIL_DEFAULTS, digest: 'weekly' },
      'PUT /api/users/me/settings': reply(500, { message: 'Internal server error', code: 'INTERNAL' }),
    });
    renderRoute('/settings');

    const box = await screen.findByRole('checkbox', { name: settingsMessages.hideLevel });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(await findToast(settingsMessages.saveFailed)).toBeInTheDocument();
    await waitFor(() => expect(box).toBeChecked());
  });

  it('turns the mail of one kind of notification on, sending only that switch with the level choice', async () => {
    const api = mockApi({
      '/api/auth/status': signedInStatus(),
      '/api/users/me/settings': { hideLevel: true, mail: MAIL_DEFAULTS, digest: 'weekly' },
      'PUT /api/users/me/settings': ({ body }: { body: { mail: object } }) => ({
        hideLevel: true,
        mail: { ...MAIL_DEFAULTS, ...body.mail },
        digest: 'weekly',
      }),
    });
    renderRoute('/settings');

    const decisions = await screen.findByRole('checkbox', { name: MAIL_KIND_LABELS.registration_decided });
    expect(decisions).toBeChecked();
    // Issue 33: the statement of reasons and the appeal's outcome are always mailed; the retired
    // 'review_removed' kind (replaced by the statement) has no switch.
    expect(screen.getByRole('checkbox', { name: MAIL_KIND_LABELS.moderation_action })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: MAIL_KIND_LABELS.appeal_decided })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: MAIL_KIND_LABELS.review_removed })).not.toBeInTheDocument();
    const reviews = screen.getByRole('checkbox', { name: MAIL_KIND_LABELS.review_of_your_officer });
    expect(reviews).not.toBeChecked();
    await userEvent.click(reviews);

    expect(await findToast(settingsMessages.saved)).toBeInTheDocument();
    await waitFor(() => expect(reviews).toBeChecked());
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/users/me/settings', body: { hideLevel: true, mail: { review_of_your_officer: true } } },
    ]);
  });

  it('sets the digest of what the user follows, which has no switch of its own (issue 36)', async () => {
    const api = mockApi({
      '/api/auth/status': signedInStatus(),
      '/api/users/me/settings': { hideLevel: false, mail: MAIL_DEFAULTS, digest: 'weekly' },
      'PUT /api/users/me/settings': ({ body }: { body: { digest: string } }) => ({ hideLevel: false, mail: MAIL_DEFAULTS, digest: body.digest }),
    });
    renderRoute('/settings');

    const digest = await screen.findByRole('combobox', { name: followMessages.digestLabel });
    expect(digest).toHaveValue('weekly');
    expect(screen.queryByRole('checkbox', { name: MAIL_KIND_LABELS.followed_activity })).not.toBeInTheDocument();
    await userEvent.selectOptions(digest, followMessages.digestDaily);

    expect(await findToast(settingsMessages.saved)).toBeInTheDocument();
    await waitFor(() => expect(digest).toHaveValue('daily'));
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/users/me/settings', body: { hideLevel: false, digest: 'daily' } },
    ]);
    expect(screen.getByRole('link', { name: followMessages.digestManage })).toHaveAttribute('href', '/following');
  });

  it('leads to the security settings (issue 34)', async () => {
    mockApi({ '/api/auth/status': signedInStatus(), '/api/users/me/settings': { hideLevel: false, mail: MAIL_DEFAULTS, digest: 'weekly' } });
    renderRoute('/settings');
    const link = await screen.findByRole('link', { name: securityMessages.pageTitle });
    expect(link).toHaveAttribute('href', '/settings/security');
    expect(link.parentElement).toHaveTextContent(securityMessages.settingsEntry);
  });
});
