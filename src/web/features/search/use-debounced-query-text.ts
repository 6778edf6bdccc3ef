import { useCallback, useEffect, useRef, useState } from 'react';
import { normalizeQuery } from '#core/search-params';

const QUERY_DEBOUNCE_MS = 300;

/**
 * The text box of /search: what the user types shows at once, and reaches the URL (and so the
 * search call) only after a pause, so every key press is neither a request nor a history entry.
 * When the URL's q changes for another reason (back button, a header link), the box follows it.
 */
export function useDebouncedQueryText(committed: string, commit: (q: string) => void, delayMs = QUERY_DEBOUNCE_MS) {
  const [text, setText] = useState(committed);
  // The q this hook last saw in or wrote to the URL: tells our own writes from outside changes.
  const lastCommitted = useRef(committed);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (committed === lastCommitted.current) return;
    lastCommitted.current = committed;
    clearTimeout(timer.current);
    setText(committed);
  }, [committed]);

  const flush = useCallback(
    (value: string) => {
      clearTimeout(timer.current);
      const next = normalizeQuery(value);
      if (next === lastCommitted.current) return;
      lastCommitted.current = next;
      commit(next);
    },
    [commit],
  );

  useEffect(() => {
    if (normalizeQuery(text) === lastCommitted.current) return;
    timer.current = setTimeout(() => flush(text), delayMs);
    return () => clearTimeout(timer.current);
  }, [text, flush, delayMs]);

  /** Commits the current text now (the form was submitted). */
  const commitNow = useCallback(() => flush(text), [flush, text]);

  /**
   * Drops the text's pending commit: the person is leaving /search (a suggestion was chosen), and a
   * late commit would navigate back to /search over the page they asked for.
   */
  const cancelPending = useCallback(() => {
    clearTimeout(timer.current);
    lastCommitted.current = normalizeQuery(text);
  }, [text]);

  return { text, setText, commitNow, cancelPending };
}
