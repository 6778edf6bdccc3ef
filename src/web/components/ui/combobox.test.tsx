import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox } from './combobox';

const FRUITS = ['Apple', 'Apricot', 'Avocado'];

/** A box over a fixed list, the options shown once something is typed, inside a form that records submits. */
function Fruits({ onSelect = vi.fn(), onSubmit = vi.fn() }: { onSelect?: (fruit: string) => void; onSubmit?: () => void }) {
  const [value, setValue] = useState('');
  const options = value ? FRUITS.filter((fruit) => fruit.toLowerCase().startsWith(value.toLowerCase())) : [];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor="fruit">Fruit</label>
      <Combobox
        id="fruit"
        value={value}
        onValueChange={setValue}
        options={options}
        optionKey={(fruit) => fruit}
        renderOption={(fruit) => fruit}
        onSelect={onSelect}
        listLabel="Fruits"
        status={`${options.length} fruits`}
      />
      <button type="submit">Go</button>
      <button type="button">Elsewhere</button>
    </form>
  );
}

/** The box's polite live region, which says how many options there are. */
const liveRegion = () => box().parentElement!.querySelector('[aria-live="polite"]');
const box = () => screen.getByRole('combobox', { name: 'Fruit' });
const list = () => screen.getByRole('listbox', { name: 'Fruits', hidden: true });

describe('Combobox', () => {
  it('is a collapsed list combobox until something is typed, then lists the options and says how many', async () => {
    const user = userEvent.setup();
    render(<Fruits />);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveAttribute('aria-autocomplete', 'list');
    expect(box()).toHaveAttribute('aria-controls', list().id);
    expect(list()).not.toBeVisible();

    await user.type(box(), 'ap');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Apple', 'Apricot']);
    expect(liveRegion()).toHaveTextContent('2 fruits');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
  });

  it('moves the active option with the arrows, wrapping at both ends, and Enter chooses it', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const onSubmit = vi.fn();
    render(<Fruits onSelect={onSelect} onSubmit={onSubmit} />);
    await user.type(box(), 'a');
    const active = () => document.getElementById(box().getAttribute('aria-activedescendant') ?? '');

    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('Apple');
    expect(active()).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(active()).toHaveTextContent('Avocado');
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('Apple');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toHaveTextContent('Avocado');
    expect(screen.getByRole('option', { name: 'Apple' })).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('Avocado');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('submits the form on Enter when no option is active', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const onSubmit = vi.fn();
    render(<Fruits onSelect={onSelect} onSubmit={onSubmit} />);
    await user.type(box(), 'apr{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('closes on Escape, clears on a second Escape, and opens again with ArrowDown', async () => {
    const user = userEvent.setup();
    render(<Fruits />);
    await user.type(box(), 'av');
    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('av');

    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(box().getAttribute('aria-activedescendant') ?? '')).toHaveTextContent('Avocado');

    await user.keyboard('{Escape}{Escape}');
    expect(box()).toHaveValue('');
  });

  it('chooses an option by click, and closes when the focus leaves by Tab or by a click elsewhere', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Fruits onSelect={onSelect} />);
    await user.type(box(), 'a');
    await user.click(screen.getByRole('option', { name: 'Apricot' }));
    expect(onSelect).toHaveBeenCalledWith('Apricot');
    expect(box()).toHaveFocus();

    await user.type(box(), 'p');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(box()).toHaveAttribute('aria-expanded', 'false');

    await user.type(box(), 'p');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(liveRegion()).toHaveTextContent('');
  });
});
