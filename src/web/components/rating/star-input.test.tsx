import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { STAR_VALUES, StarInput, nextStarValue, starLabel } from './star-input';

function ControlledStars({ initial = 3, onChange }: { initial?: number; onChange?: (value: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <span id="label">Leadership</span>
      <StarInput
        aria-labelledby="label"
        value={value}
        onChange={(next) => {
          onChange?.(next);
          setValue(next);
        }}
      />
    </>
  );
}

describe('nextStarValue', () => {
  it('moves by half a star and stops at 1 and 5', () => {
    expect(nextStarValue(3, 'ArrowRight')).toBe(3.5);
    expect(nextStarValue(3, 'ArrowUp')).toBe(3.5);
    expect(nextStarValue(3, 'ArrowLeft')).toBe(2.5);
    expect(nextStarValue(3, 'ArrowDown')).toBe(2.5);
    expect(nextStarValue(5, 'ArrowRight')).toBe(5);
    expect(nextStarValue(1, 'ArrowLeft')).toBe(1);
    expect(nextStarValue(1.5, 'ArrowLeft')).toBe(1);
  });

  it('jumps to the ends with Home and End', () => {
    expect(nextStarValue(3, 'Home')).toBe(1);
    expect(nextStarValue(3, 'End')).toBe(5);
  });

  it('starts from 1 when no value is set, and snaps values between steps', () => {
    expect(nextStarValue(0, 'ArrowRight')).toBe(1);
    expect(nextStarValue(0, 'ArrowLeft')).toBe(1);
    expect(nextStarValue(0.5, 'ArrowLeft')).toBe(1);
    expect(nextStarValue(3.2, 'ArrowRight')).toBe(3.5);
  });

  it('ignores other keys', () => {
    expect(nextStarValue(3, 'a')).toBeNull();
    expect(nextStarValue(3, 'Tab')).toBeNull();
  });
});

describe('starLabel', () => {
  it('names each value', () => {
    expect(starLabel(1)).toBe('1 star');
    expect(starLabel(1.5)).toBe('1.5 stars');
    expect(starLabel(3.5)).toBe('3.5 stars');
    // The scale is 1-5 in half steps (spec section 9): no 0.5.
    expect(STAR_VALUES).toEqual([1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
  });
});

describe('StarInput', () => {
  it('is a labelled radio group of half stars with the value checked and shown', () => {
    render(<ControlledStars initial={3.5} />);
    const group = screen.getByRole('radiogroup', { name: 'Leadership' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(STAR_VALUES.map(starLabel));
    expect(within(group).getByRole('radio', { checked: true })).toHaveAccessibleName('3.5 stars');
    expect(within(group).getByText('3.5')).toBeInTheDocument();
    // One tab stop: the checked radio.
    expect(radios.filter((r) => r.tabIndex === 0)).toEqual([within(group).getByRole('radio', { name: '3.5 stars' })]);
  });

  it('sets a whole rating on the right half of a star and a half rating on the left half', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledStars onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Leadership' });

    // Star 4: left half 3.5, right half 4 (star 1 is one radio, then two per star).
    const [left, right] = within(group).getAllByRole('radio').slice(5, 7);
    expect(left).toHaveAccessibleName('3.5 stars');
    expect(right).toHaveAccessibleName('4 stars');

    await user.click(left!);
    expect(onChange).toHaveBeenLastCalledWith(3.5);
    expect(within(group).getByText('3.5')).toBeInTheDocument();

    await user.click(right!);
    expect(onChange).toHaveBeenLastCalledWith(4);
    expect(right).toHaveAttribute('aria-checked', 'true');
    expect(left).toHaveAttribute('aria-checked', 'false');
    expect(within(group).getByText('4.0')).toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: '1 star' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('offers no value below 1 star: the whole first star sets 1', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledStars onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Leadership' });
    expect(within(group).queryByRole('radio', { name: '0.5 stars' })).not.toBeInTheDocument();
    const [first] = within(group).getAllByRole('radio');
    expect(first).toHaveAccessibleName('1 star');
    await user.click(first!);
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(within(group).getByText('1.0')).toBeInTheDocument();
  });

  it('shows the hovered value beside the stars while hovering, and the chosen one after', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledStars initial={3} onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Leadership' });
    expect(within(group).getByText('3.0')).toBeInTheDocument();

    await user.hover(within(group).getByRole('radio', { name: '4.5 stars' }));
    expect(within(group).getByText('4.5')).toBeInTheDocument();
    expect(within(group).queryByText('3.0')).not.toBeInTheDocument();
    await user.hover(within(group).getByRole('radio', { name: '1.5 stars' }));
    expect(within(group).getByText('1.5')).toBeInTheDocument();
    // Hovering previews; only a click changes the value.
    expect(onChange).not.toHaveBeenCalled();
    expect(within(group).getByRole('radio', { checked: true })).toHaveAccessibleName('3 stars');

    await user.unhover(group);
    expect(within(group).getByText('3.0')).toBeInTheDocument();
  });

  it('moves by half a star with the arrow keys, and to the ends with Home and End', async () => {
    const user = userEvent.setup();
    render(<ControlledStars />);
    const group = screen.getByRole('radiogroup', { name: 'Leadership' });

    await user.tab();
    expect(within(group).getByRole('radio', { name: '3 stars' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '3.5 stars' })).toHaveFocus();
    expect(within(group).getByRole('radio', { checked: true })).toHaveAccessibleName('3.5 stars');

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowLeft}');
    expect(within(group).getByRole('radio', { checked: true })).toHaveAccessibleName('2 stars');
    expect(within(group).getByRole('radio', { name: '2 stars' })).toHaveFocus();

    await user.keyboard('{End}');
    expect(within(group).getByRole('radio', { checked: true })).toHaveAccessibleName('5 stars');
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { checked: true })).toHaveAccessibleName('5 stars');

    await user.keyboard('{Home}');
    expect(within(group).getByRole('radio', { checked: true })).toHaveAccessibleName('1 star');
    expect(within(group).getByText('1.0')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(within(group).getByRole('radio', { checked: true })).toHaveAccessibleName('1 star');

    // Tab leaves the group in one step.
    await user.tab();
    expect(group).not.toContainElement(document.activeElement as HTMLElement);
  });

  it('reports a blur only when focus leaves the group', async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    render(
      <>
        <StarInput aria-label="Tactics" value={3} onChange={() => {}} onBlur={onBlur} />
        <button type="button">after</button>
      </>,
    );
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(onBlur).not.toHaveBeenCalled();
    await user.tab();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('changes nothing while disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<StarInput aria-label="Fairness" value={3} onChange={onChange} disabled />);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
