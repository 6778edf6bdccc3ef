import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReviewerProfile } from '#core/api';
import { reviewerProfileMessages } from '#core/messages/reviewer-profile';
import { makeReview, makeReviewAuthor } from '#web/test/fixtures';
import { mockApi, renderRoute, reply } from '#web/test/render';

const tozier = makeReviewAuthor({ id: 42, username: 'Tozier', steamId: '76561198000000042', totalGames: 311, reviewCount: 3 });

function profile(overrides: Partial<ReviewerProfile> = {}): ReviewerProfile {
  return {
    reviewer: {
      id: 42,
      username: 'Tozier',
      steamId: '76561198000000042',
      memberSince: '2024-01-15T10:00:00.000Z',
      level: 42,
      totalGames: 311,
      officer: { id: 9, name: 'Andrew Tozier', rank: 'Sgt.', regiment: { id: 3, name: '20th Maine' } },
    },
    reviews: [
      makeReview(1, { userId: 42, user: tozier, text: 'Held the centre.', officer: { id: 7, name: 'Winfield Hancock', rank: 'Major' } }),
      makeReview(2, { userId: 42, user: tozier, text: 'Clear orders.', officer: { id: 8, name: 'George Meade', rank: 'General' } }),
    ],
    totalCount: 3,
    nextPage: 2,
    ...overrides,
  };
}

describe('reviewer page', () => {
  it("shows the reviewer's name, signals, regiment and reviews linking to their officers, and loads the next page on the spot", async () => {
    const user = userEvent.setup();
    mockApi({
      '/api/reviewers/42': ({ url }: { url: URL }) =>
        url.searchParams.get('page') === '2'
          ? profile({
              reviews: [
                makeReview(3, { userId: 42, user: tozier, text: 'Brave at the wall.', officer: { id: 10, name: 'John Buford', rank: 'General' } }),
              ],
              nextPage: null,
            })
          : profile(),
    });
    renderRoute('/reviewer/42');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Tozier' });
    expect(document.title).toContain('Tozier, reviewer');
    const header = heading.closest('header')!;
    expect(within(header).getByText(/Member since/)).toHaveTextContent(
      'About the reviewer: Level 42 · 311 games · 3 reviews · Member since Jan 2024',
    );
    expect(within(header).getByRole('link', { name: /Tozier, Steam profile/ })).toHaveAttribute(
      'href',
      'https://steamcommunity.com/profiles/76561198000000042',
    );
    expect(within(header).getByRole('link', { name: 'Sgt. Andrew Tozier' })).toHaveAttribute('href', '/officer/9');
    expect(within(header).getByRole('link', { name: '20th Maine' })).toHaveAttribute('href', '/regiment/3');

    const list = screen.getByRole('list', { name: reviewerProfileMessages.reviewsHeading });
    expect(within(list).getByRole('link', { name: 'Major Winfield Hancock' })).toHaveAttribute('href', '/officer/7');
    expect(within(list).getByRole('link', { name: 'General George Meade' })).toHaveAttribute('href', '/officer/8');
    expect(screen.getByText('Showing 2 of 3 reviews')).toBeInTheDocument();

    const loadMore = screen.getByRole('button', { name: reviewerProfileMessages.loadMore });
    await user.click(loadMore);
    expect(await within(list).findByText('Brave at the wall.')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 3 reviews')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: reviewerProfileMessages.loadMore })).not.toBeInTheDocument();
  });

  it('leaves out a level the reviewer hides, and a regiment when they are no officer', async () => {
    const { level: _hidden, ...withoutLevel } = profile().reviewer;
    mockApi({ '/api/reviewers/42': profile({ reviewer: { ...withoutLevel, officer: null }, reviews: [], totalCount: 0, nextPage: null }) });
    renderRoute('/reviewer/42');

    const header = (await screen.findByRole('heading', { level: 1, name: 'Tozier' })).closest('header')!;
    expect(within(header).getByText(/Member since/)).toHaveTextContent('About the reviewer: 311 games · 0 reviews · Member since Jan 2024');
    expect(within(header).queryByRole('link', { name: /officer/i })).not.toBeInTheDocument();
    expect(screen.getByText(reviewerProfileMessages.noReviews)).toBeInTheDocument();
  });

  it('shows the not-found screen for a banned or deleted account', async () => {
    mockApi({ '/api/reviewers/13': reply(404, { message: reviewerProfileMessages.notFound, code: 'NOT_FOUND' }) });
    renderRoute('/reviewer/13');
    expect(await screen.findByRole('heading', { level: 1, name: reviewerProfileMessages.pageNotFound })).toBeInTheDocument();
  });

  it('shows the not-found screen for a malformed id without asking the API', async () => {
    const api = mockApi({});
    renderRoute('/reviewer/abc');
    expect(await screen.findByRole('heading', { level: 1, name: reviewerProfileMessages.pageNotFound })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.url.startsWith('/api/reviewers'))).toEqual([]);
  });
});
