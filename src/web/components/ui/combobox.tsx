import { useEffect, useId, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '#web/lib/cn';
import { Input } from './form';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onSelect' | 'role' | 'id'>;

interface ComboboxProps<T> extends InputProps {
  /** The text box's id, for its <Label htmlFor>. */
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The choices for the text so far, best first. */
  options: readonly T[];
  optionKey: (option: T) => string;
  renderOption: (option: T, state: { isActive: boolean }) => ReactNode;
  /** A choice was made (Enter on the active option, or a click). */
  onSelect: (option: T) => void;
  /** The list's accessible name ('Suggestions'). */
  listLabel: string;
  /** What the polite live region says while the list is open (how many choices there are); empty for nothing. */
  status: string;
  /** Open on focus and click with nothing typed (a choice among many), instead of only once the person types. */
  openOnFocus?: boolean;
  /** Shown in the open list when there is no choice; without it, no choice means no list. */
  emptyText?: string;
  /** Where the popup sits and how wide it is; by default exactly under the box, as wide as it. */
  listClassName?: string;
  /** The list opened (focus with openOnFocus, typing, an arrow key) or closed (a choice, Escape, Tab, leaving the box). */
  onOpenChange?: (isOpen: boolean) => void;
}

/**
 * A text box with a list of choices, after the WAI-ARIA 1.2 combobox pattern (list autocomplete):
 * focus stays in the box and aria-activedescendant names the active option. ArrowDown and ArrowUp
 * move through the options (wrapping), Enter chooses the active one (with none active, Enter does
 * what it does in the form: submit it), Escape closes the list and a second Escape clears the box,
 * Tab and leaving the box close it. A click chooses an option.
 */
export function Combobox<T>({
  id,
  value,
  onValueChange,
  options,
  optionKey,
  renderOption,
  onSelect,
  listLabel,
  status,
  openOnFocus = false,
  emptyText,
  listClassName = 'inset-x-0',
  onOpenChange,
  className,
  onFocus,
  onBlur,
  onKeyDown,
  ...inputProps
}: ComboboxProps<T>) {
  const listId = useId();
  const [isOpen, setIsOpenState] = useState(false);
  const setIsOpen = (next: boolean) => {
    if (next !== isOpen) onOpenChange?.(next);
    setIsOpenState(next);
  };
  // The active option by key, so new options (a newer answer) drop an activation that no longer applies.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const activeIndex = activeKey === null ? -1 : options.findIndex((option) => optionKey(option) === activeKey);
  const isEmpty = options.length === 0;
  const isExpanded = isOpen && (!isEmpty || emptyText !== undefined);
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(`${listId}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, listId]);

  const close = () => {
    setIsOpen(false);
    setActiveKey(null);
  };
  const choose = (option: T) => {
    close();
    onSelect(option);
  };
  const activate = (index: number) => setActiveKey(optionKey(options[index]!));

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setIsOpen(true);
        if (isEmpty) return;
        const last = options.length - 1;
        if (event.key === 'ArrowDown') activate(activeIndex < 0 || activeIndex === last ? 0 : activeIndex + 1);
        else activate(activeIndex <= 0 ? last : activeIndex - 1);
        return;
      }
      case 'Enter':
        if (isExpanded && activeIndex >= 0) {
          event.preventDefault();
          choose(options[activeIndex]!);
        } else {
          // No choice: the form's own Enter (submit) goes ahead.
          close();
        }
        return;
      case 'Escape':
        if (isExpanded) {
          event.preventDefault();
          close();
        } else if (value !== '') {
          event.preventDefault();
          onValueChange('');
        }
        return;
      case 'Tab':
        close();
        return;
    }
  };

  return (
    <div className="relative">
      <Input
        {...inputProps}
        id={id}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={isExpanded}
        aria-controls={listId}
        aria-activedescendant={isExpanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        className={className}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setIsOpen(true);
          setActiveKey(null);
        }}
        onKeyDown={handleKeyDown}
        onFocus={(event) => {
          onFocus?.(event);
          if (openOnFocus) setIsOpen(true);
        }}
        onClick={() => {
          if (openOnFocus) setIsOpen(true);
        }}
        onBlur={(event) => {
          onBlur?.(event);
          close();
        }}
      />
      <div
        hidden={!isExpanded}
        className={cn(
          'absolute top-full z-30 mt-1 overflow-hidden rounded-md border border-stone-200 bg-surface shadow-lg ring-1 ring-black/5',
          listClassName,
        )}
      >
        <ul
          id={listId}
          role="listbox"
          aria-label={listLabel}
          className="max-h-80 overflow-y-auto py-1"
          // Keeps the focus in the box while an option is clicked: the box's blur would close the list first.
          onMouseDown={(event) => event.preventDefault()}
        >
          {options.map((option, index) => {
            const isActive = index === activeIndex;
            return (
              // The keyboard works in the box (aria-activedescendant): options are chosen by Enter there, by click here.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={optionKey(option)}
                id={optionId(index)}
                role="option"
                aria-selected={isActive}
                tabIndex={-1}
                className={cn(
                  'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm text-ink transition-colors',
                  isActive ? 'bg-primary/10' : 'hover:bg-stone-100',
                )}
                onClick={() => choose(option)}
              >
                {renderOption(option, { isActive })}
              </li>
            );
          })}
        </ul>
        {isEmpty && emptyText !== undefined && <p className="px-3 py-2 text-sm text-stone-500">{emptyText}</p>}
      </div>
      {/* A polite live region, not role="status": that role marks loading indicators, which screens wait to be gone. */}
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {isOpen ? status : ''}
      </div>
    </div>
  );
}
