import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReviewRevisions, ReviewVersion } from '#core/api';
import { makeReviewAuthor } from '#web/test/fixtures';
import { mockApi } from '#web/test/render';
import { buildReview } from '#web/test/review-fixtures';
import { ReviewCard } from './review-card';

function renderCard(overrides: Parameters<typeof buildReview>[1]) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ReviewCard review={buildReview(1, overrides)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A version of review 1 rated 3 in every category. */
function version(n: number, writtenAt: string, text: string): ReviewVersion {
  return { version: n, isCurrent: false, writtenAt, text, leadership: 3, tactics: 3, communication: 3, fairness: 3, overallRating: 3, changes: null };
}

describe('ReviewCard', () => {
  it("marks an edited review 'edited {date}', a button that opens its history: versions newest first, with what changed", async () => {
    const history: ReviewRevisions = {
      reviewId: 1,
      officerId: 7,
      createdAt: '2025-03-02T12:00:00.000Z',
      editedAt: '2025-04-10T09:30:00.000Z',
      revisionCount: 1,
      versions: [
        {
          ...version(2, '2025-04-10T09:30:00.000Z', 'Steady under fire, and fair.'),
          isCurrent: true,
          fairness: 4.5,
          overallRating: 3.75,
          changes: {
            text: true,
            ratings: [
              { rating: 'fairness', from: 3, to: 4.5 },
              { rating: 'overallRating', from: 3.38, to: 3.75 },
            ],
          },
        },
        { ...version(1, '2025-03-02T12:00:00.000Z', 'Steady under fire.'), changes: null },
      ],
    };
    mockApi({ '/api/reviews/1/revisions': history });
    const user = userEvent.setup();
    renderCard({
      createdAt: '2025-03-02T12:00:00.000Z',
      updatedAt: '2025-04-10T09:30:00.000Z',
      editedAt: '2025-04-10T09:30:00.000Z',
      revisionCount: 1,
    });
    expect(screen.getByText('March 2, 2025')).toBeInTheDocument();
    const edited = screen.getByRole('button', { name: 'edited April 10, 2025' });
    expect(within(edited).getByText('April 10, 2025')).toHaveAttribute('dateTime', '2025-04-10T09:30:00.000Z');

    await user.click(edited);
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    const [current, first] = await within(dialog).findAllByRole('region');
    expect(current).toHaveAccessibleName('Current version Edited April 10, 2025');
    expect(current).toHaveTextContent('Text changed');
    const changes = within(current!).getByRole('list', { name: 'What changed' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fairness3.0→changed to4.5', 'Overall3.4→changed to3.8']);
    expect(first).toHaveAccessibleName('Version 1 Written March 2, 2025');
    expect(first).toHaveTextContent('Steady under fire.');
    expect(within(first!).queryByText('Text changed')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(edited).toHaveFocus());
  });

  it("calls the vote tally 'Net helpful votes', not a score beside the four ratings (issue 36, item 6)", () => {
    renderCard({ score: -1 });
    expect(screen.queryByText(/^Score/)).not.toBeInTheDocument();
    expect(screen.getByText('Net helpful votes:').nextElementSibling).toHaveTextContent('-1');
  });

  it('shows no mark on a review never edited', () => {
    renderCard({ createdAt: '2025-03-02T12:00:00.000Z', updatedAt: '2025-03-02T12:00:00.000Z' });
    expect(screen.getByText('March 2, 2025')).toBeInTheDocument();
    expect(screen.queryByText(/edited/)).not.toBeInTheDocument();
  });

  it("shows the reviewer's level, games, reviews and month joined beside the author, introduced to screen readers", () => {
    renderCard({
      user: makeReviewAuthor({ username: 'meade', level: 15, totalGames: 727, reviewCount: 3, memberSince: '2024-03-31T23:30:00.000Z' }),
    });
    const signals = screen.getByText('About the reviewer:').parentElement!;
    expect(signals).toHaveTextContent('About the reviewer: Level 15 · 727 games · 3 reviews · Member since Mar 2024');
    expect(within(signals).getByText('About the reviewer:')).toHaveClass('sr-only');
  });

  it('leaves out a hidden or unknown level and games, and counts one review in the singular', () => {
    renderCard({ user: makeReviewAuthor({ level: null, totalGames: 1, reviewCount: 1, memberSince: '2023-11-02T08:00:00.000Z' }) });
    expect(screen.getByText('About the reviewer:').parentElement).toHaveTextContent(
      /^About the reviewer: 1 game · 1 review · Member since Nov 2023$/,
    );
    expect(screen.queryByText(/Level/)).not.toBeInTheDocument();
  });

  it("shows the reviewer's answer to 'Would you serve under this officer again?', and nothing without one (issue 36, item 4)", () => {
    const { unmount } = renderCard({ wouldServeAgain: true });
    expect(screen.getByText('Would serve again')).toBeInTheDocument();
    unmount();
    const again = renderCard({ wouldServeAgain: false });
    expect(screen.getByText('Would not serve again')).toBeInTheDocument();
    expect(screen.queryByText('Would serve again')).not.toBeInTheDocument();
    again.unmount();
    renderCard({ wouldServeAgain: null });
    expect(screen.queryByText(/would (not )?serve again/i)).not.toBeInTheDocument();
  });

  it("links the author's name to their profile here, with their Steam profile beside it (issue 36)", () => {
    renderCard({ user: makeReviewAuthor({ id: 42, username: 'meade', steamId: '76561198000000042' }) });
    expect(screen.getByRole('link', { name: 'meade' })).toHaveAttribute('href', '/reviewer/42');
    expect(screen.getByRole('link', { name: 'meade, Steam profile (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://steamcommunity.com/profiles/76561198000000042',
    );
  });

  it("names a deleted account's kept review 'Anonymous Soldier', linking nowhere", () => {
    renderCard({ userId: null, user: makeReviewAuthor({ id: null, username: null, reviewCount: 0, memberSince: null }) });
    expect(screen.getByText('Anonymous Soldier')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
