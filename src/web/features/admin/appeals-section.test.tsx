import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminAppeal } from '#core/api';
import { mockApi, renderRoute } from '#web/test/render';
import { ADMIN, findToast, rowNamed } from './admin-fixtures';

/** User 1 is the signed-in admin; an appeal of an action they took, and one of another's. */
function appeal(id: number, actorId: number, overrides: Partial<AdminAppeal> = {}): AdminAppeal {
  return {
    id,
    status: 'open',
    text: `Appeal ${id}: it was about his orders.`,
    createdAt: '2026-11-21T10:00:00.000Z',
    decidedAt: null,
    decisionReason: null,
    action: {
      id: 100 + id,
      kind: 'review_removal',
      ground: 'off-topic',
      facts: `Facts of action ${100 + id}.`,
      subject: 'your review of Maj. Hancock',
      createdAt: '2026-11-20T10:00:00.000Z',
      actorRole: 'moderator',
      actorId,
    },
    username: `author${id}`,
    assignee: null,
    ...overrides,
  };
}

describe('the appeals on /admin/reviews (issue 33)', () => {
  it("decides another's action with a reason, and refuses to offer a decision on one's own", async () => {
    let appeals = [appeal(1, 1), appeal(2, 7)];
    const api = mockApi({
      '/api/auth/status': ADMIN,
      '/api/admin/reviews/flagged': { rows: [] },
      '/api/admin/waves': { waves: [], cooldownDays: 30 },
      '/api/admin/appeals': () => ({ appeals }),
      'POST /api/admin/appeals/2/decide': ({ body }: { body: unknown }) => {
        const { reason } = body as { reason: string };
        appeals = [appeals[0]!, appeal(2, 7, { status: 'reversed', decidedAt: '2026-11-22T10:00:00.000Z', decisionReason: reason })];
        return { success: true, message: 'The appeal was granted: the action has been undone.', appeal: appeals[1]! };
      },
    });
    const user = userEvent.setup();
    renderRoute('/admin/reviews');
    const table = await screen.findByRole('table', { name: 'Appeals' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));

    const own = rowNamed(table, 'Review removed author1, November 20, 2026, by a moderator');
    expect(own).toHaveTextContent('You took this action: another member of staff must decide its appeal.');
    expect(within(own).queryByRole('button', { name: /Reverse/ })).not.toBeInTheDocument();

    const other = rowNamed(table, 'Review removed author2, November 20, 2026, by a moderator');
    await user.click(within(other).getByRole('button', { name: 'Reverse appeal #2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse the action: Review removed' });
    const reverse = within(dialog).getByRole('button', { name: 'Reverse' });
    expect(reverse).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'Criticism of orders is allowed.');
    await user.click(reverse);
    expect(await findToast('Appeal Decided')).toHaveTextContent('The appeal was granted: the action has been undone.');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/admin/appeals/2/decide', body: { outcome: 'reverse', reason: 'Criticism of orders is allowed.' } },
    ]);
    await waitFor(() => expect(rowNamed(table, 'Review removed author2, November 20, 2026, by a moderator')).toHaveTextContent('Reversed'));
  });
});
