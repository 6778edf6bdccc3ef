import { useEffect, useState } from 'react';

/**
 * The value as it was `delayMs` ago without a change since: what a box asks the server about, so a
 * request goes out when the person pauses rather than on every key press.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
