import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeReview, makeReviewAuthor, signedInStatus } from '#web/test/fixtures';
import { mockApi, renderRoute, reply } from '#web/test/render';
import { officer, review, reviewPages, signedIn } from './officer-fixtures';

/**
 * The review list once all its cards are drawn: they arrive a frame apart (officer-reviews.tsx), and
 * the line that counts them shows under the complete list.
 */
async function completeReviewList(): Promise<HTMLElement> {
  await screen.findByText(/^Showing \d+ of \d+ reviews?$/);
  return screen.getByRole('list', { name: 'Reviews' });
}

describe('officer page', () => {
  it("opens a link to a review (#review-{id}, a notification's or a mail's) on that review, scrolled into view once it arrives", async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    mockApi({ '/api/officers/7': officer(), '/api/reviews/officer/7': reviewPages(3) });
    renderRoute('/officer/7#review-2');
    const list = await completeReviewList();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.id)).toEqual(['review-1', 'review-2', 'review-3']);
    expect(scrolled.mock.contexts).toEqual([items[1]]);
    scrolled.mockRestore();
  });

  it('shows the header, the rating breakdown, the rating distribution and the officer information', async () => {
    mockApi({ '/api/officers/7': officer(), '/api/reviews/officer/7': reviewPages(0) });
    renderRoute('/officer/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Winfield Hancock' })).toBeInTheDocument();
    expect(document.title).toContain('Major Winfield Hancock');
    const rating = screen.getByRole('group', { name: 'Average rating' });
    const value = within(rating).getByText('4.3');
    expect(value).toHaveAttribute('data-band', 'high');
    expect(value).toHaveClass('text-green-700');
    expect(within(rating).getByText('/5.0')).toBeInTheDocument();
    expect(within(rating).getByRole('img', { name: '4.3 out of 5 stars' })).toBeInTheDocument();
    expect(within(rating).getByText('12 reviews')).toBeInTheDocument();
    // The header carries the side's colours.
    expect(screen.getByRole('heading', { level: 1 }).closest('header')).toHaveClass('from-union-dark');
    // Issue 36: a comparison starts here, this officer in it.
    expect(screen.getByRole('link', { name: 'Compare with…' })).toHaveAttribute('href', '/compare?officers=7');

    const bar = (label: string) => screen.getByRole('meter', { name: label }).firstElementChild as HTMLElement;
    expect(bar('Leadership').style.width).toBe('86%');
    expect(bar('Tactics').style.width).toBe('70%');
    expect(bar('Communication').style.width).toBe('50%');
    expect(bar('Fairness').style.width).toBe('0%');
    // Beside the breakdown, the reviews by overall star (the fixture's 12 all at 4 stars), a few
    // frames after the first screen.
    const distribution = await screen.findByRole('list', { name: 'Rating Distribution' });
    expect(within(distribution).getByText('4 stars: 12 reviews')).toBeInTheDocument();

    const info = screen.getByRole('heading', { name: 'Officer Information' }).parentElement!.parentElement!;
    expect(within(info).getByText('Major')).toBeInTheDocument();
    expect(within(info).getByRole('link', { name: '5th Wisconsin' })).toHaveAttribute('href', '/regiment/3');
    expect(within(info).getByText('Union')).toBeInTheDocument();
    expect(within(info).getByText('No description available.')).toBeInTheDocument();
  });

  it('says in the header what share would serve again from 5 answers on, and nothing below (issue 36, item 4)', async () => {
    mockApi({ '/api/officers/7': officer({ wouldServeAgain: { yes: 9, no: 2 } }), '/api/reviews/officer/7': reviewPages(0) });
    const { unmount } = renderRoute('/officer/7');
    const rating = await screen.findByRole('group', { name: 'Average rating' });
    expect(rating).toHaveTextContent('82% would serve again (from 11 answers)');
    unmount();

    mockApi({ '/api/officers/7': officer({ wouldServeAgain: { yes: 4, no: 0 } }), '/api/reviews/officer/7': reviewPages(0) });
    renderRoute('/officer/7');
    const fewAnswers = await screen.findByRole('group', { name: 'Average rating' });
    expect(fewAnswers).toHaveTextContent('12 reviews');
    expect(fewAnswers).not.toHaveTextContent(/would serve again/);
  });

  it('shows a review wave being checked above the page, and marks its reviews in the list', async () => {
    const held = makeReview(2, { held: true });
    mockApi({
      '/api/officers/7': officer({ openWave: { from: '2025-03-01T21:10:00.000Z', to: '2025-03-02T02:40:00.000Z', heldCount: 6 } }),
      '/api/reviews/officer/7': { reviews: [makeReview(1), held], totalCount: 2, nextCursor: null },
    });
    renderRoute('/officer/7');

    const notice = await screen.findByRole('note');
    expect(notice).toHaveTextContent(
      'Unusual review activity between March 1, 2025 and March 2, 2025: 6 reviews are being checked and are not counted in the ratings.',
    );
    // One set of numbers (issue 32): the header counts what is counted and what is being checked.
    expect(screen.getByRole('group', { name: 'Average rating' })).toHaveTextContent('12 counted · 6 being checked');
    const cards = within(await completeReviewList()).getAllByRole('article');
    expect(within(cards[1]!).getByText('Being checked: not counted in the ratings')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('Being checked: not counted in the ratings')).not.toBeInTheDocument();
  });

  it('names one day once when the wave is of one day', async () => {
    mockApi({
      '/api/officers/7': officer({ openWave: { from: '2025-03-01T21:10:00.000Z', to: '2025-03-01T21:40:00.000Z', heldCount: 1 } }),
      '/api/reviews/officer/7': reviewPages(1),
    });
    renderRoute('/officer/7');

    expect(await screen.findByRole('note')).toHaveTextContent(
      /^Unusual review activity on March 1, 2025: 1 review is being checked and is not counted in the ratings\.$/,
    );
  });

  it('shows no notice without a wave being checked', async () => {
    mockApi({ '/api/officers/7': officer(), '/api/reviews/officer/7': reviewPages(1) });
    renderRoute('/officer/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Winfield Hancock' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it("shows the regiment's description and a Confederate header", async () => {
    mockApi({
      '/api/officers/7': officer({
        side: { id: 2, name: 'Confederate', code: 'CSA' },
        regiment: { id: 3, name: '5th Wisconsin', description: 'Skirmishers of the Iron Brigade.', bannerImageUrl: null },
        averageRating: 2.4,
      }),
      '/api/reviews/officer/7': reviewPages(0),
    });
    renderRoute('/officer/7');

    expect(await screen.findByText('Skirmishers of the Iron Brigade.')).toBeInTheDocument();
    expect(screen.queryByText('No description available.')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).closest('header')).toHaveClass('from-confederate-dark');
    expect(within(screen.getByRole('group', { name: 'Average rating' })).getByText('2.4')).toHaveAttribute('data-band', 'low');
  });

  it('asks a visitor to log in before reviewing, and to come back to this officer afterwards', async () => {
    mockApi({ '/api/officers/7': officer(), '/api/reviews/officer/7': reviewPages(0) });
    renderRoute('/officer/7');

    expect(await screen.findByRole('link', { name: 'Login to write a review' })).toHaveAttribute('href', '/login?next=%2Fofficer%2F7');
  });

  it('asks a signed-in user without Steam to connect it, through the Steam sign-in', async () => {
    mockApi({ '/api/auth/status': signedIn(null), '/api/officers/7': officer(), '/api/reviews/officer/7': reviewPages(0) });
    renderRoute('/officer/7');

    expect(await screen.findByRole('link', { name: 'Connect Steam to Review' })).toHaveAttribute('href', '/api/auth/steam?officerId=7');
    expect(screen.queryByRole('link', { name: 'Login to write a review' })).not.toBeInTheDocument();
  });

  it('lets a signed-in user with Steam write a review', async () => {
    mockApi({ '/api/auth/status': signedIn('76561198000000000'), '/api/officers/7': officer(), '/api/reviews/officer/7': reviewPages(0) });
    renderRoute('/officer/7');

    expect(await screen.findByRole('link', { name: 'Write a Review' })).toHaveAttribute('href', '/create-review/7');
  });

  it('sends a user who already reviewed this officer to edit it, from their own reviews', async () => {
    const api = mockApi({
      '/api/auth/status': signedIn('76561198000000000'),
      '/api/officers/7': officer(),
      '/api/reviews/officer/7': reviewPages(0),
      '/api/reviews/my': [review(40, { userId: 1, officerId: 9 }), review(41, { userId: 1, officerId: 7 })],
    });
    renderRoute('/officer/7');

    expect(await screen.findByRole('link', { name: 'Edit Your Review' })).toHaveAttribute('href', '/my-reviews?edit=41');
    expect(screen.queryByRole('link', { name: 'Write a Review' })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.url === '/api/reviews/my')).toHaveLength(1);
  });

  it('offers to write a review when the own reviews are of other officers', async () => {
    mockApi({
      '/api/auth/status': signedIn('76561198000000000'),
      '/api/officers/7': officer(),
      '/api/reviews/officer/7': reviewPages(0),
      '/api/reviews/my': [review(40, { userId: 1, officerId: 9 })],
    });
    renderRoute('/officer/7');

    expect(await screen.findByRole('link', { name: 'Write a Review' })).toHaveAttribute('href', '/create-review/7');
  });

  it('shows no review button to the officer himself, and does not ask for his reviews', async () => {
    const api = mockApi({
      '/api/auth/status': signedInStatus({ steamId: '76561198000000000', isOfficer: true, officerId: 7 }),
      '/api/officers/7': officer(),
      '/api/reviews/officer/7': reviewPages(0),
      '/api/reviews/my': [],
    });
    renderRoute('/officer/7');

    // His own actions show, so the auth status has answered.
    expect(await screen.findByRole('button', { name: 'Edit My Profile' })).toBeInTheDocument();
    for (const name of ['Write a Review', 'Edit Your Review', 'Connect Steam to Review', 'Login to write a review']) {
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    }
    expect(api.calls.some((call) => call.url === '/api/reviews/my')).toBe(false);
  });

  it("never asks for a visitor's own reviews", async () => {
    const api = mockApi({ '/api/officers/7': officer(), '/api/reviews/officer/7': reviewPages(0) });
    renderRoute('/officer/7');

    await screen.findByRole('link', { name: 'Login to write a review' });
    expect(api.calls.some((call) => call.url === '/api/reviews/my')).toBe(false);
  });

  it("marks a rating of few reviews 'Few reviews' in the header, as search rows do (issue 36, item 6)", async () => {
    mockApi({ '/api/officers/7': officer({ reviewCount: 2 }), '/api/reviews/officer/7': reviewPages(0) });
    const { unmount } = renderRoute('/officer/7');
    const rating = await screen.findByRole('group', { name: 'Average rating' });
    expect(within(rating).getByText('Few reviews')).toBeInTheDocument();
    unmount();

    mockApi({ '/api/officers/7': officer({ reviewCount: 12 }), '/api/reviews/officer/7': reviewPages(0) });
    renderRoute('/officer/7');
    expect(within(await screen.findByRole('group', { name: 'Average rating' })).queryByText('Few reviews')).not.toBeInTheDocument();
  });

  it('puts the reviews before the details panels in reading order, as a phone shows them (issue 36, item 6)', async () => {
    mockApi({ '/api/officers/7': officer(), '/api/reviews/officer/7': reviewPages(2) });
    renderRoute('/officer/7');

    await completeReviewList();
    const reviews = screen.getByRole('heading', { level: 2, name: /^Reviews/ });
    const order = (a: Element, b: Element) => a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING;
    // The summary first, then the reviews, then the details.
    expect(order(screen.getByRole('heading', { name: 'Rating Breakdown' }), reviews)).toBeTruthy();
    for (const detail of ['Rating Distribution', 'Officer Information']) {
      expect(order(reviews, await screen.findByRole('heading', { name: detail }))).toBeTruthy();
    }
  });

  it('does not invite the officer himself to be the first to review his own page (issue 36, item 6)', async () => {
    mockApi({
      '/api/auth/status': signedInStatus({ steamId: '76561198000000000', isOfficer: true, officerId: 7 }),
      '/api/officers/7': officer({ reviewCount: 0 }),
      '/api/reviews/officer/7': reviewPages(0),
    });
    renderRoute('/officer/7');

    expect(await screen.findByText('Reviews from the players who serve under you will appear here.')).toBeInTheDocument();
    expect(screen.queryByText(/Be the first/)).not.toBeInTheDocument();
  });

  it('says so when there are no reviews', async () => {
    mockApi({ '/api/officers/7': officer({ reviewCount: 0 }), '/api/reviews/officer/7': reviewPages(0) });
    renderRoute('/officer/7');

    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.getByText('Be the first to share how this officer leads.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).not.toBeInTheDocument();
  });

  it("loads five reviews a page, each after the last page's nextCursor, and stops when it is null", async () => {
    const api = mockApi({ '/api/officers/7': officer(), '/api/reviews/officer/7': reviewPages(12) });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const list = await completeReviewList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('Showing 5 of 12 reviews')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more reviews' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(10));
    expect(screen.getByText('Review number 10 of this officer.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more reviews' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12));
    expect(screen.getByText('Showing 12 of 12 reviews')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).not.toBeInTheDocument();

    const pageCalls = api.calls.filter((call) => call.url.startsWith('/api/reviews/officer/7')).map((call) => call.url);
    expect(pageCalls).toEqual([
      '/api/reviews/officer/7?page=1&limit=5',
      '/api/reviews/officer/7?cursor=2&limit=5',
      '/api/reviews/officer/7?cursor=3&limit=5',
    ]);
  });

  it("keeps the keyboard on 'Load more reviews' while the next page loads and after it arrives (issue 36, item 6)", async () => {
    const pages = reviewPages(12);
    let answerSecondPage: (() => void) | undefined;
    mockApi({
      '/api/officers/7': officer(),
      '/api/reviews/officer/7': (request: { url: URL }) =>
        request.url.searchParams.has('cursor') ? new Promise((resolve) => (answerSecondPage = () => resolve(pages(request)))) : pages(request),
    });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const list = await completeReviewList();
    const button = screen.getByRole('button', { name: 'Load more reviews' });
    button.focus();
    await user.keyboard('{Enter}');
    // While the page is on its way the same button stays, busy, and keeps the focus.
    const busy = await screen.findByRole('button', { name: 'Loading more reviews…' });
    expect(busy).toBe(button);
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveFocus();
    // A second press while loading asks for nothing more.
    await user.keyboard('{Enter}');

    await waitFor(() => expect(answerSecondPage).toBeDefined());
    answerSecondPage!();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(10));
    expect(screen.getByRole('button', { name: 'Load more reviews' })).toHaveFocus();
  });

  it('keeps the review order in the address and reads it on load (issue 36, item 6)', async () => {
    const api = mockApi({ '/api/officers/7': officer(), '/api/reviews/officer/7': reviewPages(2) });
    const user = userEvent.setup();
    const { router } = renderRoute('/officer/7?sort=helpful');

    const sort = await screen.findByRole('combobox', { name: 'Sort reviews' });
    expect(sort).toHaveValue('helpful');
    await completeReviewList();
    expect(api.calls.map((call) => call.url)).toContain('/api/reviews/officer/7?page=1&limit=5&sort=helpful');
    // The default order is not asked for first.
    expect(api.calls.map((call) => call.url)).not.toContain('/api/reviews/officer/7?page=1&limit=5');

    await user.selectOptions(sort, 'Lowest rated');
    expect(router.state.location.search).toBe('?sort=lowest');
    await waitFor(() => expect(api.calls.map((call) => call.url)).toContain('/api/reviews/officer/7?page=1&limit=5&sort=lowest'));

    // The default order leaves the address bare.
    await user.selectOptions(sort, 'Newest');
    expect(router.state.location.search).toBe('');
  });

  it('reads an unknown order in the address as the default one', async () => {
    const api = mockApi({ '/api/officers/7': officer(), '/api/reviews/officer/7': reviewPages(2) });
    renderRoute('/officer/7?sort=loudest');

    expect(await screen.findByRole('combobox', { name: 'Sort reviews' })).toHaveValue('newest');
    await completeReviewList();
    expect(api.calls.map((call) => call.url)).toContain('/api/reviews/officer/7?page=1&limit=5');
  });

  it('orders the reviews by the sort control, starting again from the first page of each order', async () => {
    const helpfulFirst = [review(3, { upvotes: 4, downvotes: 1, text: 'The most helpful one.' }), review(1)];
    const api = mockApi({
      '/api/officers/7': officer(),
      '/api/reviews/officer/7': ({ url }: { url: URL }) =>
        url.searchParams.get('sort') === 'helpful'
          ? { reviews: helpfulFirst, totalCount: 2, nextCursor: null }
          : { reviews: [review(1), review(3, { upvotes: 4, downvotes: 1, text: 'The most helpful one.' })], totalCount: 2, nextCursor: null },
    });
    const user = userEvent.setup();
    renderRoute('/officer/7');

    const sort = await screen.findByRole('combobox', { name: 'Sort reviews' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Newest', 'Oldest', 'Most helpful', 'Highest rated', 'Lowest rated']);
    expect(sort).toHaveValue('newest');
    const list = await completeReviewList();
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Review number 1 of this officer.');

    await user.selectOptions(sort, 'Most helpful');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Reviews' })).getAllByRole('listitem')[0]).toHaveTextContent('The most helpful one.'),
    );
    expect(api.calls.map((call) => call.url)).toContain('/api/reviews/officer/7?page=1&limit=5&sort=helpful');
  });

  it('says how many found a review helpful once it has votes, and nothing before', async () => {
    mockApi({
      '/api/officers/7': officer(),
      '/api/reviews/officer/7': { reviews: [review(1, { upvotes: 3, downvotes: 2, score: 1 }), review(2)], totalCount: 2, nextCursor: null },
    });
    renderRoute('/officer/7');

    const items = within(await completeReviewList()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('3 of 5 found this helpful');
    expect(items[1]).not.toHaveTextContent('found this helpful');
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observers: Array<{ callback: IntersectionObserverCallback; target?: Element; disconnected: boolean }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        record: (typeof observers)[number];
        constructor(callback: IntersectionObserverCallback) {
          this.record = { callback, disconnected: false };
          observers.push(this.record);
        }
        observe(target: Element) {
          this.record.target = target;
        }
        disconnect() {
          this.record.disconnected = true;
        }
      },
    );
    const api = mockApi({ '/api/officers/7': officer(), '/api/reviews/officer/7': reviewPages(7) });
    renderRoute('/officer/7');

    const list = await completeReviewList();
    // The sentinel under the complete list is watched.
    await waitFor(() => expect(observers.filter((o) => !o.disconnected)).toHaveLength(1));
    const { callback, target } = observers.find((o) => !o.disconnected)!;
    callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver);

    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(7));
    expect(api.calls.filter((call) => call.url.startsWith('/api/reviews/officer/7'))).toHaveLength(2);
    // Everything is loaded: no observer is left watching.
    expect(observers.every((o) => o.disconnected)).toBe(true);
  });

  it("calls an author without a name 'Anonymous Soldier'", async () => {
    mockApi({
      '/api/officers/7': officer(),
      '/api/reviews/officer/7': { reviews: [review(1, { user: makeReviewAuthor() })], totalCount: 1, nextCursor: null },
    });
    renderRoute('/officer/7');

    expect(await screen.findByText('Anonymous Soldier')).toBeInTheDocument();
  });

  it('shows Officer Not Found when the API has no such officer', async () => {
    mockApi({ '/api/officers/999': reply(404, { message: 'Officer not found', code: 'NOT_FOUND' }) });
    renderRoute('/officer/999');

    expect(await screen.findByRole('heading', { name: 'Officer Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(document.title).toContain('Officer Not Found');
  });

  it('shows Officer Not Found for a malformed id without asking the API', async () => {
    const api = mockApi({});
    renderRoute('/officer/abc');

    expect(await screen.findByRole('heading', { name: 'Officer Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(api.calls.filter((call) => /\/api\/(officers|reviews)/.test(call.url))).toEqual([]);
  });

  it('shows an error for other failures', async () => {
    mockApi({
      '/api/officers/7': reply(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }),
      '/api/reviews/officer/7': reviewPages(0),
    });
    renderRoute('/officer/7');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This officer could not be loaded.');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    expect(screen.queryByRole('heading', { name: 'Officer Not Found' })).not.toBeInTheDocument();
  });

  it('matches the path case-insensitively and ignores a trailing slash', async () => {
    mockApi({ '/api/officers/7': officer(), '/api/reviews/officer/7': reviewPages(0) });
    renderRoute('/Officer/7/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Winfield Hancock' })).toBeInTheDocument();
  });
});
