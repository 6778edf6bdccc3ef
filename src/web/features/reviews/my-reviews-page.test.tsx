import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthStatus, Review } from '#core/api';
import { reviewKeys } from '#web/api/reviews';
import { makeOfficerDetail } from '#web/test/fixtures';
import { mockApi, renderRoute, reply } from '#web/test/render';
import { HOME_API, buildReview, findToast, signedIn } from '#web/test/review-fixtures';

const hancockReview = buildReview(4);
const gibbonReview = buildReview(5, {
  officerId: 9,
  officer: { id: 9, name: 'John Gibbon', rank: 'General' },
  regiment: { id: 6, name: '6th Wisconsin' },
  text: 'Drilled us hard, and it showed.',
});

/** A signed-in user whose reviews live in `reviews`; PUT and DELETE change that list like the server would. */
function mockMyReviews(initial: Review[], overrides: Record<string, unknown> = {}) {
  let reviews = [...initial];
  const api = mockApi({
    '/api/auth/status': signedIn(null),
    '/api/reviews/my': () => reviews,
    'PUT /api/reviews/4': ({ body }: { body: Partial<Review> }) => {
      reviews = reviews.map((r) => (r.id === 4 ? { ...r, ...body } : r));
      return reviews.find((r) => r.id === 4);
    },
    'DELETE /api/reviews/4': () => {
      reviews = reviews.filter((r) => r.id !== 4);
      return { success: true, message: 'Review deleted' };
    },
    ...overrides,
  });
  const myReviewCalls = () => api.calls.filter((c) => c.method === 'GET' && c.url === '/api/reviews/my').length;
  return { api, myReviewCalls };
}

async function findItem(officerName: RegExp) {
  const list = await screen.findByRole('list', { name: 'My reviews' });
  return within(list)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('link', { name: officerName }))!;
}

describe('/my-reviews', () => {
  it('sends a visitor home with Authentication Required', async () => {
    const api = mockApi(HOME_API);
    const { router } = renderRoute('/my-reviews');

    const toast = await findToast('Authentication Required');
    expect(toast).toHaveTextContent('You must be logged in to view your reviews.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls.filter((c) => c.url.startsWith('/api/reviews/my'))).toEqual([]);
  });

  it('sends the user home once the auth status says the session ended', async () => {
    let status: AuthStatus = signedIn(null);
    mockApi({
      ...HOME_API,
      '/api/auth/status': () => status,
      '/api/reviews/my': () => (status.authenticated ? [hancockReview] : reply(401, { message: 'Not signed in', code: 'UNAUTHORIZED' })),
    });
    const { router, queryClient } = renderRoute('/my-reviews');
    await findItem(/Winfield Hancock/);

    status = { authenticated: false, user: null };
    // The next poll of My Reviews meets a 401, which asks the auth status again at once.
    await queryClient.refetchQueries({ queryKey: reviewKeys.mine() });

    expect(await findToast('Authentication Required')).toHaveTextContent('You must be logged in to view your reviews.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("shows the officer's reply and 'Resolved', as the officer page does (issue 36)", async () => {
    const answered = buildReview(4, {
      reply: {
        text: 'Thank you; we drill the flank march again on Sunday.',
        createdAt: '2025-03-05T12:00:00.000Z',
        updatedAt: '2025-03-05T12:00:00.000Z',
      },
      resolved: true,
    });
    mockMyReviews([answered, gibbonReview]);
    renderRoute('/my-reviews');

    const item = await findItem(/Winfield Hancock/);
    const response = within(item).getByRole('region', { name: /^Response from .*Winfield Hancock$/ });
    expect(response).toHaveTextContent('Thank you; we drill the flank march again on Sunday.');
    expect(response).toHaveTextContent('Resolved');
    expect(within(await findItem(/John Gibbon/)).queryByRole('region', { name: /^Response from/ })).not.toBeInTheDocument();
  });

  it("lists the user's reviews with the officer, and Edit and Delete on each", async () => {
    mockMyReviews([hancockReview, gibbonReview]);
    renderRoute('/my-reviews');

    expect(await screen.findByRole('heading', { level: 1, name: 'My Reviews' })).toBeInTheDocument();
    expect(document.title).toContain('My Reviews');
    const list = await screen.findByRole('list', { name: 'My reviews' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    const hancock = items[0]!;
    expect(within(hancock).getByRole('link', { name: 'Major Winfield Hancock' })).toHaveAttribute('href', '/officer/7');
    expect(within(hancock).getByRole('link', { name: '5th Wisconsin' })).toHaveAttribute('href', '/regiment/3');
    expect(within(hancock).getByText('Review number 4: steady under fire.')).toBeInTheDocument();
    expect(within(hancock).getByRole('button', { name: 'Edit your review of Major Winfield Hancock' })).toBeInTheDocument();
    expect(within(hancock).getByRole('button', { name: 'Delete your review of Major Winfield Hancock' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'General John Gibbon' })).toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    mockMyReviews([], { '/api/reviews/my': () => new Promise(() => {}) });
    renderRoute('/my-reviews');

    expect(await screen.findByRole('status', { name: 'Loading your reviews' })).toBeInTheDocument();
  });

  it('offers the search when there are no reviews', async () => {
    mockMyReviews([]);
    renderRoute('/my-reviews');

    expect(await screen.findByText('You have not written any reviews yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find an Officer' })).toHaveAttribute('href', '/search');
  });

  it('shows an error when the list cannot be loaded', async () => {
    mockMyReviews([], { '/api/reviews/my': reply(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) });
    renderRoute('/my-reviews');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch reviews');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('edits a review in a dialog prefilled with it, and sends the whole review with PUT', async () => {
    const { api, myReviewCalls } = mockMyReviews([hancockReview, gibbonReview]);
    const user = userEvent.setup();
    renderRoute('/my-reviews');
    const item = await findItem(/Winfield Hancock/);

    await user.click(within(item).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Review' });
    expect(dialog).toHaveAccessibleDescription('Your review of Major Winfield Hancock');
    const text = await within(dialog).findByLabelText('Your Review');
    expect(text).toHaveValue('Review number 4: steady under fire.');
    const checked = (label: string) => within(within(dialog).getByRole('radiogroup', { name: label })).getByRole('radio', { checked: true });
    expect(checked('Leadership')).toHaveAccessibleName('4 stars');
    expect(checked('Tactics')).toHaveAccessibleName('3.5 stars');
    expect(checked('Communication')).toHaveAccessibleName('3 stars');
    expect(checked('Fairness')).toHaveAccessibleName('4.5 stars');
    expect(within(dialog).getByRole('status', { name: 'Overall Rating' })).toHaveTextContent('3.8/5.0');

    await user.clear(text);
    await user.type(text, 'Steady under fire, and he listens.');
    await user.click(within(within(dialog).getByRole('radiogroup', { name: 'Communication' })).getByRole('radio', { name: '5 stars' }));
    // The review gave no verdict; the edit gives one (issue 36, item 4).
    const verdict = within(dialog).getByRole('group', { name: 'Would you serve under this officer again?' });
    expect(within(verdict).getByRole('radio', { name: 'No answer' })).toBeChecked();
    await user.click(within(verdict).getByRole('radio', { name: 'No' }));
    const callsBefore = myReviewCalls();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('Review Updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/reviews/4',
        body: {
          text: 'Steady under fire, and he listens.',
          leadership: 4,
          tactics: 3.5,
          communication: 5,
          fairness: 4.5,
          wouldServeAgain: false,
          officerId: 7,
          overallRating: 4.25,
        },
      },
    ]);
    // The list was refreshed and shows the new text.
    expect(myReviewCalls()).toBeGreaterThan(callsBefore);
    expect(await within(await findItem(/Winfield Hancock/)).findByText('Steady under fire, and he listens.')).toBeInTheDocument();
  });

  it('validates the edit like a new review', async () => {
    const { api } = mockMyReviews([hancockReview]);
    const user = userEvent.setup();
    renderRoute('/my-reviews');
    await user.click(within(await findItem(/Winfield Hancock/)).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Review' });

    await user.clear(await within(dialog).findByLabelText('Your Review'));
    await user.type(within(dialog).getByLabelText('Your Review'), 'Too short');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText('Review must contain at least 10 non-space characters')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('keeps the dialog open with Update Failed when the server refuses the edit', async () => {
    const message = 'Your account has been banned and cannot submit reviews.';
    mockMyReviews([hancockReview], { 'PUT /api/reviews/4': reply(403, { message, code: 'FORBIDDEN' }) });
    const user = userEvent.setup();
    renderRoute('/my-reviews');
    await user.click(within(await findItem(/Winfield Hancock/)).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Review' });

    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('Update Failed')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Edit Review' })).toBeInTheDocument();
  });

  it('closes the edit dialog on Cancel without saving', async () => {
    const { api } = mockMyReviews([hancockReview]);
    const user = userEvent.setup();
    renderRoute('/my-reviews');
    const edit = within(await findItem(/Winfield Hancock/)).getByRole('button', { name: /^Edit/ });
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Review' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(edit).toHaveFocus();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('opens the review named by ?edit in its dialog, focus inside; Cancel keeps the list and drops the parameter (issue 39, item 2)', async () => {
    mockMyReviews([hancockReview, gibbonReview]);
    const user = userEvent.setup();
    const { router } = renderRoute('/my-reviews?edit=4');

    const dialog = await screen.findByRole('dialog', { name: 'Edit Review' });
    expect(dialog).toHaveAccessibleDescription('Your review of Major Winfield Hancock');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/my-reviews');
    expect(router.state.location.search).toBe('');
    expect(await findItem(/John Gibbon/)).toBeInTheDocument();
  });

  it("'Edit Your Review' on an officer page opens that review for editing, and Cancel goes back to the officer (issue 39, item 2)", async () => {
    mockMyReviews([hancockReview, gibbonReview], {
      '/api/officers/7': makeOfficerDetail(),
      '/api/reviews/officer/7': { reviews: [], totalCount: 0, nextCursor: null },
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/officer/7');

    await user.click(await screen.findByRole('link', { name: 'Edit Your Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Review' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/my-reviews?edit=4');
    expect(await within(dialog).findByLabelText('Your Review')).toHaveValue('Review number 4: steady under fire.');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/officer/7'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Winfield Hancock' })).toBeInTheDocument();
  });

  it('deletes a review only after confirmation', async () => {
    const { api } = mockMyReviews([hancockReview, gibbonReview]);
    const user = userEvent.setup();
    renderRoute('/my-reviews');
    const item = await findItem(/Winfield Hancock/);

    // Cancel first: nothing is deleted.
    await user.click(within(item).getByRole('button', { name: /^Delete/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Review' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete your review of Major Winfield Hancock? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(within(item).getByRole('button', { name: /^Delete/ }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Review' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await findToast('Review deleted')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/reviews/4']);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Major Winfield Hancock' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'My reviews' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says Delete Failed with the server message', async () => {
    const message = 'You can only change your own reviews.';
    mockMyReviews([hancockReview], { 'DELETE /api/reviews/4': reply(403, { message, code: 'FORBIDDEN' }) });
    const user = userEvent.setup();
    renderRoute('/my-reviews');
    await user.click(within(await findItem(/Winfield Hancock/)).getByRole('button', { name: /^Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Review' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await findToast('Delete Failed')).toHaveTextContent(message);
    // The confirmation stays open for another try; the review is still listed behind it.
    expect(screen.getByRole('dialog', { name: 'Delete Review' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Major Winfield Hancock', hidden: true })).toBeInTheDocument();
  });
});
