/**
 * Tabs after the WAI-ARIA tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): a tablist
 * of tab buttons, one focusable at a time, that the arrow keys, Home and End move between and select
 * (automatic activation); the selected tab's panel is the only one rendered. Written here rather
 * than taken from Radix: on the search page Radix Tabs and its four helper chunks were a third of the
 * page's own code, and its presence check read the computed style while the page was first drawn,
 * a forced style recalculation inside the first render (docs/performance.md, Front end).
 */
import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '#web/lib/cn';

interface TabsState {
  value: string;
  select: (value: string) => void;
  idOf: (value: string, part: 'tab' | 'panel') => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue'> & {
  /** The selected tab (controlled); or defaultValue for tabs that keep their own selection. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue, onValueChange, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue ?? '');
  const base = useId();
  const selected = value ?? own;
  const state: TabsState = {
    value: selected,
    select: (next) => {
      if (next === selected) return;
      if (value === undefined) setOwn(next);
      onValueChange?.(next);
    },
    idOf: (tab, part) => `${base}-${part}-${tab}`,
  };
  return (
    <TabsContext.Provider value={state}>
      <div {...props} />
    </TabsContext.Provider>
  );
}

/** Arrow keys, Home and End move to a tab and select it; the list wraps around. */
function onTabListKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (current === -1) return;
  const next = {
    ArrowRight: (current + 1) % tabs.length,
    ArrowLeft: (current - 1 + tabs.length) % tabs.length,
    Home: 0,
    End: tabs.length - 1,
  }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  tabs[next]!.focus();
  tabs[next]!.click();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    // The focus moves between the tabs (a roving tabindex, as the WAI-ARIA tabs pattern says); the
    // list itself takes none.
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn('inline-flex rounded-md bg-stone-200/70 p-1', className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) onTabListKeyDown(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({ value, className, onClick, ...props }: ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs();
  const isSelected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf(value, 'tab')}
      aria-selected={isSelected}
      // Only the selected tab's panel exists: an id that names nothing is an accessibility error.
      aria-controls={isSelected ? tabs.idOf(value, 'panel') : undefined}
      data-state={isSelected ? 'active' : 'inactive'}
      tabIndex={isSelected ? 0 : -1}
      className={cn(
        'rounded px-4 py-1.5 text-sm font-medium text-stone-700 transition-colors data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({ value, className, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf(value, 'panel')}
      aria-labelledby={tabs.idOf(value, 'tab')}
      data-state="active"
      tabIndex={0}
      className={cn('mt-4', className)}
      {...props}
    />
  );
}
