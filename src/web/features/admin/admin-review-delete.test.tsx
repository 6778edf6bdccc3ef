import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthStatus, Review } from '#core/api';
import { makeOfficerDetail, makeReviewAuthor } from '#web/test/fixtures';
import { mockApi, renderRoute, reply, type ApiHandler } from '#web/test/render';
import { ADMIN, NON_ADMIN, VISITOR, findToast, officer, review, fillStatement, STATEMENT } from './admin-fixtures';

/** The officer page of officer 7 with two reviews by other users; DELETE removes one like the server. */
function officerPageApi(status: AuthStatus, overrides: Record<string, ApiHandler> = {}) {
  let reviews: Review[] = [review(1), review(2, { user: makeReviewAuthor() })];
  const api = mockApi({
    '/api/auth/status': status,
    '/api/officers/7': makeOfficerDetail(officer(7, { name: 'Winfield Hancock', reviewCount: 2 })),
    '/api/reviews/officer/7': () => ({ reviews, totalCount: reviews.length, nextCursor: null }),
    '/api/reviews/my': [],
    '/api/reviews/1/vote': { value: 0, flagged: false, replyFlagged: false },
    '/api/reviews/2/vote': { value: 0, flagged: false, replyFlagged: false },
    'DELETE /api/reviews/1': () => {
      reviews = reviews.filter((r) => r.id !== 1);
      return { success: true, message: 'Review deleted' };
    },
    ...overrides,
  });
  const gets = (url: string) => api.calls.filter((call) => call.method === 'GET' && call.url.startsWith(url)).length;
  return { api, gets };
}

const findCard = async (id: number) => (await screen.findByText(`Review number ${id} of this officer.`)).closest('article')!;

describe("the admin's delete button on the reviews of an officer page", () => {
  it('shows on every review for an admin, and deletes after the Delete Review confirmation', async () => {
    const { api, gets } = officerPageApi(ADMIN);
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const first = await findCard(1);
    const button = await within(first).findByRole('button', { name: 'Delete review by soldier1' });
    expect(within(await findCard(2)).getByRole('button', { name: 'Delete review by Anonymous Soldier' })).toBeInTheDocument();
    const officerCalls = gets('/api/officers/7');

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Review' });
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete the review by soldier1 of Major Winfield Hancock? Its author is told why, and may appeal; it is kept hidden until the appeal window ends.',
    );
    // Issue 33: Delete waits for the ground and facts its author will be told.
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await fillStatement(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await findToast('Review Deleted')).toHaveTextContent('The review has been removed successfully.');
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => [call.url, call.body])).toEqual([['/api/reviews/1', STATEMENT]]);
    // The officer's reviews and figures are refreshed: the review is gone.
    await waitFor(() => expect(screen.queryByText('Review number 1 of this officer.')).not.toBeInTheDocument());
    expect(screen.getByText('Review number 2 of this officer.')).toBeInTheDocument();
    await waitFor(() => expect(gets('/api/officers/7')).toBeGreaterThan(officerCalls));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the review and says why when the delete fails', async () => {
    officerPageApi(ADMIN, { 'DELETE /api/reviews/1': reply(404, { message: 'Review not found', code: 'NOT_FOUND' }) });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    await user.click(await within(await findCard(1)).findByRole('button', { name: 'Delete review by soldier1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Review' });
    await fillStatement(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const toast = await findToast('Error');
    expect(toast).toHaveTextContent('Failed to delete review: Review not found');
    expect(screen.getByRole('dialog', { name: 'Delete Review' })).toBeInTheDocument();
  });

  it.each([
    ['a signed-in user who is not an admin', NON_ADMIN],
    ['a visitor', VISITOR],
  ] as Array<[string, AuthStatus]>)('is not there for %s', async (_who, status) => {
    officerPageApi(status);
    renderRoute('/officer/7');

    const card = await findCard(1);
    // Wait for the auth status to settle: the flag button is there for everyone but the author.
    await within(card).findByRole('button', { name: 'Flag' });
    expect(screen.queryByRole('button', { name: /^Delete review/ })).not.toBeInTheDocument();
  });
});

describe("the admin's delete button on the home page's recent reviews", () => {
  const homeApi = (status: AuthStatus) =>
    mockApi({
      '/api/auth/status': status,
      '/api/sides': [],
      '/api/regiments': [],
      '/api/officers/top': [],
      '/api/reviews/recent': [review(1), review(3, { officerId: 9, officer: { id: 9, name: 'John Gibbon', rank: 'General' } })],
    });

  it('shows on each recent review for an admin', async () => {
    homeApi(ADMIN);
    renderRoute('/');

    const card = (await screen.findByText('Review number 3 of this officer.')).closest('article')!;
    expect(await within(card).findByRole('button', { name: 'Delete review by soldier3' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Delete review by/ })).toHaveLength(2);
  });

  it('is not there for anyone else', async () => {
    homeApi(NON_ADMIN);
    renderRoute('/');

    await screen.findByText('Welcome back, meade');
    await screen.findByText('Review number 3 of this officer.');
    expect(screen.queryByRole('button', { name: /^Delete review/ })).not.toBeInTheDocument();
  });
});
