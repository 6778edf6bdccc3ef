import { useCallback, useState } from 'react';

/**
 * How many items of a list already in memory are on screen: `step` at first, `step` more at each
 * reveal, and `step` again whenever `resetKey` changes (a new filter or sort starts at the top). The
 * Regiments tab has every regiment from GET /api/regiments, and draws them a step at a time as the
 * reader scrolls, like the officers that come a page at a time (docs/decisions/0019-search-paging.md).
 */
export function useRevealedCount(step: number, resetKey: string): [count: number, revealMore: () => void] {
  const [revealed, setRevealed] = useState({ key: resetKey, count: step });
  // A new key starts over during this render (React's pattern for state that follows a prop), so
  // neither a frame with the old count nor a return to an earlier key brings back its count.
  let current = revealed;
  if (revealed.key !== resetKey) {
    current = { key: resetKey, count: step };
    setRevealed(current);
  }
  const revealMore = useCallback(() => setRevealed((state) => ({ key: state.key, count: state.count + step })), [step]);
  return [current.count, revealMore];
}
