import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeReviewAuthor } from '#web/test/fixtures';
import { buildReview } from '#web/test/review-fixtures';
import { ReviewCard } from './review-card';

function renderCard(overrides: Parameters<typeof buildReview>[1]) {
  return render(
    <MemoryRouter>
      <ReviewCard review={buildReview(1, overrides)} />
    </MemoryRouter>,
  );
}

describe('ReviewCard', () => {
  it("marks an edited review 'edited {date}' beside the date it was written", () => {
    renderCard({ createdAt: '2025-03-02T12:00:00.000Z', updatedAt: '2025-04-10T09:30:00.000Z' });
    expect(screen.getByText('March 2, 2025')).toBeInTheDocument();
    const edited = screen.getByText('April 10, 2025');
    expect(edited.closest('span')).toHaveTextContent('edited April 10, 2025');
    expect(edited).toHaveAttribute('dateTime', '2025-04-10T09:30:00.000Z');
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
});
