import { useState } from 'react';
import { Link } from 'react-router';
import { COMPARE_MAX, COMPARE_MIN, comparePath, type CompareKind } from '#core/compare';
import { compareMessages } from '#core/messages/compare';
import { Button } from '#web/components/ui/button';

export interface CompareSelection {
  kind: CompareKind;
  ids: number[];
  toggle: (id: number) => void;
  clear: () => void;
}

/**
 * The results chosen for a comparison (issue 36, item 2), up to four of the tab's kind: each tab
 * keeps its own, so switching tabs does not mix officers with regiments.
 */
export function useCompareSelection(kind: CompareKind): CompareSelection {
  const [chosen, setChosen] = useState<Record<CompareKind, number[]>>({ officers: [], regiments: [] });
  const ids = chosen[kind];
  return {
    kind,
    ids,
    toggle: (id) =>
      setChosen((current) => {
        const of = current[kind];
        const next = of.includes(id) ? of.filter((other) => other !== id) : of.length < COMPARE_MAX ? [...of, id] : of;
        return { ...current, [kind]: next };
      }),
    clear: () => setChosen((current) => ({ ...current, [kind]: [] })),
  };
}

/**
 * The box under a result that puts it in the comparison; the fifth stays unavailable until one is
 * taken out. 24 px square, WCAG 2.2's least target size: a smaller box sits too close to the card's
 * own link for the spacing exception (Lighthouse's axe run on a phone).
 */
export function CompareCheckbox({ selection, id, name }: { selection: CompareSelection; id: number; name: string }) {
  const isChosen = selection.ids.includes(id);
  return (
    <label className="flex w-fit cursor-pointer items-center gap-2 px-1 py-1 text-sm text-stone-700">
      <input
        type="checkbox"
        className="h-6 w-6 accent-union-dark"
        checked={isChosen}
        disabled={!isChosen && selection.ids.length >= COMPARE_MAX}
        onChange={() => selection.toggle(id)}
      />
      {compareMessages.title}
      <span className="sr-only"> {name}</span>
    </label>
  );
}

/** Once a result is chosen: how many, and the way to the comparison (from two on), kept in view at the bottom. */
export function CompareBar({ selection }: { selection: CompareSelection }) {
  const { kind, ids, clear } = selection;
  if (ids.length === 0) return null;
  return (
    <div className="sticky bottom-4 z-10 flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 bg-surface p-3 text-sm shadow-md">
      <p className="min-w-0 flex-1 font-medium" aria-live="polite">
        {compareMessages.selectedCount(ids.length)}
      </p>
      {ids.length >= COMPARE_MIN ? (
        <Button asChild size="sm">
          <Link to={comparePath(kind, ids)}>{compareMessages.openComparison}</Link>
        </Button>
      ) : (
        <span className="text-stone-600">{compareMessages.chooseOneMore}</span>
      )}
      <Button variant="outline" size="sm" onClick={clear}>
        {compareMessages.clearSelection}
      </Button>
    </div>
  );
}
