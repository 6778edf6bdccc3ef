import { startTransition, useContext, useEffect, useState } from 'react';
import { UNSAFE_DataRouterStateContext } from 'react-router';

/**
 * How many of a page's `count` parts below its first screen to render: none at first, then one more
 * per animation frame (once `load`, their code, has settled, if they have code of their own). The first paint then carries only the
 * first screen, and the rest arrives in small tasks between frames rather than in one long task
 * after it (the blocking time Lighthouse counts on a phone, docs/performance.md).
 *
 * While the router restores a scroll position (back/forward, a reload of an entry it remembers),
 * every part renders at once: the router scrolls in the commit that renders that state, and a page
 * shorter than the one it remembered would cut the position short. The router's state is read from
 * its context, the only place that says so before the scroll; the parts' updates are transitions, so
 * a part whose code is still loading keeps its placeholder on screen (inside a Suspense boundary
 * that already shows it) until the code is there, and the restoring commit waits for it too.
 */
export function useStagedParts(count: number, load?: () => Promise<unknown>): number {
  const isRestoringScroll = typeof useContext(UNSAFE_DataRouterStateContext)?.restoreScrollPosition === 'number';
  const [shown, setShown] = useState(isRestoringScroll ? count : 0);
  // Once shown, the parts stay: a later router state (the next navigation's) does not hide them.
  if (isRestoringScroll && shown < count) setShown(count);

  const [isLoaded, setLoaded] = useState(!load);
  useEffect(() => {
    if (!load) return;
    let isCurrent = true;
    // A chunk that fails to load leaves the placeholders: nothing else on the page depends on it.
    load().then(
      () => {
        if (isCurrent) setLoaded(true);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [load]);

  useEffect(() => {
    if (!isLoaded || shown >= count) return;
    const frame = requestAnimationFrame(() => startTransition(() => setShown((n) => Math.min(count, n + 1))));
    return () => cancelAnimationFrame(frame);
  }, [isLoaded, shown, count]);

  return shown;
}
