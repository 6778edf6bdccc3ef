import { useEffect, useRef, useState } from 'react';

/**
 * Calls `onVisible` when the element given to the returned callback ref nears the viewport, while
 * `isEnabled`. The observer is rebuilt whenever `isEnabled` turns true again (or the element
 * changes), and a new observer reports the element's current state at once: a sentinel that is
 * still on screen after a page loaded asks for the next page too. Browsers without
 * IntersectionObserver (and jsdom) get nothing; the page keeps a visible button for them.
 */
export function useWhenVisible<T extends Element>(onVisible: () => void, isEnabled: boolean): (element: T | null) => void {
  const [element, setElement] = useState<T | null>(null);
  const onVisibleRef = useRef(onVisible);
  useEffect(() => {
    onVisibleRef.current = onVisible;
  });

  useEffect(() => {
    if (!isEnabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisibleRef.current();
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, isEnabled]);

  return setElement;
}
