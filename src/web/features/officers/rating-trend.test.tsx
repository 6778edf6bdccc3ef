import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OfficerTrend } from '#core/api';
import { RatingTrend } from './rating-trend';

const months = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
const emptyYear: OfficerTrend = months.map((month) => ({ month, reviewCount: 0, averageRating: null }));

describe('the rating trend (issue 16)', () => {
  it('draws a point per month with reviews, joining neighbours, and reads every month from a table', () => {
    const trend = emptyYear.map((month, index) =>
      index === 0
        ? { ...month, reviewCount: 1, averageRating: 4 }
        : index >= 9
          ? { ...month, reviewCount: 2, averageRating: 3.25 + index / 10 }
          : month,
    );
    render(<RatingTrend trend={trend} />);
    const figure = screen.getByRole('figure', { name: 'Rating Trend' });
    // December, then September to November: four points, two lines between neighbours.
    expect(figure.querySelectorAll('circle')).toHaveLength(4);
    expect(figure.querySelectorAll('line.stroke-primary:not([data-alone])')).toHaveLength(2);
    // December has no neighbour with reviews: a bar across its month, not a lone dot (issue 36).
    expect(figure.querySelectorAll('line[data-alone]')).toHaveLength(1);
    const table = within(figure).getByRole('table', { name: 'Average rating by month over the last 12 months' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[0]!.textContent).toBe('December 202514.0');
    expect(rows[1]!.textContent).toBe('January 20260no rating');
    expect(rows[11]!.textContent).toBe('November 202624.4');
  });

  it("draws a 1-5 scale and shows a month's average and review count on hover, tap or focus (issue 36)", async () => {
    const trend = emptyYear.map((month, index) =>
      index === 3 ? { ...month, reviewCount: 1, averageRating: 2 } : index === 10 ? { ...month, reviewCount: 3, averageRating: 4.25 } : month,
    );
    const user = userEvent.setup();
    render(<RatingTrend trend={trend} />);
    const figure = screen.getByRole('figure', { name: 'Rating Trend' });
    expect([...figure.querySelectorAll('svg text')].map((label) => label.textContent)).toEqual(['1', '2', '3', '4', '5']);
    // The latest month with reviews is shown first.
    expect(figure).toHaveTextContent('October 2026: 4.3 / 5 from 3 reviews');

    const march = screen.getByRole('button', { name: 'March 2026: 2.0 / 5 from 1 review' });
    fireEvent.mouseEnter(march);
    expect(figure).toHaveTextContent('March 2026: 2.0 / 5 from 1 review');
    expect(march).toHaveAttribute('aria-pressed', 'true');

    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: /^October 2026/ })).toHaveFocus();
    expect(figure).toHaveTextContent('October 2026: 4.3 / 5 from 3 reviews');
    await user.click(march);
    expect(figure).toHaveTextContent('March 2026: 2.0 / 5 from 1 review');
  });

  it('says so instead of drawing an empty chart when the year had no reviews', () => {
    render(<RatingTrend trend={emptyYear} />);
    expect(screen.getByText('No reviews in the last 12 months.')).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });
});
