import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthStatus } from '#core/api';
import { accountMessages } from '#core/messages/account';
import { signedInStatus } from '#web/test/fixtures';
import { mockApi, renderRoute, reply } from '#web/test/render';
import { HOME_API, buildOfficer, buildReview, findToast, signedIn } from '#web/test/review-fixtures';

const STEAM_ID = '76561198000000000';

/** A signed-in Steam user on /create-review/7 who has not reviewed officer 7 yet. */
function mockWriter(overrides: Record<string, unknown> = {}) {
  return mockApi({
    '/api/auth/status': signedIn(STEAM_ID),
    '/api/officers/7': buildOfficer(),
    '/api/reviews/my': [buildReview(1, { officerId: 9, officer: { id: 9, name: 'John Gibbon', rank: 'General' } })],
    ...overrides,
  });
}

async function findForm() {
  await screen.findByRole('button', { name: 'Submit Review' });
  return {
    text: screen.getByLabelText('Your Review'),
    stars: (label: string) => screen.getByRole('radiogroup', { name: label }),
    overall: () => screen.getByRole('status', { name: 'Overall Rating' }),
  };
}

describe('/create-review/:officerId guards', () => {
  it('sends a visitor home with Authentication Required', async () => {
    const api = mockApi(HOME_API);
    const { router } = renderRoute('/create-review/7');

    const toast = await findToast('Authentication Required');
    expect(toast).toHaveTextContent('You must be logged in to write a review.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls.filter((c) => c.url.startsWith('/api/reviews/my') || c.url.startsWith('/api/officers/7'))).toEqual([]);
  });

  it('sends a user without a linked Steam account home with Steam Required', async () => {
    mockApi({ ...HOME_API, '/api/auth/status': signedIn(null) });
    const { router } = renderRoute('/create-review/7');

    const toast = await findToast('Steam Required');
    expect(toast).toHaveTextContent('Please connect your Steam account to write reviews.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("shows the officer's own account why there is no form: nobody reviews their own profile", async () => {
    const own: AuthStatus = { authenticated: true, user: { ...signedIn(STEAM_ID).user!, isOfficer: true, officerId: 7 } };
    const api = mockWriter({ '/api/auth/status': own });
    renderRoute('/create-review/7');

    expect(await screen.findByText('You cannot review your own officer profile.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your profile' })).toHaveAttribute('href', '/officer/7');
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows a suspended account the suspension instead of the form, and asks for nothing', async () => {
    const api = mockWriter({ '/api/auth/status': signedInStatus({ steamId: STEAM_ID, isBanned: true }) });
    const { router } = renderRoute('/create-review/7');

    expect(await screen.findByText(accountMessages.suspended)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Write a Review' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Your Review')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the officer' })).toHaveAttribute('href', '/officer/7');
    expect(router.state.location.pathname).toBe('/create-review/7');
    expect(api.calls.filter((c) => c.url.startsWith('/api/reviews') || c.url.startsWith('/api/officers'))).toEqual([]);
  });

  it('waits for the auth status before deciding', async () => {
    let answer: ((status: AuthStatus) => void) | undefined;
    mockWriter({ '/api/auth/status': () => new Promise<AuthStatus>((resolve) => (answer = resolve)) });
    const { router } = renderRoute('/create-review/7');

    expect(await screen.findByText('Checking your account…')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-review/7');

    // The screen says it is checking from its first render; the request may go out a tick later.
    await waitFor(() => expect(answer).toBeDefined());
    answer!(signedIn(STEAM_ID));
    expect(await screen.findByRole('button', { name: 'Submit Review' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-review/7');
  });
});

describe('/create-review/:officerId', () => {
  it('shows the officer being reviewed and a form starting at 3 in each category', async () => {
    mockWriter();
    renderRoute('/create-review/7');
    const form = await findForm();

    expect(screen.getByRole('heading', { level: 1, name: 'Write a Review' })).toBeInTheDocument();
    const officer = await screen.findByRole('region', { name: 'Officer being reviewed' });
    expect(within(officer).getByText('Major')).toBeInTheDocument();
    expect(within(officer).getByRole('link', { name: 'Winfield Hancock' })).toHaveAttribute('href', '/officer/7');
    expect(within(officer).getByRole('link', { name: '5th Wisconsin' })).toHaveAttribute('href', '/regiment/3');
    expect(within(officer).getByText('Union')).toBeInTheDocument();
    expect(document.title).toContain('Review Major Winfield Hancock');

    for (const label of ['Leadership', 'Tactics', 'Communication', 'Fairness']) {
      expect(within(form.stars(label)).getByRole('radio', { checked: true })).toHaveAccessibleName('3 stars');
    }
    expect(form.overall()).toHaveTextContent('3.0/5.0');
    expect(form.text).toHaveValue('');
    expect(form.text).toHaveAccessibleDescription('0/500 characters');
    // A hint that fits every officer, whoever plays them (issue 39, item 5).
    expect(form.text).toHaveAttribute(
      'placeholder',
      'How does this officer lead, plan and communicate? Are they fair to the soldiers under their command?',
    );
  });

  it('previews the overall rating as the stars change', async () => {
    mockWriter();
    const user = userEvent.setup();
    renderRoute('/create-review/7');
    const form = await findForm();

    await user.click(within(form.stars('Leadership')).getByRole('radio', { name: '5 stars' }));
    expect(form.overall()).toHaveTextContent('3.5/5.0');
    // (5 + 4.5 + 3 + 3) / 4 = 3.875 -> 3.88 -> shown as 3.9
    await user.click(within(form.stars('Tactics')).getByRole('radio', { name: '4.5 stars' }));
    expect(form.overall()).toHaveTextContent('3.9/5.0');
    expect(within(form.overall()).getByRole('img', { name: '3.9 out of 5 stars' })).toBeInTheDocument();

    // Keyboard works the same way.
    within(form.stars('Fairness')).getByRole('radio', { checked: true }).focus();
    await user.keyboard('{Home}');
    // Home is 1 star, the scale's minimum: (5 + 4.5 + 3 + 1) / 4 = 3.375 -> 3.38 -> shown as 3.4
    expect(form.overall()).toHaveTextContent('3.4/5.0');
  });

  it('counts characters and shows the validation messages without sending anything', async () => {
    const api = mockWriter();
    const user = userEvent.setup();
    renderRoute('/create-review/7');
    const form = await findForm();

    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Review must contain at least 10 non-space characters')).toBeInTheDocument();
    expect(form.text).toHaveAttribute('aria-invalid', 'true');

    // Spaces do not count towards the minimum.
    await user.type(form.text, 'a b c d e f g h i');
    expect(form.text).toHaveAccessibleDescription(/^17\/500 characters/);
    expect(screen.getByText('Review must contain at least 10 non-space characters')).toBeInTheDocument();
    await user.type(form.text, 'j');
    await waitFor(() => expect(screen.queryByText('Review must contain at least 10 non-space characters')).not.toBeInTheDocument());

    await user.clear(form.text);
    await user.click(form.text);
    await user.paste('x'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Review must be 500 characters or less')).toBeInTheDocument();
    expect(screen.getByText(/^501\/500/)).toHaveClass('text-red-700');

    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('submits the review with numbers and the officer id, then goes to the officer page', async () => {
    const api = mockWriter({
      'POST /api/reviews': ({ body }: { body: Record<string, unknown> }) => reply(201, buildReview(50, body)),
      '/api/reviews/officer/7': { reviews: [], totalCount: 0, nextCursor: null },
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/create-review/7');
    const form = await findForm();

    await user.click(within(form.stars('Leadership')).getByRole('radio', { name: '4.5 stars' }));
    await user.click(within(form.stars('Fairness')).getByRole('radio', { name: '2 stars' }));
    // The quick verdict (issue 36, item 4): optional, no answer until one is chosen, and it moves no rating.
    const verdict = screen.getByRole('group', { name: 'Would you serve under this officer again?' });
    expect(within(verdict).getByRole('radio', { name: 'No answer' })).toBeChecked();
    await user.click(within(verdict).getByRole('radio', { name: 'Yes' }));
    expect(within(verdict).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(form.overall()).toHaveTextContent('3.1/5.0');
    await user.type(form.text, 'Calm orders and fair to his men.');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await findToast('Review Submitted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/officer/7'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Winfield Hancock' })).toBeInTheDocument();

    const posts = api.calls.filter((c) => c.method === 'POST' && c.url === '/api/reviews');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      text: 'Calm orders and fair to his men.',
      leadership: 4.5,
      tactics: 3,
      communication: 3,
      fairness: 2,
      wouldServeAgain: true,
      officerId: 7,
      overallRating: 3.13,
    });
  });

  it('shows Submission Failed with the server message on a 409', async () => {
    const message = 'You have already reviewed this officer. You can edit your review from My Reviews.';
    mockWriter({ 'POST /api/reviews': reply(409, { message, code: 'CONFLICT' }) });
    const user = userEvent.setup();
    const { router } = renderRoute('/create-review/7');
    const form = await findForm();

    await user.type(form.text, 'Calm orders and fair to his men.');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    const toast = await findToast('Submission Failed');
    expect(toast).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/create-review/7');
    // The text is kept for another try.
    expect(screen.getByLabelText('Your Review')).toHaveValue('Calm orders and fair to his men.');
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeEnabled();
  });

  it('shows the server message of a 429', async () => {
    const message = 'Too many requests. Please wait a moment and try again.';
    mockWriter({ 'POST /api/reviews': reply(429, { message, code: 'RATE_LIMITED' }) });
    const user = userEvent.setup();
    renderRoute('/create-review/7');
    const form = await findForm();

    await user.type(form.text, 'Calm orders and fair to his men.');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await findToast('Submission Failed')).toHaveTextContent(message);
  });

  it('sends someone who already reviewed this officer to My Reviews instead of showing the form', async () => {
    mockWriter({ '/api/reviews/my': [buildReview(4)] });
    renderRoute('/create-review/7');

    expect(await screen.findByText('You have already reviewed this officer.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Reviews' })).toHaveAttribute('href', '/my-reviews');
    expect(screen.getByRole('link', { name: 'Back to the officer' })).toHaveAttribute('href', '/officer/7');
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();
  });

  it('returns to the officer page on Cancel', async () => {
    const api = mockWriter({ '/api/reviews/officer/7': { reviews: [], totalCount: 0, nextCursor: null } });
    const user = userEvent.setup();
    const { router } = renderRoute('/create-review/7');
    await findForm();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/officer/7'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Winfield Hancock' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('shows Officer Not Found when the API has no such officer', async () => {
    mockWriter({ '/api/officers/999': reply(404, { message: 'Officer not found', code: 'NOT_FOUND' }) });
    renderRoute('/create-review/999');

    expect(await screen.findByRole('heading', { name: 'Officer Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();
    expect(document.title).toContain('Officer Not Found');
  });

  it('shows Officer Not Found for a malformed id without asking the API', async () => {
    const api = mockWriter();
    renderRoute('/create-review/abc');

    expect(await screen.findByRole('heading', { name: 'Officer Not Found' })).toBeInTheDocument();
    expect(api.calls.filter((c) => /\/api\/(officers|reviews)/.test(c.url))).toEqual([]);
  });
});
