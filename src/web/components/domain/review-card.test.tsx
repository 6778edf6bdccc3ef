import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
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
});
