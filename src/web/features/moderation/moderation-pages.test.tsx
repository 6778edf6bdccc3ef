import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ModerationLog, StandingAction, TransparencyReport } from '#core/api';
import { findToast, signedInStatus, SIGNED_OUT } from '#web/test/fixtures';
import { mockApi, renderRoute } from '#web/test/render';

const FUTURE = '2099-01-01T00:00:00.000Z';

function statement(overrides: Partial<StandingAction> = {}): StandingAction {
  return {
    id: 5,
    kind: 'review_removal',
    ground: 'off-topic',
    facts: 'The review is about the officer outside the game.',
    automated: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    appealableUntil: FUTURE,
    appeal: null,
    subject: 'your review of Maj. Winfield Hancock',
    endsAt: null,
    reversed: false,
    ...overrides,
  };
}

describe('/settings/standing', () => {
  it('shows each statement of reasons in full, and sends one appeal', async () => {
    let actions = [statement()];
    const api = mockApi({
      '/api/auth/status': signedInStatus(),
      '/api/users/me/standing': () => ({ actions }),
      'POST /api/appeals': ({ body }: { body: unknown }) => {
        const { text } = body as { text: string };
        const appeal = { id: 9, status: 'open' as const, text, createdAt: '2026-11-21T10:00:00.000Z', decidedAt: null, decisionReason: null };
        actions = [statement({ appeal })];
        return { success: true, message: 'ok', appeal };
      },
    });
    const user = userEvent.setup();
    renderRoute('/settings/standing');

    const item = (await screen.findByRole('list', { name: 'Actions' })).querySelector('li')!;
    expect(item).toHaveTextContent('Review removed');
    expect(item).toHaveTextContent('Concerning your review of Maj. Winfield Hancock, November 20, 2026');
    expect(item).toHaveTextContent('Not about what the officer did in game');
    expect(item).toHaveTextContent('The review is about the officer outside the game.');
    expect(item).toHaveTextContent('A member of staff');
    expect(item).toHaveTextContent('You may appeal until January 1, 2099.');

    const appeal = within(item).getByRole('button', { name: 'Appeal' });
    expect(appeal).toBeDisabled();
    await user.type(within(item).getByLabelText('Your appeal'), 'It was about his orders in the game.');
    await user.click(appeal);
    expect(await findToast('Appeal Submitted')).toHaveTextContent('Another member of staff will look at it, and you will be told the outcome.');
    await waitFor(() => expect(item).toHaveTextContent('waiting for a decision'));
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/appeals', body: { actionId: 5, text: 'It was about his orders in the game.' } },
    ]);
    expect(within(item).queryByRole('button', { name: 'Appeal' })).not.toBeInTheDocument();
  });

  it('offers no appeal past the window, and shows a decided one with its reason', async () => {
    mockApi({
      '/api/auth/status': signedInStatus(),
      '/api/users/me/standing': {
        actions: [
          statement({ id: 1, appealableUntil: '2020-01-01T00:00:00.000Z' }),
          statement({
            id: 2,
            reversed: true,
            appeal: {
              id: 3,
              status: 'reversed',
              text: 'x'.repeat(12),
              createdAt: FUTURE,
              decidedAt: '2026-11-25T00:00:00.000Z',
              decisionReason: 'Fair criticism.',
            },
          }),
        ],
      },
    });
    renderRoute('/settings/standing');
    const [late, reversed] = within(await screen.findByRole('list', { name: 'Actions' })).getAllByRole('listitem');
    expect(late).toHaveTextContent('The time to appeal ended on January 1, 2020.');
    expect(within(late!).queryByLabelText('Your appeal')).not.toBeInTheDocument();
    expect(reversed).toHaveTextContent('Reversed');
    expect(reversed).toHaveTextContent('Appeal granted on November 25, 2026.');
    expect(reversed).toHaveTextContent('Decision: Fair criticism.');
  });
});

describe('the restriction notice', () => {
  it('tells a banned user why on every page, with the way to appeal', async () => {
    mockApi({
      '/api/users/me/regiments/owned': [],
      '/api/auth/status': signedInStatus({
        isBanned: true,
        restriction: {
          actionId: 4,
          kind: 'suspension',
          ground: 'harassment',
          facts: 'Insulted two officers by name.',
          endsAt: '2026-12-05T00:00:00.000Z',
          appealableUntil: FUTURE,
          appealed: false,
        },
      }),
    });
    renderRoute('/privacy-policy');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Your account is suspended until December 5, 2026: Harassment, threats, slurs or hate speech.');
    expect(notice).toHaveTextContent('Insulted two officers by name.');
    expect(within(notice).getByRole('link', { name: 'Read the statement and appeal' })).toHaveAttribute('href', '/settings/standing');
  });
});

describe('/moderation and /transparency', () => {
  it('lists the log for anyone, with the grounds and no one affected', async () => {
    const log: ModerationLog = {
      entries: [
        {
          id: 2,
          kind: 'suspension',
          ground: 'harassment',
          createdAt: '2026-11-21T10:00:00.000Z',
          automated: false,
          actorRole: 'moderator',
          appealed: true,
          reversed: true,
        },
        {
          id: 1,
          kind: 'ban',
          ground: 'spam',
          createdAt: '2026-11-20T10:00:00.000Z',
          automated: false,
          actorRole: 'admin',
          appealed: false,
          reversed: false,
        },
      ],
      page: 1,
      totalPages: 1,
      total: 2,
    };
    mockApi({ '/api/auth/status': SIGNED_OUT, '/api/moderation/log': log });
    renderRoute('/moderation');
    const table = await screen.findByRole('table', { name: 'Staff actions, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['November 21, 2026', 'Account suspended', 'Harassment, threats, slurs or hate speech', 'A moderator', 'Appealed, reversed'],
      ['November 20, 2026', 'Account banned', 'Spam, advertising, or images without the right to share them', 'An admin', '—'],
    ]);
    expect(screen.getByRole('link', { name: 'transparency report' })).toHaveAttribute('href', '/transparency');
  });

  it('shows a month of figures', async () => {
    const report: TransparencyReport = {
      month: '2026-11',
      actions: [{ kind: 'review_removal', ground: 'off-topic', count: 3 }],
      automatedActions: 0,
      flags: { received: 10, decided: 8, medianHoursToDecision: 5.5 },
      appeals: { received: 2, decided: 1, reversed: 1 },
    };
    const api = mockApi({ '/api/auth/status': SIGNED_OUT, '/api/transparency': report });
    renderRoute('/transparency?month=2026-11');
    expect(await screen.findByRole('table', { name: 'Actions by kind and ground' })).toHaveTextContent(
      'Review removedNot about what the officer did in game3',
    );
    expect(screen.getByText('5.5 hours')).toBeInTheDocument();
    expect(api.calls.map((call) => call.url)).toContain('/api/transparency?month=2026-11');
  });
});
