import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingDistribution } from './rating-distribution';

/** The text a screen reader reads in `element`: what is not inside an aria-hidden subtree. */
function readableText(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

describe('the rating distribution (issue 16)', () => {
  it('reads each bar as "N stars: M reviews", 5 stars first, each as wide as its share', () => {
    // 1 one-star, no two-star, 2 three-star, 3 four-star and 6 five-star reviews: 12 in all.
    render(<RatingDistribution distribution={[1, 0, 2, 3, 6]} />);
    const list = screen.getByRole('list', { name: 'Rating Distribution' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map(readableText)).toEqual([
      '5 stars: 6 reviews',
      '4 stars: 3 reviews',
      '3 stars: 2 reviews',
      '2 stars: 0 reviews',
      '1 star: 1 review',
    ]);
    // To the eye: the star and the count beside a bar of its share (6 of 12, 3 of 12, ...).
    expect(items.map((item) => item.textContent)).toEqual([
      '5 stars: 6 reviews56',
      '4 stars: 3 reviews43',
      '3 stars: 2 reviews32',
      '2 stars: 0 reviews20',
      '1 star: 1 review11',
    ]);
    const widths = items.map((item) => (item.querySelector('.bg-primary') as HTMLElement).style.width);
    expect(widths.map((width) => Number.parseFloat(width).toFixed(2))).toEqual(['50.00', '25.00', '16.67', '0.00', '8.33']);
    // The bars are whole stars: how a half-star review is counted is said under them (issue 32, item 8).
    expect(
      screen.getByText('Each review counts under its overall rating rounded to the nearest star; half stars round up (3.5 counts as 4).'),
    ).toBeVisible();
  });

  it('says there is nothing to count yet instead of drawing five empty bars', () => {
    render(<RatingDistribution distribution={[0, 0, 0, 0, 0]} />);
    expect(screen.getByRole('heading', { name: 'Rating Distribution' })).toBeInTheDocument();
    expect(screen.getByText('No reviews to count yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText(/half stars round up/)).not.toBeInTheDocument();
  });
});
