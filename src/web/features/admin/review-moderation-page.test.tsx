import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FlaggedReview } from '#core/api';
import { reviewKeys } from '#web/api/reviews';
import { mockApi, renderRoute, reply, type ApiHandler } from '#web/test/render';
import { ADMIN, bodyRowsOf, columnsOf, findToast, flaggedReview, fillStatement } from './admin-fixtures';

const rude = flaggedReview(11, {
  text: 'He is a fool and so is his regiment.',
  reviewerUsername: 'grumpy',
  reviewerSteamId: '76561198000000009',
  overallRating: 1.5,
  flagCount: 2,
  flags: [
    { id: 1, reason: 'Insulting the whole regiment', createdAt: '2025-03-03T12:00:00.000Z' },
    { id: 2, reason: 'Personal attack, not a review', createdAt: '2025-03-04T12:00:00.000Z' },
  ],
});
const spam = flaggedReview(12, { officerId: 9, officerName: 'John Gibbon', text: 'Visit my website for gold!', reviewerUsername: 'spammer' });

function moderationApi(overrides: Record<string, ApiHandler> = {}) {
  let rows: FlaggedReview[] = [rude, spam];
  const remove = (id: number) => {
    rows = rows.filter((row) => row.id !== id);
    return { success: true, message: 'ok' };
  };
  const api = mockApi({
    '/api/auth/status': ADMIN,
    '/api/admin/reviews/flagged': () => ({ rows }),
    'POST /api/admin/reviews/11/approve': () => remove(11),
    'DELETE /api/reviews/11': () => remove(11),
    ...overrides,
  });
  const writes = () => api.calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`);
  return { api, writes };
}

async function loadedTable() {
  const table = await screen.findByRole('table', { name: 'Flagged Reviews' });
  await waitFor(() => expect(bodyRowsOf(table)).toHaveLength(2));
  return table;
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

describe('/admin/reviews', () => {
  it('lists flagged reviews with officer, text, reviewer and every flag reason', async () => {
    moderationApi();
    renderRoute('/admin/reviews');

    expect(await screen.findByRole('heading', { level: 1, name: 'Review Moderation' })).toBeInTheDocument();
    const table = await loadedTable();
    expect(columnsOf(table)).toEqual(['Review', 'Text', 'Author', 'Flag Reasons', 'Actions']);
    const row = rowOf(table, 'He is a fool and so is his regiment.');
    expect(within(row).getByRole('link', { name: 'Winfield Hancock' })).toHaveAttribute('href', '/officer/7');
    expect(row).toHaveTextContent('1.5/5.0');
    expect(within(row).getByRole('link', { name: /^grumpy/ })).toHaveAttribute('href', 'https://steamcommunity.com/profiles/76561198000000009');
    const flags = within(row).getByRole('list', { name: '2 flags' });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Insulting the whole regiment', 'Personal attack, not a review']);
    // Without a Steam account the reviewer is a plain name.
    expect(within(rowOf(table, 'Visit my website for gold!')).queryByRole('link', { name: 'spammer' })).not.toBeInTheDocument();
  });

  it('approves a review: its flags go and it leaves the list', async () => {
    const { writes } = moderationApi();
    const user = userEvent.setup();
    const { queryClient } = renderRoute('/admin/reviews');
    const table = await loadedTable();
    // The officer's cached reviews must be refreshed too (spec section 4, review change).
    queryClient.setQueryData(reviewKeys.recent(), []);

    await user.click(within(rowOf(table, 'He is a fool and so is his regiment.')).getByRole('button', { name: 'Approve review by grumpy' }));

    expect(await findToast('Review Approved')).toHaveTextContent('The flags have been removed.');
    expect(writes()).toEqual(['POST /api/admin/reviews/11/approve']);
    await waitFor(() => expect(bodyRowsOf(table)).toHaveLength(1));
    expect(queryClient.getQueryState(reviewKeys.recent())?.isInvalidated).toBe(true);
  });

  it('says Error / Failed to approve review when the server refuses', async () => {
    moderationApi({ 'POST /api/admin/reviews/11/approve': reply(404, { message: 'Review not found', code: 'NOT_FOUND' }) });
    const user = userEvent.setup();
    renderRoute('/admin/reviews');
    const table = await loadedTable();

    await user.click(within(table).getByRole('button', { name: 'Approve review by grumpy' }));

    const toast = await findToast('Error');
    expect(toast).toHaveTextContent('Failed to approve review');
    expect(toast).toHaveTextContent('Review not found');
  });

  it('deletes a review after the Delete Review confirmation', async () => {
    const { writes } = moderationApi();
    const user = userEvent.setup();
    renderRoute('/admin/reviews');
    const table = await loadedTable();

    await user.click(within(table).getByRole('button', { name: 'Delete review by grumpy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Review' });
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete the review by grumpy of Winfield Hancock? Its author is told why, and may appeal; it is kept hidden until the appeal window ends.',
    );
    expect(writes()).toEqual([]);
    await fillStatement(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await findToast('Review Deleted')).toHaveTextContent('The review has been removed successfully.');
    expect(writes()).toEqual(['DELETE /api/reviews/11']);
    await waitFor(() => expect(bodyRowsOf(table)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says Failed to delete review when the delete fails', async () => {
    moderationApi({ 'DELETE /api/reviews/11': reply(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) });
    const user = userEvent.setup();
    renderRoute('/admin/reviews');
    const table = await loadedTable();

    await user.click(within(table).getByRole('button', { name: 'Delete review by grumpy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Review' });
    await fillStatement(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const toast = await findToast('Error');
    expect(toast).toHaveTextContent('Failed to delete review');
    expect(toast).toHaveTextContent('Something went wrong on our side.');
    // The dialog stays open for another try, and the review stays listed.
    expect(screen.getByRole('dialog', { name: 'Delete Review' })).toBeInTheDocument();
    expect(within(table).getByText('He is a fool and so is his regiment.')).toBeInTheDocument();
  });

  it('says so when nothing is flagged', async () => {
    moderationApi({ '/api/admin/reviews/flagged': { rows: [] } });
    renderRoute('/admin/reviews');

    expect(await screen.findByText('No flagged reviews. Nothing is waiting for moderation.')).toBeInTheDocument();
  });

  it("names the reply's author on a flagged reply, not the reviewer, and may suspend them (issue 36)", async () => {
    const flaggedReply = flaggedReview(13, {
      text: 'Worst drill ever.',
      reviewerUsername: 'grumpy',
      target: 'reply',
      reply: { text: 'You never came to drill, liar.', createdAt: '2025-03-05T12:00:00.000Z', updatedAt: '2025-03-05T12:00:00.000Z' },
      replyAuthor: { id: 40, username: 'hancock_account', steamId: '76561198000000040' },
    });
    const orphanReply = flaggedReview(14, {
      text: 'Fine officer.',
      target: 'reply',
      reply: { text: 'Thanks.', createdAt: '2025-03-05T12:00:00.000Z', updatedAt: '2025-03-05T12:00:00.000Z' },
      replyAuthor: null,
    });
    moderationApi({ '/api/admin/reviews/flagged': { rows: [flaggedReply, orphanReply] } });
    renderRoute('/admin/reviews');
    const table = await loadedTable();

    const row = rowOf(table, 'You never came to drill, liar.');
    expect(within(row).getByRole('link', { name: /^hancock_account/ })).toHaveAttribute(
      'href',
      'https://steamcommunity.com/profiles/76561198000000040',
    );
    expect(row).not.toHaveTextContent('grumpy');
    expect(within(row).getByRole('button', { name: /suspend.*hancock_account/i })).toBeInTheDocument();
    // On a phone each cell shows its column's name before it.
    expect(
      within(row)
        .getByRole('link', { name: /^hancock_account/ })
        .closest('td'),
    ).toHaveAttribute('data-label', 'Author');
    expect(rowOf(table, 'Thanks.')).toHaveTextContent('Account removed');
  });
});
