import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingBar, RatingValue } from './rating-value';
import { StarRating } from './star-rating';

/** The stars a reader sees: filled ones, a half one, and outlines. */
function starsShown(img: HTMLElement) {
  const icons = [...img.querySelectorAll('svg')];
  const halves = icons.filter((icon) => icon.classList.contains('lucide-star-half')).length;
  const filled = icons.filter((icon) => icon.classList.contains('fill-brass')).length - halves;
  return { filled, halves };
}

/** A figure and its stars side by side, as the cards and pages show them. */
function Shown({ value }: { value: number | null }) {
  return (
    <p>
      <StarRating value={value} />
      <RatingValue value={value} />
    </p>
  );
}

describe('rating displays: the colour and the stars follow the figure shown (spec section 2, Rating display)', () => {
  it.each([
    // value, figure, colour class, filled stars, half stars
    [3.96, '4.0', 'text-green-700', 4, 0],
    [3.95, '4.0', 'text-green-700', 4, 0],
    [3.94, '3.9', 'text-yellow-700', 3, 1],
    [4.46, '4.5', 'text-green-700', 4, 1],
    [4.45, '4.5', 'text-green-700', 4, 1],
    [2.95, '3.0', 'text-yellow-700', 3, 0],
    [0, '0.0', 'text-stone-500', 0, 0],
    [null, '0.0', 'text-stone-500', 0, 0],
  ])('%s shows %s in %s with %i stars and %i half star', (value, figure, colour, filled, halves) => {
    render(<Shown value={value} />);
    expect(screen.getByText(figure)).toHaveClass(colour);
    const stars = screen.getByRole('img', { name: `${figure} out of 5 stars` });
    expect(starsShown(stars)).toEqual({ filled, halves });
  });

  it('colours a rating bar by the figure beside it', () => {
    render(<RatingBar label="Tactics" value={3.97} />);
    const meter = screen.getByRole('meter', { name: 'Tactics' });
    expect(meter).toHaveAttribute('aria-valuenow', '4');
    expect(meter.firstElementChild).toHaveClass('bg-green-600');
    expect(screen.getByText('4.0')).toHaveClass('text-green-700');
  });
});
